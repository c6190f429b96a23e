// Order details: the items in whichever shape the order holds them — text as given, a list of lines,
// or, for anything else, a plain notice with the raw data so nothing is hidden from the owner.
import { Box, Code, Flex, Table, Text } from '@radix-ui/themes';
import type { AdminOrderItem, OrderDiscountView } from '#contracts/orders/console.ts';
import { refundedPerLine, type RefundEntry } from '#contracts/orders/refunds.ts';
import { formatPence } from '#contracts/shared/money.ts';

function isItemList(items: unknown): items is AdminOrderItem[] {
  return (
    Array.isArray(items) &&
    (items as unknown[]).every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        'name' in item &&
        typeof item.name === 'string' &&
        'quantity' in item &&
        Number.isFinite(item.quantity) &&
        'price' in item &&
        Number.isFinite(item.price),
    )
  );
}

/** The savings already in the lines' prices (decision 072), each on a line of its own under them. */
function Discounts({ discounts }: { discounts: readonly OrderDiscountView[] }) {
  return discounts.map((discount, i) => (
    <Flex key={i} justify="between" gap="3" mt="2" data-testid="order-discount">
      <Text size="2">{discount.label} (in the prices above)</Text>
      <Text size="2" weight="bold">
        −{formatPence(discount.amount)}
      </Text>
    </Flex>
  ));
}

export function OrderItems({
  items,
  discounts = [],
  refunds = [],
}: {
  items: unknown;
  discounts?: readonly OrderDiscountView[];
  /** the order's refunds: with any of lines, each line shows the copies refunded and those back on the shelf */
  refunds?: readonly Pick<RefundEntry, 'status' | 'lines' | 'restock'>[];
}) {
  if (typeof items === 'string')
    return (
      <Text as="p" size="2">
        {items}
      </Text>
    );
  if (isItemList(items)) {
    const perLine = refundedPerLine(items, refunds);
    const byLine = refunds.some((r) => r.lines.length > 0);
    return (
      <>
        <Table.Root size="1" variant="ghost">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Item</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Quantity</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Price</Table.ColumnHeaderCell>
              {byLine && (
                <>
                  <Table.ColumnHeaderCell justify="end">Refunded</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Back on shelf</Table.ColumnHeaderCell>
                </>
              )}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((item, i) => (
              <Table.Row key={i}>
                <Table.RowHeaderCell>
                  {item.name}
                  {item.note && (
                    <Text as="div" size="1" color="gray" data-testid="line-note">
                      {item.note}
                    </Text>
                  )}
                </Table.RowHeaderCell>
                <Table.Cell justify="end">{item.quantity}</Table.Cell>
                <Table.Cell justify="end">{formatPence(item.price)}</Table.Cell>
                {byLine && (
                  <>
                    <Table.Cell justify="end" data-testid="line-refunded">
                      {perLine[i]!.refunded}
                    </Table.Cell>
                    <Table.Cell justify="end" data-testid="line-restocked">
                      {perLine[i]!.restocked}
                    </Table.Cell>
                  </>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        <Discounts discounts={discounts} />
      </>
    );
  }
  return (
    <Flex direction="column" gap="2">
      <Text as="p" size="2" color="gray">
        Order items information unavailable
      </Text>
      <Box asChild style={{ overflowX: 'auto' }}>
        <pre className="order-raw-items">
          <Code variant="ghost" size="1">
            {JSON.stringify(items, null, 2) ?? String(items)}
          </Code>
        </pre>
      </Box>
    </Flex>
  );
}
