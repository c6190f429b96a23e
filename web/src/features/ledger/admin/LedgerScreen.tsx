// The ledger: money by the UK day it moved — sales and shipping, refunds on the day they went back, disputes, the
// payment provider's fees and its payouts to the bank — with each day's sums and the period's, and every row's event.
import { Callout, Card, Grid, Heading, Text } from '@radix-ui/themes';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ledgerMessages,
  type LedgerDay,
  type LedgerEntry,
  type LedgerKind,
  type LedgerTotals,
} from '#contracts/ledger/model.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { AdminPage } from '../../../components/AdminPage.tsx';
import { Figure } from '../../../components/Figure.tsx';
import { serverMessage } from '../../../lib/api.ts';
import { useLogOut } from '../../../lib/session.tsx';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { ledgerQuery } from './ledgerQuery.ts';
import { DateRangeFilter } from '../../../components/DateRangeFilter.tsx';
import { PaymentSetup } from './PaymentSetup.tsx';
import './ledger.css';

/** A UK day as the UK writes it: 27 November 2026. */
export const ukDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

const ukTime = (at: string) =>
  new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

const kindNames: Record<LedgerKind, string> = {
  sale: 'Sale',
  refund: 'Refund',
  dispute: 'Dispute',
  fee: 'Processing fee',
  payout: 'Paid to bank',
  disputeFee: 'Dispute fee',
  reinstatement: 'Dispute won: money back',
  disputeFeeReturned: 'Dispute fee returned',
};

/** Money the day's trading took in, or (a minus) gave up; a payout moves what was already earned to the bank. */
const signed = (entry: LedgerEntry) =>
  entry.kind === 'refund' || entry.kind === 'dispute' || entry.kind === 'fee' || entry.kind === 'disputeFee'
    ? `−${formatPence(entry.amount)}`
    : formatPence(entry.amount);

export function LedgerScreen() {
  const logOut = useLogOut();
  // The period shown is the address's (lib/dateRange.ts): a reload or a shared link shows the same days.
  const period = useSearch({ from: '/_admin/admin/ledger' });
  const navigate = useNavigate({ from: '/admin/ledger' });
  const [problem, setProblem] = useState<string | null>(null);
  const ledger = useQuery(ledgerQuery(period));
  const sessionExpired = useSessionExpiry();
  useEffect(() => {
    if (ledger.error) sessionExpired(ledger.error);
  }, [ledger.error, sessionExpired]);
  const data = ledger.data;
  return (
    <AdminPage
      title="Ledger"
      subtitle="Money by the UK day it moved: each row names the event it comes from."
      onLogOut={logOut}
    >
      <DateRangeFilter
        label="Period"
        className="ledger-range"
        applied={period}
        onApply={(range) => {
          if (range.from && range.to && range.to < range.from) {
            setProblem(ledgerMessages.endsBeforeStart);
            return;
          }
          setProblem(null);
          void navigate({ search: range, replace: true });
        }}
      />
      {(problem ?? ledger.isError) && (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Text>{problem ?? serverMessage(ledger.error) ?? 'Error Loading Ledger'}</Callout.Text>
        </Callout.Root>
      )}
      {ledger.isPending && <Text>Loading the ledger...</Text>}
      {data && (
        <>
          <Heading as="h2" size="4" mb="2">
            {ukDate(data.from)} to {ukDate(data.to)}
          </Heading>
          <Totals totals={data.totals} />
          {data.totals.simulatedFees > 0 && (
            <Callout.Root color="amber" highContrast mb="4" data-testid="ledger-simulated">
              <Callout.Text>
                Fees marked simulated were worked out from Stripe&apos;s published price for a standard UK card (1.5% +
                20p): the test sandbox charged no card, and no fee was paid.
              </Callout.Text>
            </Callout.Root>
          )}
          <Card size="2">
            <div className="ledger-table__scroll" tabIndex={0} role="region" aria-label="Ledger by day">
              <table className="ledger-table" data-testid="ledger-table">
                <caption className="visually-hidden">
                  Money by day, {ukDate(data.from)} to {ukDate(data.to)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Sales</th>
                    <th scope="col">Shipping</th>
                    <th scope="col">Refunds</th>
                    <th scope="col">Disputes</th>
                    <th scope="col">Fees</th>
                    <th scope="col">Net</th>
                    <th scope="col">Paid to bank</th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.length === 0 && (
                    <tr>
                      <td colSpan={8}>No money moved in this period.</td>
                    </tr>
                  )}
                  {data.days.map((day) => (
                    <DayRows key={day.day} day={day} />
                  ))}
                </tbody>
                {data.days.length > 0 && (
                  <tfoot>
                    <tr>
                      <th scope="row">Period</th>
                      <Sums totals={data.totals} />
                    </tr>
                  </tfoot>
                )}
              </table>
            </div>
          </Card>
        </>
      )}
      <PaymentSetup />
    </AdminPage>
  );
}

function Sums({ totals }: { totals: LedgerTotals }) {
  return (
    <>
      <td>{formatPence(totals.sales)}</td>
      <td>{formatPence(totals.shipping)}</td>
      <td>{formatPence(totals.refunds)}</td>
      <td>
        {formatPence(totals.disputes)}
        {totals.reinstated > 0 ? ` (${formatPence(totals.reinstated)} back)` : ''}
      </td>
      <td>{formatPence(totals.fees)}</td>
      <td>{totals.net < 0 ? `−${formatPence(-totals.net)}` : formatPence(totals.net)}</td>
      <td>{formatPence(totals.payouts)}</td>
    </>
  );
}

/** A day's sums, and under them its entries, shown on demand. */
function DayRows({ day }: { day: LedgerDay }) {
  const [open, setOpen] = useState(false);
  const id = `ledger-day-${day.day}`;
  return (
    <>
      <tr>
        <th scope="row">
          <button
            type="button"
            className="ledger-day"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span> {ukDate(day.day)}
          </button>
        </th>
        <Sums totals={day.totals} />
      </tr>
      <tr id={id} hidden={!open} className="ledger-entries">
        <td colSpan={8}>
          <ul aria-label={`Entries of ${ukDate(day.day)}`}>
            {day.entries.map((entry) => (
              <li key={entry.eventId}>
                <span className="ledger-entries__what">
                  {ukTime(entry.at)} · {kindNames[entry.kind]}
                  {entry.orderNumber ? ` · order ${entry.orderNumber}` : ''}
                  {entry.simulated ? ' · simulated' : ''}
                </span>
                <span className="ledger-entries__amount">{signed(entry)}</span>
                <Text as="div" size="1" color="gray" className="ledger-entries__trace">
                  {entry.reference} · event {entry.eventId}
                </Text>
              </li>
            ))}
          </ul>
        </td>
      </tr>
    </>
  );
}

function Totals({ totals }: { totals: LedgerTotals }) {
  return (
    <Grid columns={{ initial: '2', sm: '4', md: '7' }} gap="3" mb="4" asChild>
      <dl className="ledger-totals" data-testid="ledger-totals">
        <Figure name="Sales" value={formatPence(totals.sales)} />
        <Figure name="Shipping" value={formatPence(totals.shipping)} />
        <Figure name="Refunds" value={formatPence(totals.refunds)} />
        <Figure name="Disputes" value={formatPence(totals.disputes)} />
        {totals.reinstated > 0 && <Figure name="Disputes won back" value={formatPence(totals.reinstated)} />}
        <Figure name={totals.simulatedFees > 0 ? 'Fees (simulated)' : 'Fees'} value={formatPence(totals.fees)} />
        <Figure name="Net" value={totals.net < 0 ? `−${formatPence(-totals.net)}` : formatPence(totals.net)} />
        <Figure name="Paid to bank" value={formatPence(totals.payouts)} />
      </dl>
    </Grid>
  );
}
