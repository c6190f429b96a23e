// Packing slips: what goes in the box, one order to a printed page. On screen a bar above them offers "Print" and
// "Gift mode" (no prices, for a parcel that is a present); the print stylesheet leaves the bar out. An order the shopper
// marked as a gift prints in gift mode with its message, addressed to its recipient (decision 085).
import { adminTitle, useDocumentTitle } from '../../components/useDocumentTitle.ts';
import { Button, Callout, Checkbox, Flex, Heading, Text } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { shopContent } from '../../../../contracts/catalog/content.ts';
import { packingSlipOf, type PackingSlip as Slip } from '../../../../contracts/orders/console.ts';
import { packingSlipContent } from '../../../../contracts/orders/fulfilment.ts';
import { formatPence } from '../../../../contracts/shared/money.ts';
import { chosenPackingSlipsQuery, orderPageQuery, packingSlipsQuery } from './ordersQuery.ts';
import './packingSlip.css';

const slipDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });

export function PackingSlip({ slip, gift }: { slip: Slip; gift: boolean }) {
  return (
    <article
      className="packing-slip"
      aria-label={`Packing slip for order ${slip.orderNumber}`}
      data-order-id={slip.orderId}
    >
      <header className="packing-slip__head">
        <div>
          <p className="packing-slip__shop">{shopContent.shop.name}</p>
          <h2 className="packing-slip__title">{packingSlipContent.title}</h2>
        </div>
        <dl className="packing-slip__facts">
          <dt>Order</dt>
          <dd>{slip.orderNumber}</dd>
          <dt>Date</dt>
          <dd>{slipDate.format(new Date(slip.orderDate))}</dd>
        </dl>
      </header>
      <section className="packing-slip__to" aria-label="Ship to">
        <h3>Ship to</h3>
        <address>
          <span>{slip.customerName}</span>
          {slip.addressLines.map((line, i) => (
            <span key={i}>{line}</span>
          ))}
        </address>
      </section>
      {slip.gift?.message && (
        <section className="packing-slip__gift" aria-label="Gift message">
          <h3>Gift message</h3>
          <p>{slip.gift.message}</p>
        </section>
      )}
      <table className="packing-slip__items">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Quantity
            </th>
            {!gift && (
              <>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col" className="num">
                  Total
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {slip.items.map((item, i) => (
            <tr key={i}>
              <th scope="row">{item.name}</th>
              <td className="num">{item.quantity}</td>
              {!gift && (
                <>
                  <td className="num">{formatPence(item.price)}</td>
                  <td className="num">{formatPence(item.price * item.quantity)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
        {!gift && (
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Shipping
              </th>
              <td className="num">{formatPence(slip.shippingCost)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                Total paid
              </th>
              <td className="num">{formatPence(slip.total)}</td>
            </tr>
          </tfoot>
        )}
      </table>
      <footer className="packing-slip__foot">
        <p>{gift ? packingSlipContent.giftNote : packingSlipContent.thankYou}</p>
        <p>{packingSlipContent.questions.replace('{email}', shopContent.shop.contactEmail)}</p>
      </footer>
    </article>
  );
}

function SlipsFrame({
  title,
  back,
  children,
  gift,
  onGift,
}: {
  title: string;
  back: ReactNode;
  children: ReactNode;
  gift: boolean;
  onGift: (gift: boolean) => void;
}) {
  const giftId = useId();
  useDocumentTitle(adminTitle(title));
  return (
    <main className="packing-slips">
      <div className="packing-slips__bar">
        <Heading as="h1" size="5">
          {title}
        </Heading>
        <Flex gap="3" align="center" wrap="wrap">
          <Text as="label" htmlFor={giftId} size="2">
            <Flex gap="2" align="center">
              <Checkbox id={giftId} checked={gift} onCheckedChange={(checked) => onGift(checked === true)} />
              Gift mode (no prices)
            </Flex>
          </Text>
          <Button onClick={() => window.print()} highContrast>
            Print
          </Button>
          {back}
        </Flex>
      </div>
      {children}
    </main>
  );
}

/** One order's slip: /admin/orders/{id}/packing-slip. */
export function OrderPackingSlip({ orderId }: { orderId: string }) {
  // Fetched by the route's loader; a failure shows the route's error screen.
  const { data } = useSuspenseQuery(orderPageQuery(orderId));
  const slip = packingSlipOf(data.page, data.order.status);
  const [gift, setGift] = useState(!!slip.gift);
  const back = (
    <Button asChild variant="soft" highContrast>
      <Link to="/admin/orders/$orderId" params={{ orderId }}>
        Back to Order
      </Link>
    </Button>
  );
  return (
    <SlipsFrame title={`Packing slip · Order #${data.page.orderNumber}`} back={back} gift={gift} onGift={setGift}>
      <PackingSlip slip={slip} gift={gift} />
    </SlipsFrame>
  );
}

/** Every order now processing, one to a page: /admin/packing-slips. */
export function ProcessingPackingSlips() {
  // Fetched by the route's loader; a failure shows the route's error screen.
  const { data } = useSuspenseQuery(packingSlipsQuery);
  const [gift, setGift] = useState(false);
  const back = (
    <Button asChild variant="soft" highContrast>
      <Link to="/admin/orders">All Orders</Link>
    </Button>
  );
  return (
    <SlipsFrame title="Packing slips · Processing orders" back={back} gift={gift} onGift={setGift}>
      {data.slips.length === 0 && (
        <Text as="p" color="gray">
          No orders are processing.
        </Text>
      )}
      {data.more && (
        <Callout.Root color="amber" mb="3">
          <Callout.Text>
            Only the {data.slips.length} oldest processing orders are shown; print these, mark them shipped, then print
            the rest.
          </Callout.Text>
        </Callout.Root>
      )}
      {data.slips.map((slip) => (
        <PackingSlip key={slip.orderId} slip={slip} gift={gift || !!slip.gift} />
      ))}
    </SlipsFrame>
  );
}

/** The orders chosen on the fulfilment screen, one to a page: /admin/packing-slips?ids=a,b,c. */
export function ChosenPackingSlips({ ids }: { ids: readonly string[] }) {
  // Fetched by the route's loader; a failure shows the route's error screen.
  const { data } = useSuspenseQuery(chosenPackingSlipsQuery(ids));
  const [gift, setGift] = useState(false);
  const back = (
    <Button asChild variant="soft" highContrast>
      <Link to="/admin/orders/fulfil">Back to Fulfilment</Link>
    </Button>
  );
  return (
    <SlipsFrame
      title={`Packing slips · ${data.slips.length} chosen ${data.slips.length === 1 ? 'order' : 'orders'}`}
      back={back}
      gift={gift}
      onGift={setGift}
    >
      {data.slips.length === 0 && (
        <Text as="p" color="gray">
          None of the chosen orders could be found.
        </Text>
      )}
      {data.slips.map((slip) => (
        <PackingSlip key={slip.orderId} slip={slip} gift={gift || !!slip.gift} />
      ))}
    </SlipsFrame>
  );
}
