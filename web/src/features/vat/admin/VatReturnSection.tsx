// The VAT return (the VAT100's nine boxes) for any period, from the receipts and credit notes that recorded VAT in it;
// boxes 1 and 6 open onto the documents behind them. Boxes 1 to 5 are in pounds and pence, 6 to 9 in whole pounds, as
// HMRC's return has them (decision 068).
import { Button, Callout, Card, Heading, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { receiptsApi } from '#contracts/receipts/api.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { type VatReturnDocument } from '#contracts/vat/model.ts';
import type { Day } from '#contracts/vat/rates.ts';
import { vatReturnBoxLabels as boxes } from '#contracts/vat/vatReturn.ts';
import { queryFor, serverMessage } from '../../../lib/api.ts';
import { longDay } from '#contracts/shared/days.ts';

const wholePounds = (pounds: number) => `£${pounds.toLocaleString('en-GB')}`;

/** The calendar quarter `day` falls in. */
function quarterOf(day: Day): { start: Day; end: Day } {
  const year = Number(day.slice(0, 4));
  const first = Math.floor((Number(day.slice(5, 7)) - 1) / 3) * 3;
  const last = new Date(Date.UTC(year, first + 3, 0));
  return { start: `${year}-${String(first + 1).padStart(2, '0')}-01`, end: last.toISOString().slice(0, 10) };
}

export function VatReturnSection({ today }: { today: Day }) {
  const [period, setPeriod] = useState(() => quarterOf(today));
  const [draft, setDraft] = useState(period);
  const answer = useQuery(queryFor(receiptsApi.vatReturn, { query: period }));
  const show = (event: FormEvent) => {
    event.preventDefault();
    setPeriod(draft);
  };
  return (
    <Card size="3" asChild>
      <section aria-labelledby="vat-return">
        <Heading as="h2" size="4" id="vat-return" mb="1">
          VAT return
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          The nine boxes for a period, from the receipts and credit notes that recorded VAT in it. Exports are
          zero-rated sales: in box 6, not box 1, until their proof is late. The shop records no purchases: add the VAT
          reclaimed on them to box 4 and their value to box 7 before filing.
        </Text>
        <form className="vat-form vat-form--inline" aria-label="VAT return period" onSubmit={show}>
          <label className="vat-form__field">
            <Text size="2">First day</Text>
            <TextField.Root
              type="date"
              required
              value={draft.start}
              onChange={(e) => setDraft({ ...draft, start: e.target.value })}
            />
          </label>
          <label className="vat-form__field">
            <Text size="2">Last day</Text>
            <TextField.Root
              type="date"
              required
              value={draft.end}
              onChange={(e) => setDraft({ ...draft, end: e.target.value })}
            />
          </label>
          <Button type="submit">Show</Button>
        </form>
        {answer.isError && (
          <Callout.Root color="red" role="alert" mt="3">
            <Callout.Text>{serverMessage(answer.error) ?? 'Error Loading the VAT Return'}</Callout.Text>
          </Callout.Root>
        )}
        {answer.isPending && <Text as="p">Loading the VAT return...</Text>}
        {answer.data && (
          <>
            <Heading as="h3" size="3" mt="4" mb="2">
              {longDay(answer.data.period.start)} to {longDay(answer.data.period.end)}
            </Heading>
            <div className="vat-table">
              <table className="vat-return" data-testid="vat-return">
                <tbody>
                  {boxes.map(({ box, label, pounds }) => (
                    <tr key={box}>
                      <th scope="row">Box {box.slice(3)}</th>
                      <td>
                        {label}
                        {(box === 'box1' || box === 'box6') && (
                          <Documents documents={answer.data.documents} figure={box === 'box1' ? 'vat' : 'net'} />
                        )}
                      </td>
                      <td className="vat-return__amount">
                        {pounds ? wholePounds(answer.data.boxes[box]) : formatPence(answer.data.boxes[box])}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </Card>
  );
}

const kindLabel: Record<VatReturnDocument['kind'], string> = {
  sale: 'Receipt',
  credit: 'Credit note',
  'export-due': 'Export without proof, receipt',
  'export-relief': 'Export proved late, receipt',
};

/**
 * A document's part of box 1 (`vat`) or box 6 (`net`), signed as the box takes it: a credit note's taken off; an
 * export's UK VAT falling due adds to box 1 and comes out of box 6, a late proof the reverse (decision 097).
 */
function partOf(document: VatReturnDocument, figure: 'vat' | 'net'): number {
  const vat = document.rates.reduce((sum, at) => sum + at.vat, 0);
  const net = document.rates.reduce((sum, at) => sum + at.net, 0);
  switch (document.kind) {
    case 'sale':
      return figure === 'vat' ? vat : net;
    case 'credit':
      return figure === 'vat' ? -vat : -net;
    case 'export-due':
      return figure === 'vat' ? vat : -vat;
    case 'export-relief':
      return figure === 'vat' ? -vat : vat;
  }
}

/** The documents behind a box, each with its part of it. */
function Documents({ documents, figure }: { documents: VatReturnDocument[]; figure: 'vat' | 'net' }) {
  if (documents.length === 0) return null;
  return (
    <details className="vat-return__documents">
      <summary>
        {documents.length} {documents.length === 1 ? 'document' : 'documents'}
      </summary>
      <ul>
        {documents.map((document) => {
          const amount = partOf(document, figure);
          return (
            <li key={`${document.kind}:${document.number}`} data-kind={document.kind}>
              {kindLabel[document.kind]} {document.number} ({document.orderNumber}), {longDay(document.day)}:{' '}
              {amount < 0 ? '−' : ''}
              {formatPence(Math.abs(amount))}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
