// The owner's sales view: revenue and orders per day, week or month as a chart with the numbers in a table beside it,
// and the totals — average order value, shipping collected, refunds, UK against abroad — and sales per product; and
// the bookkeeper's files of the receipts and credit notes of the range shown.
import { Callout, Card, Flex, Grid, Heading, SegmentedControl, Table, Text } from '@radix-ui/themes';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { salesPeriods, type SalesPeriod, type SalesResponse } from '#contracts/sales/model.ts';
import { formatRate } from '#contracts/vat/rates.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { AdminPage } from '../../../components/AdminPage.tsx';
import { Figure } from '../../../components/Figure.tsx';
import { useLogOut } from '../../../lib/session.tsx';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { RevenueChart } from './RevenueChart.tsx';
import { SalesFileDownloads } from './SalesFileDownloads.tsx';
import { salesFilterOf, salesQuery, type SalesFilter } from './salesQuery.ts';
import { DateRangeFilter } from '../../../components/DateRangeFilter.tsx';
import { rangeOf } from '../../../lib/dateRange.ts';
import './sales.css';

const periodNames: Record<SalesPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };

const labelOf = (period: SalesPeriod) => (key: string) => {
  if (period === 'month')
    return new Date(`${key}-01T00:00:00Z`).toLocaleDateString('en-GB', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  const day = new Date(`${key}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return period === 'week' ? `w/c ${day}` : day;
};

/** `children`: what the route shows under the sales (the pre-orders of coming titles). */
export function SalesScreen({ children }: { children?: ReactNode } = {}) {
  const logOut = useLogOut();
  // The period and the range are the address's (salesSearch.ts): a reload or a shared link shows the same sales.
  const search = useSearch({ from: '/_admin/admin/sales' });
  const navigate = useNavigate({ from: '/admin/sales' });
  const filter = salesFilterOf(search);
  const show = (next: SalesFilter) =>
    void navigate({
      search: { ...(next.period === 'day' ? {} : { period: next.period }), ...rangeOf(next) },
      replace: true,
    });
  // Not a suspense read: the route's loader fetches the default period only; another period loads in place, with its
  // loading and failure shown inside the screen.
  const sales = useQuery(salesQuery(filter));
  const sessionExpired = useSessionExpiry();
  useEffect(() => {
    if (sales.error) sessionExpired(sales.error);
  }, [sales.error, sessionExpired]);
  const data = sales.data;
  const label = labelOf(filter.period);
  return (
    <AdminPage
      title="Sales"
      subtitle="What sold, when, and where it went. Amounts are what buyers paid, shipping included."
      onLogOut={logOut}
    >
      <Flex gap="4" wrap="wrap" align="end" mb="4">
        <div>
          <Text as="div" size="2" weight="medium" id="sales-period-label" mb="1">
            Per
          </Text>
          <SegmentedControl.Root
            value={filter.period}
            onValueChange={(p) => show({ ...filter, period: p as SalesPeriod })}
            aria-labelledby="sales-period-label"
          >
            {salesPeriods.map((p) => (
              <SegmentedControl.Item key={p} value={p}>
                {periodNames[p]}
              </SegmentedControl.Item>
            ))}
          </SegmentedControl.Root>
        </div>
        <DateRangeFilter
          label="Date range"
          applied={filter}
          onApply={(range) => show({ period: filter.period, ...range })}
        />
        <SalesFileDownloads from={filter.from} to={filter.to} />
      </Flex>
      {sales.isError && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>Error Loading Sales</Callout.Text>
        </Callout.Root>
      )}
      {sales.isPending && <Text>Loading sales...</Text>}
      {data && (
        <>
          <Grid columns={{ initial: '2', sm: '3', md: '6' }} gap="3" mb="5" asChild>
            <dl className="sales-totals" data-testid="sales-totals">
              <Figure name="Orders" value={String(data.totals.orders)} />
              <Figure name="Revenue" value={formatPence(data.totals.revenue)} />
              <Figure name="Average order value" value={formatPence(data.totals.averageOrderValue)} />
              <Figure name="Shipping collected" value={formatPence(data.totals.shipping)} />
              <Figure name="Refunds" value={formatPence(data.totals.refunds)} />
              <Figure name="Net" value={formatPence(data.totals.net)} />
              <Figure name="UK orders" value={`${data.totals.uk.orders} · ${formatPence(data.totals.uk.revenue)}`} />
              <Figure
                name="International orders"
                value={`${data.totals.international.orders} · ${formatPence(data.totals.international.revenue)}`}
              />
            </dl>
          </Grid>
          <div className="sales-view">
            <Card size="2" className="sales-view__chart">
              <Heading as="h2" size="4" mb="2">
                Revenue per {periodNames[data.period].toLowerCase()}
              </Heading>
              <RevenueChart buckets={data.buckets} label={label} />
            </Card>
            <Card size="2" className="sales-view__table">
              {/* A plain table in a region the keyboard can reach and scroll on a phone. */}
              <div
                className="sales-table__scroll"
                tabIndex={0}
                role="region"
                aria-label={`Orders and revenue per ${periodNames[data.period].toLowerCase()}`}
              >
                <table className="sales-table" data-testid="sales-table">
                  <caption className="visually-hidden">
                    Orders and revenue per {periodNames[data.period].toLowerCase()}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{periodNames[data.period]}</th>
                      <th scope="col">Orders</th>
                      <th scope="col">Revenue</th>
                      <th scope="col">Shipping</th>
                      <th scope="col">Refunds</th>
                      <th scope="col">UK / abroad</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.buckets.length === 0 && (
                      <tr>
                        <td colSpan={6}>No sales in this range.</td>
                      </tr>
                    )}
                    {data.buckets.map((b) => (
                      <tr key={b.key}>
                        <th scope="row">{label(b.key)}</th>
                        <td>{b.orders}</td>
                        <td>{formatPence(b.revenue)}</td>
                        <td>{formatPence(b.shipping)}</td>
                        <td>{formatPence(b.refunds)}</td>
                        <td>
                          {b.uk.orders} / {b.international.orders}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Card>
          </div>
          {data.totals.vat.length > 0 && <VatByRate data={data} label={label} />}
          <Card size="2" mt="5">
            <Heading as="h2" size="4" mb="2">
              Per product
            </Heading>
            <Table.Root size="1" data-testid="sales-products">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Product</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Copies</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Revenue</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.products.map((p) => (
                  <Table.Row key={p.name}>
                    <Table.RowHeaderCell>{p.name}</Table.RowHeaderCell>
                    <Table.Cell>{p.quantity}</Table.Cell>
                    <Table.Cell>{formatPence(p.revenue)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Card>
        </>
      )}
      {children && <div className="sales-extra">{children}</div>}
    </AdminPage>
  );
}

/**
 * Net, VAT and gross per rate and period, as each order recorded them when it was placed while the shop was
 * VAT-registered (decision 069), less what its credit notes reversed on the day they were issued (decision 070);
 * absent for a shop that is not, and for orders placed before it was.
 */
function VatByRate({ data, label }: { data: SalesResponse; label: (key: string) => string }) {
  const period = periodNames[data.period].toLowerCase();
  const rows = data.buckets.flatMap((b) => b.vat.map((at) => ({ key: b.key, ...at })));
  return (
    <Card size="2" mt="5">
      <Heading as="h2" size="4" mb="2">
        VAT by rate
      </Heading>
      <div className="sales-table__scroll" tabIndex={0} role="region" aria-label={`VAT by rate per ${period}`}>
        <table className="sales-table" data-testid="sales-vat">
          <caption className="visually-hidden">Net, VAT and gross per rate and {period}</caption>
          <thead>
            <tr>
              <th scope="col">{periodNames[data.period]}</th>
              <th scope="col">Rate</th>
              <th scope="col">Net</th>
              <th scope="col">VAT</th>
              <th scope="col">Gross</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.key}:${row.rate}`}>
                <th scope="row">{label(row.key)}</th>
                <td>{formatRate(row.rate)}</td>
                <td>{formatPence(row.net)}</td>
                <td>{formatPence(row.vat)}</td>
                <td>{formatPence(row.gross)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {data.totals.vat.map((at) => (
              <tr key={at.rate}>
                <th scope="row">All</th>
                <td>{formatRate(at.rate)}</td>
                <td>{formatPence(at.net)}</td>
                <td>{formatPence(at.vat)}</td>
                <td>{formatPence(at.gross)}</td>
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
    </Card>
  );
}
