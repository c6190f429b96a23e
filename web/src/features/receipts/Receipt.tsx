// A receipt as a page to read, print or save as a PDF: the seller, its number and date of supply, each line, delivery
// and the total; on an order that recorded VAT, a VAT invoice (the VAT number, each line's rate and VAT, totals by
// rate). Its credit notes follow. On screen a bar above offers "Print" and "Download PDF" (the browser's own print
// path, which saves the page as a PDF); the print stylesheet leaves the bar out and fits the receipt to one A4 page.
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import {
  receiptMessages,
  type CreditNoteView,
  type ReceiptView,
  type VatByRate,
} from '../../../../contracts/receipts/model.ts';
import { formatPence } from '../../../../contracts/shared/money.ts';
import { formatRate } from '../../../../contracts/vat/rates.ts';
import './receipt.css';

const ukDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });
const dateOf = (iso: string) => ukDate.format(new Date(iso));

function VatSummary({ rates, totals, label }: { rates: VatByRate[]; totals: Omit<VatByRate, 'rate'>; label: string }) {
  return (
    <table className="receipt__table receipt__vat" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">VAT rate</th>
          <th scope="col" className="num">
            Net
          </th>
          <th scope="col" className="num">
            VAT
          </th>
          <th scope="col" className="num">
            Gross
          </th>
        </tr>
      </thead>
      <tbody>
        {rates.map((r) => (
          <tr key={r.rate}>
            <th scope="row">{formatRate(r.rate)}</th>
            <td className="num">{formatPence(r.net)}</td>
            <td className="num">{formatPence(r.vat)}</td>
            <td className="num">{formatPence(r.gross)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td className="num">{formatPence(totals.net)}</td>
          <td className="num">{formatPence(totals.vat)}</td>
          <td className="num">{formatPence(totals.gross)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function CreditNote({ note }: { note: CreditNoteView }) {
  const vat = note.vat;
  return (
    <section className="receipt__credit" aria-label={`${receiptMessages.creditNote} ${note.creditNoteNumber}`}>
      <h3>
        {receiptMessages.creditNote} {note.creditNoteNumber}
      </h3>
      <p>
        Date: {dateOf(note.refundedAt)} · Corrects receipt {note.receiptNumber} · Refunded {formatPence(note.amount)}
      </p>
      {note.lines.length > 0 && (
        <ul>
          {note.lines.map((line) => (
            <li key={line.line}>
              {line.quantity} × {line.name} — {formatPence(line.gross)}
              {line.rate !== undefined && line.vat !== undefined
                ? ` (VAT ${formatRate(line.rate)}: ${formatPence(line.vat)})`
                : ''}
            </li>
          ))}
        </ul>
      )}
      {vat && <VatSummary rates={vat.rates} totals={vat.totals} label={`VAT reversed by ${note.creditNoteNumber}`} />}
    </section>
  );
}

export function ReceiptDocument({ receipt }: { receipt: ReceiptView }) {
  const vat = receipt.vat;
  const title = vat ? receiptMessages.vatInvoice : receiptMessages.receipt;
  const deliveryVat = receipt.delivery.parts?.reduce((sum, p) => sum + p.vat, 0);
  return (
    <article className="receipt" aria-label={`${title} ${receipt.receiptNumber}`}>
      <header className="receipt__head">
        <div>
          <p className="receipt__seller">{receipt.seller.name}</p>
          <address>
            {receipt.seller.address.map((line, i) => (
              <span key={i}>{line}</span>
            ))}
            <span>{receipt.seller.email}</span>
          </address>
        </div>
        <div>
          <h2 className="receipt__title">{title}</h2>
          <dl className="receipt__facts">
            <dt>Receipt number</dt>
            <dd>{receipt.receiptNumber}</dd>
            <dt>Date of supply</dt>
            <dd>{dateOf(receipt.placedAt)}</dd>
            <dt>Order</dt>
            <dd>{receipt.orderNumber}</dd>
            {vat && (
              <>
                <dt>VAT number</dt>
                <dd>{vat.vatNumber}</dd>
              </>
            )}
          </dl>
        </div>
      </header>
      <div className="receipt__scroll">
        <table className="receipt__table" aria-label="Items">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="num">
                Quantity
              </th>
              <th scope="col" className="num">
                Unit price
              </th>
              {vat && (
                <>
                  <th scope="col" className="num">
                    VAT rate
                  </th>
                  <th scope="col" className="num">
                    VAT
                  </th>
                </>
              )}
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line, i) => (
              <tr key={i}>
                <th scope="row">{line.name}</th>
                <td className="num">{line.quantity}</td>
                <td className="num">{formatPence(line.unitPrice)}</td>
                {vat && (
                  <>
                    <td className="num">{line.rate === undefined ? '' : formatRate(line.rate)}</td>
                    <td className="num">{line.vat === undefined ? '' : formatPence(line.vat)}</td>
                  </>
                )}
                <td className="num">{formatPence(line.gross)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Delivery</th>
              <td className="num" />
              <td className="num" />
              {vat && (
                <>
                  <td className="num">
                    {(receipt.delivery.parts ?? [])
                      .filter((p) => p.gross > 0)
                      .map((p) => formatRate(p.rate))
                      .join(' / ')}
                  </td>
                  <td className="num">{formatPence(deliveryVat ?? 0)}</td>
                </>
              )}
              <td className="num">{formatPence(receipt.delivery.gross)}</td>
            </tr>
          </tbody>
          <tfoot>
            {(receipt.savings ?? []).map((saving) => (
              <tr key={saving.label}>
                <th scope="row" colSpan={vat ? 5 : 3}>
                  {saving.label} (in the prices above)
                </th>
                <td className="num">−{formatPence(saving.amount)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" colSpan={vat ? 5 : 3}>
                Total paid
              </th>
              <td className="num">{formatPence(receipt.total)}</td>
            </tr>
            {vat && (
              <tr>
                <th scope="row" colSpan={5}>
                  of which VAT
                </th>
                <td className="num">{formatPence(vat.totals.vat)}</td>
              </tr>
            )}
          </tfoot>
        </table>
      </div>
      {vat && <VatSummary rates={vat.rates} totals={vat.totals} label="VAT by rate" />}
      <p className="receipt__paid">Paid in full. Thank you for your order.</p>
      {receipt.creditNotes.length > 0 && (
        <section className="receipt__credits" aria-label="Credit notes">
          <h3>Credit notes</h3>
          {receipt.creditNotes.map((note) => (
            <CreditNote key={note.creditNoteNumber} note={note} />
          ))}
        </section>
      )}
    </article>
  );
}

/** The receipt under its bar: a way back (the console's order page, or the shop), "Print" and "Download PDF". */
export function ReceiptScreen({ receipt, back }: { receipt: ReceiptView; back: ReactNode }) {
  const title = receipt.vat ? receiptMessages.vatInvoice : receiptMessages.receipt;
  return (
    <main className="receipts">
      <div className="receipts__bar">
        <Heading as="h1" size="5">
          {title} {receipt.receiptNumber}
        </Heading>
        <Flex gap="3" align="center" wrap="wrap">
          {back}
          <Button onClick={() => window.print()}>Print</Button>
          <Button variant="soft" onClick={() => window.print()}>
            Download PDF
          </Button>
        </Flex>
        <Text as="p" size="1" color="gray" className="receipts__hint">
          Download PDF opens your browser&apos;s print window: choose &quot;Save as PDF&quot; as the printer.
        </Text>
      </div>
      <ReceiptDocument receipt={receipt} />
    </main>
  );
}
