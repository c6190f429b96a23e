// A parcel leaving the UK carries a customs declaration (decision 098): what its packing slip prints for it, in the
// order of a CN22's boxes (category of item; each line's description, quantity, net weight, value, tariff number and
// country of origin; the totals), and CN23 wording for contents worth more than £270. Printed on a page of its own,
// apart from the slip, so a gift's slip inside the box keeps its prices out while the declaration goes outside.
import { isoCountryName } from '#contracts/catalog/customs.ts';
import { formatGrams, type CustomsDeclaration } from '#contracts/orders/customs.ts';
import { packingSlipContent } from '#contracts/orders/fulfilment.ts';
import { formatPence } from '#contracts/shared/money.ts';

const countryOf = (code: string) => `${isoCountryName(code)} (${code})`;

export function CustomsSummary({ customs, orderId }: { customs: CustomsDeclaration; orderId: string }) {
  const words = packingSlipContent.customs;
  return (
    <section
      className="packing-slip__customs"
      aria-label={`Customs declaration ${customs.form}`}
      data-order-id={orderId}
    >
      <h3>
        {words.title} {customs.form}
      </h3>
      <p>{customs.form === 'CN23' ? words.cn23 : words.cn22}</p>
      <dl className="packing-slip__facts">
        <dt>Destination</dt>
        <dd>{countryOf(customs.destination)}</dd>
        <dt>Category of item</dt>
        <dd>{customs.contentType}</dd>
      </dl>
      <table className="packing-slip__items">
        <thead>
          <tr>
            <th scope="col">Description of contents</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Net weight
            </th>
            <th scope="col" className="num">
              Value
            </th>
            <th scope="col">HS tariff number</th>
            <th scope="col">Country of origin</th>
          </tr>
        </thead>
        <tbody>
          {customs.lines.map((line, i) => (
            <tr key={i}>
              <th scope="row">
                {line.description}
                <span className="packing-slip__customs-name">{line.name}</span>
              </th>
              <td className="num">{line.quantity}</td>
              <td className="num">{formatGrams(line.weightGrams)}</td>
              <td className="num">{formatPence(line.value)}</td>
              <td>{line.hsCode}</td>
              <td>{countryOf(line.origin)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="num">{customs.totalQuantity}</td>
            <td className="num">{formatGrams(customs.totalWeightGrams)}</td>
            <td className="num">
              {formatPence(customs.totalValue)} {customs.currency}
            </td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
