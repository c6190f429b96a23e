// One discount code's page (decision 075): its rules and state, the orders placed with it (each linking to its order)
// and the checkouts holding a use of it now. An owner pauses, resumes or ends it here too.
import { Badge, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { discountMessages, type DiscountCodeDetailResponse } from '#contracts/discounts/model.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { AdminLink, AdminPage } from '../../../components/AdminPage.tsx';
import { useCanChange } from '../../../lib/admin/role.ts';
import { useLogOut } from '../../../lib/session.tsx';
import { CodeActions, rulesOf } from './DiscountsScreen.tsx';
import { discountCodeQuery } from './discountQueries.ts';
import { statusColours, statusLabels, ukDateTime, usesOf, validity } from './discountFormat.ts';
import './discounts.css';

export function DiscountCodeScreen({ code }: { code: string }) {
  const logOut = useLogOut();
  // Fetched by the route's loader; a failure (an unknown code: 404) shows the route's error screen.
  const { data } = useSuspenseQuery(discountCodeQuery(code));
  const canChange = useCanChange();
  return (
    <AdminPage
      title={`Discount Code ${data.code}`}
      subtitle={data.description}
      links={<AdminLink to="/admin/discounts">All Codes</AdminLink>}
      onLogOut={logOut}
    >
      <Flex direction="column" gap="5">
        <Card size="3" asChild>
          <section aria-labelledby="discount-summary">
            <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
              <Heading as="h2" size="4" id="discount-summary">
                Summary
              </Heading>
              {canChange && <CodeActions code={data} />}
            </Flex>
            <Summary code={data} />
          </section>
        </Card>
        <Card size="3" asChild>
          <section aria-labelledby="discount-uses">
            <Heading as="h2" size="4" id="discount-uses" mb="3">
              Orders placed with it
            </Heading>
            <Uses uses={data.uses} />
          </section>
        </Card>
        <Card size="3" asChild>
          <section aria-labelledby="discount-holds">
            <Heading as="h2" size="4" id="discount-holds" mb="1">
              Checkouts holding a use
            </Heading>
            <Text as="p" size="2" color="gray" mb="3">
              A checkout holds a use until it is paid, cancelled or its payment page expires.
            </Text>
            <Holds holds={data.holds} />
          </section>
        </Card>
      </Flex>
    </AdminPage>
  );
}

function Summary({ code }: { code: DiscountCodeDetailResponse }) {
  const rows: [string, React.ReactNode][] = [
    [
      'Status',
      <Badge key="status" color={statusColours[code.status]} data-testid="discount-status">
        {statusLabels[code.status]}
      </Badge>,
    ],
    ['Saving', code.description],
    ['Uses', <span data-testid="discount-uses">{usesOf(code)}</span>],
    ['Valid', validity(code)],
    ['Rules', rulesOf(code)],
    ['Created', `${ukDateTime(code.createdAt)} by ${code.createdBy}`],
    ...(code.reason ? [['Note', code.reason] as [string, string]] : []),
  ];
  return (
    <dl className="discount-summary">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Uses({ uses }: { uses: DiscountCodeDetailResponse['uses'] }) {
  if (uses.length === 0)
    return (
      <Text as="p" color="gray">
        No order has used this code yet.
      </Text>
    );
  return (
    <div className="discount-table">
      <Table.Root size="1">
        <caption className="visually-hidden">Orders placed with the code</caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Order</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Saving</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Placed</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Note</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {uses.map((use) => (
            <Table.Row key={use.orderId} data-testid="discount-use">
              <Table.RowHeaderCell>
                <Link to="/admin/orders/$orderId" params={{ orderId: use.orderId }}>
                  {use.orderNumber}
                </Link>
              </Table.RowHeaderCell>
              <Table.Cell justify="end">−{formatPence(use.amount)}</Table.Cell>
              <Table.Cell>{ukDateTime(use.at)}</Table.Cell>
              <Table.Cell>
                {[
                  ...(use.overLimit ? ['Paid after the use limit was reached'] : []),
                  ...(use.repeatEmail ? [discountMessages.repeatEmailUse(use.amount)] : []),
                ].join('; ') || '—'}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}

function Holds({ holds }: { holds: DiscountCodeDetailResponse['holds'] }) {
  if (holds.length === 0)
    return (
      <Text as="p" color="gray">
        None just now.
      </Text>
    );
  return (
    <div className="discount-table">
      <Table.Root size="1">
        <caption className="visually-hidden">Checkouts holding a use of the code</caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Checkout</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Since</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Held until</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {holds.map((hold) => (
            <Table.Row key={hold.checkoutId} data-testid="discount-hold">
              <Table.RowHeaderCell>
                <code>{hold.checkoutId}</code>
              </Table.RowHeaderCell>
              <Table.Cell>{ukDateTime(hold.since)}</Table.Cell>
              <Table.Cell>{ukDateTime(hold.until)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
