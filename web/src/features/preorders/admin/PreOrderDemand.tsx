// The demand for each coming title (decision 120): copies pre-ordered per day and in total, how many wait for copies
// and how many are set aside, so the owner can size the print run. Shown on the catalogue and sales screens.
import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ComingTitleSummary } from '#contracts/preorders/summary.ts';
import { preOrdersQuery } from './preOrdersQuery.ts';
import './preorders.css';
import { longDay } from '#contracts/shared/days.ts';

const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const copies = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;

export function PreOrderDemand({ comingOnly = false }: { comingOnly?: boolean }) {
  const titles = useQuery(preOrdersQuery);
  const shown = (titles.data?.titles ?? []).filter((t) => !comingOnly || t.coming);
  return (
    <Card size="3" asChild>
      <section aria-labelledby="preorder-demand" data-testid="preorder-demand">
        <Heading as="h2" size="4" id="preorder-demand" mb="3">
          Pre-orders
        </Heading>
        {titles.isError && <Text color="red">The pre-orders could not be read.</Text>}
        {titles.data && shown.length === 0 && (
          <Text color="gray">No book is coming. Announce one with its publication date to take pre-orders.</Text>
        )}
        <Flex direction="column" gap="4">
          {shown.map((title) => (
            <TitleDemand key={title.bookId} title={title} />
          ))}
        </Flex>
      </section>
    </Card>
  );
}

function TitleDemand({ title }: { title: ComingTitleSummary }) {
  return (
    <div className="preorder-title" data-testid="preorder-title" data-book-id={title.bookId}>
      <Flex gap="2" align="center" wrap="wrap">
        <Text weight="medium">{title.title}</Text>
        {title.coming ? (
          <Badge color="amber">Published {longDay(title.publicationDate)}</Badge>
        ) : (
          <Badge color="gray">Released</Badge>
        )}
      </Flex>
      <Text as="p" size="2" data-testid="preorder-total">
        {title.total.preOrders} {title.total.preOrders === 1 ? 'pre-order' : 'pre-orders'} ·{' '}
        {copies(title.total.copies)} in total
        {title.limit !== null && ` of a limit of ${title.limit}${title.left === 0 ? ' — closed' : ''}`} ·{' '}
        {title.allocated.preOrders} allocated · {title.waiting.preOrders} waiting
        {title.cancelled.preOrders > 0 && ` · ${title.cancelled.preOrders} cancelled`}
      </Text>
      {title.byDay.length > 0 && (
        <div className="preorder-days" tabIndex={0} role="region" aria-label={`Pre-orders of ${title.title} per day`}>
          <table>
            <caption className="visually-hidden">Pre-orders of {title.title} per day placed</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Pre-orders</th>
                <th scope="col">Copies</th>
              </tr>
            </thead>
            <tbody>
              {title.byDay.map((d) => (
                <tr key={d.day} data-testid="preorder-day">
                  <th scope="row">{dayText(d.day)}</th>
                  <td>{d.preOrders}</td>
                  <td>{d.copies}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
