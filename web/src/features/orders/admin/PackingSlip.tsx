// One packing slip: what goes in the box, one order to a printed page (its stylesheet is the slips screen's). In gift
// mode it shows no prices; a gift's message is printed. A parcel leaving the UK has its customs declaration printed
// after the slip, apart from it (decision 098): the declaration goes outside the parcel, with its values, the slip
// inside.
import { shopContent } from '#contracts/catalog/content.ts';
import type { PackingSlip as Slip } from '#contracts/orders/console.ts';
import { packingSlipContent } from '#contracts/orders/fulfilment.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { CustomsSummary } from './CustomsSummary.tsx';
import { lazily } from '#contracts/shared/lazily.ts';

const slipDate = lazily(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }));

export function PackingSlip({ slip, gift }: { slip: Slip; gift: boolean }) {
  return (
    <>
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
            <dd>{slipDate().format(new Date(slip.orderDate))}</dd>
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
                <th scope="row">
                  {item.name}
                  {item.note && <span className="packing-slip__note">{item.note}</span>}
                </th>
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
      {slip.customs && <CustomsSummary customs={slip.customs} orderId={slip.orderId} />}
    </>
  );
}
