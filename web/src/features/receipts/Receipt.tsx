// A receipt as a page to read, print or download as a PDF: the seller, its number and date of supply, each line,
// delivery and the total; on an order that recorded VAT, a simplified VAT invoice up to £250 or a full one above it or
// when asked (the customer's name and address, each line's unit price excluding VAT, its rate and VAT; decision 104).
// Its credit notes follow, each with its reason and the VAT it reverses. On screen a bar above offers "Print" and
// "Download PDF" (a PDF file the server writes with the same content); the print stylesheet leaves the bar out.
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { amountRefundedDescription, invoiceMessages, standingText } from '#contracts/receipts/invoice.ts';
import {
  receiptMessages,
  type CreditNoteOnReceipt,
  type ReceiptView,
  type VatByRate,
} from '#contracts/receipts/model.ts';
import { PdfButton } from '../../components/PdfButton.tsx';
import type { ReceiptFiles } from './receiptQuery.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { formatRate } from '#contracts/vat/rates.ts';
import './receipt.css';
import { lazily } from '#contracts/shared/lazily.ts';

const ukDate = lazily(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }));
const dateOf = (iso: string) => ukDate().format(new Date(iso));

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

function CreditNote({ note, placedAt, files }: { note: CreditNoteOnReceipt; placedAt: string; files: ReceiptFiles }) {
  const vat = note.vat;
  const rest = note.amount - note.lines.reduce((sum, line) => sum + line.gross, 0);
  return (
    <section className="receipt__credit" aria-label={`${receiptMessages.creditNote} ${note.creditNoteNumber}`}>
      <h3>
        {receiptMessages.creditNote} {note.creditNoteNumber}
      </h3>
      <p>
        Date: {dateOf(note.issuedAt)} · Adjusts invoice {note.receiptNumber} of {dateOf(placedAt)} · Refunded{' '}
        {formatPence(note.amount)}
        {vat ? ` · VAT credited ${formatPence(vat.totals.vat)}` : ''}
      </p>
      <p>Reason: {note.reason?.trim() || invoiceMessages.noReason}</p>
      {(note.lines.length > 0 || rest > 0) && (
        <ul>
          {note.lines.map((line) => (
            <li key={line.line}>
              {line.quantity} × {line.name} — {formatPence(line.gross)}
              {line.rate !== undefined && line.vat !== undefined
                ? ` (VAT ${formatRate(line.rate)}: ${formatPence(line.vat)})`
                : ''}
            </li>
          ))}
          {rest > 0 && (
            <li>
              {amountRefundedDescription} — {formatPence(rest)}
            </li>
          )}
        </ul>
      )}
      {vat && <VatSummary rates={vat.rates} totals={vat.totals} label={`VAT reversed by ${note.creditNoteNumber}`} />}
      <p className="receipt__no-print">
        <PdfButton url={files.creditNote(note.creditNoteNumber)} withSession={files.withSession} variant="ghost">
          Download {note.creditNoteNumber} (PDF)
        </PdfButton>
      </p>
    </section>
  );
}

export function ReceiptDocument({ receipt, files }: { receipt: ReceiptView; files: ReceiptFiles }) {
  const vat = receipt.vat;
  const title = receipt.title;
  const full = receipt.kind === 'full';
  const vatColumns = vat ? (full ? 2 : 1) + 2 : 0;
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
            <dt>{vat ? 'Invoice number' : 'Receipt number'}</dt>
            <dd>{receipt.receiptNumber}</dd>
            <dt>Date of supply</dt>
            <dd>{dateOf(receipt.placedAt)}</dd>
            <dt>Date of issue</dt>
            <dd>{dateOf(receipt.issuedAt)}</dd>
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
      {receipt.customer && (
        <section className="receipt__customer" aria-label="Customer">
          <p className="receipt__seller">Customer</p>
          <address>
            <span>{receipt.customer.name}</span>
            {receipt.customer.address.map((line, i) => (
              <span key={i}>{line}</span>
            ))}
          </address>
        </section>
      )}
      <div className="receipt__scroll">
        <table className="receipt__table" aria-label="Items">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="num">
                Quantity
              </th>
              <th scope="col" className="num">
                {full ? 'Unit price excl. VAT' : 'Unit price'}
              </th>
              {vat && (
                <>
                  {full && (
                    <th scope="col" className="num">
                      Net
                    </th>
                  )}
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
                <th scope="row">
                  {line.name}
                  {line.note && <span className="receipt-line-note">{line.note}</span>}
                </th>
                <td className="num">{line.quantity}</td>
                <td className="num">{formatPence(full ? (line.unitNet ?? line.unitPrice) : line.unitPrice)}</td>
                {vat && (
                  <>
                    {full && <td className="num">{formatPence(line.net ?? line.gross)}</td>}
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
                  {full && <td className="num">{formatPence(receipt.delivery.gross - (deliveryVat ?? 0))}</td>}
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
                <th scope="row" colSpan={3 + vatColumns - (vat ? 1 : 0)}>
                  {saving.label} (in the prices above)
                </th>
                <td className="num">−{formatPence(saving.amount)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" colSpan={3 + vatColumns - (vat ? 1 : 0)}>
                Total paid
              </th>
              <td className="num">{formatPence(receipt.total)}</td>
            </tr>
            {vat && (
              <tr>
                <th scope="row" colSpan={3 + vatColumns - 1}>
                  of which VAT
                </th>
                <td className="num">{formatPence(vat.totals.vat)}</td>
              </tr>
            )}
          </tfoot>
        </table>
      </div>
      {vat && <VatSummary rates={vat.rates} totals={vat.totals} label="VAT by rate" />}
      <p className="receipt__paid">{standingText(receipt.standing)}</p>
      {receipt.creditNotes.length > 0 && (
        <section className="receipt__credits" aria-label="Credit notes">
          <h3>Credit notes</h3>
          {receipt.creditNotes.map((note) => (
            <CreditNote key={note.creditNoteNumber} note={note} placedAt={receipt.placedAt} files={files} />
          ))}
        </section>
      )}
    </article>
  );
}

/**
 * The receipt under its bar: a way back (the console's order page, or the shop), "Print", "Download PDF" and, on a
 * simplified VAT invoice, the way to the full one (`fullInvoice`, a link the route makes).
 */
export function ReceiptScreen({
  receipt,
  back,
  files,
  fullInvoice,
}: {
  receipt: ReceiptView;
  back: ReactNode;
  files: ReceiptFiles;
  fullInvoice?: ReactNode;
}) {
  return (
    <main className="receipts">
      <div className="receipts__bar">
        <Heading as="h1" size="5">
          {receipt.title} {receipt.receiptNumber}
        </Heading>
        <Flex gap="3" align="center" wrap="wrap">
          {back}
          <Button onClick={() => window.print()}>Print</Button>
          <PdfButton url={files.receipt} withSession={files.withSession}>
            Download PDF
          </PdfButton>
          {receipt.kind === 'simplified' && fullInvoice}
        </Flex>
        {receipt.kind === 'simplified' && (
          <Text as="p" size="1" color="gray" className="receipts__hint">
            This is a simplified VAT invoice. {invoiceMessages.fullInvoiceAsk}: use the link above.
          </Text>
        )}
      </div>
      <ReceiptDocument receipt={receipt} files={files} />
    </main>
  );
}
