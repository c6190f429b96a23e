// The owner's discount codes (decision 075): every code with its state, its uses and when it is valid; a form to create
// one; pause, resume and end. Each code opens its own page with the orders that used it. The server decides every
// rule and amount: its refusals are shown at the field they are about, or above the form's button. An auditor reads.
import { AlertDialog, Badge, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { discountsApi } from '#contracts/discounts/api.ts';
import type { DiscountCodeSummary } from '#contracts/discounts/model.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { AdminPage } from '../../../components/AdminPage.tsx';
import { toast } from '../../../components/toast/toasts.ts';
import { call, serverMessage } from '../../../lib/api.ts';
import { useCanChange } from '../../../lib/admin/role.ts';
import { useLogOut } from '../../../lib/session.tsx';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { CreateCodeForm } from './CreateCodeForm.tsx';
import { discountCodesQuery } from './discountQueries.ts';
import { statusColours, statusLabels, usesOf, validity } from './discountFormat.ts';
import './discounts.css';

export function DiscountsScreen() {
  const logOut = useLogOut();
  // Fetched by the route's loader; a failure shows the route's error screen.
  const { data } = useSuspenseQuery(discountCodesQuery);
  const canChange = useCanChange();
  return (
    <AdminPage
      title="Discount Codes"
      subtitle="Codes shoppers type in the cart: a percentage or an amount off the books, before delivery."
      onLogOut={logOut}
    >
      <Flex direction="column" gap="5">
        <Card size="3" asChild>
          <section aria-labelledby="discount-codes">
            <Heading as="h2" size="4" id="discount-codes" mb="3">
              Codes
            </Heading>
            {data.codes.length === 0 ? (
              <Text as="p" color="gray">
                There are no discount codes yet.{canChange && ' Create the first one below.'}
              </Text>
            ) : (
              <CodeTable codes={data.codes} canChange={canChange} />
            )}
          </section>
        </Card>
        {canChange && (
          <Card size="3" asChild>
            <section aria-labelledby="discount-create">
              <Heading as="h2" size="4" id="discount-create" mb="3">
                Create a code
              </Heading>
              <CreateCodeForm />
            </section>
          </Card>
        )}
      </Flex>
    </AdminPage>
  );
}

function CodeTable({ codes, canChange }: { codes: DiscountCodeSummary[]; canChange: boolean }) {
  return (
    <div className="discount-table">
      <Table.Root size="1">
        <caption className="visually-hidden">Discount codes</caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Code</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Saving</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Uses</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Valid</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Rules</Table.ColumnHeaderCell>
            {canChange && <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {codes.map((code) => (
            <Table.Row key={code.code} data-testid="discount-row" data-code={code.code}>
              <Table.RowHeaderCell>
                <Link to="/admin/discounts/$code" params={{ code: code.code }} className="discount-code-link">
                  {code.code}
                </Link>
              </Table.RowHeaderCell>
              <Table.Cell>{code.description}</Table.Cell>
              <Table.Cell>
                <Badge color={statusColours[code.status]} data-testid="discount-status">
                  {statusLabels[code.status]}
                </Badge>
              </Table.Cell>
              <Table.Cell data-testid="discount-uses">{usesOf(code)}</Table.Cell>
              <Table.Cell>{validity(code)}</Table.Cell>
              <Table.Cell>{rulesOf(code)}</Table.Cell>
              {canChange && (
                <Table.Cell>
                  <CodeActions code={code} />
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}

/** The code's limits other than its dates and use limit: "Once per e-mail · Basket from £20.00", or "—". */
export function rulesOf(code: Pick<DiscountCodeSummary, 'oncePerEmail' | 'minimumBasket'>): string {
  const rules = [
    ...(code.oncePerEmail ? ['Once per e-mail'] : []),
    ...(code.minimumBasket > 0 ? [`Basket from ${formatPence(code.minimumBasket)}`] : []),
  ];
  return rules.length ? rules.join(' · ') : '—';
}

type Change = 'pause' | 'resume' | 'end';
const changeDone: Record<Change, (code: string) => string> = {
  pause: (code) => `${code} is paused: checkouts refuse it until you resume it.`,
  resume: (code) => `${code} is back in use.`,
  end: (code) => `${code} has ended for good. Orders already placed with it keep their saving.`,
};

/** Pause, resume or end a code, then read the codes (and the code's page) again. */
export function useCodeChange(code: string) {
  const queryClient = useQueryClient();
  const sessionExpired = useSessionExpiry();
  return useMutation({
    mutationFn: (change: Change) => call(discountsApi[change], { params: { code }, body: {} }),
    onSuccess: (_answer, change) => {
      toast({ title: 'Discount Code Saved', description: changeDone[change](code) });
      void queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith(discountsApi.list.path),
      });
    },
    onError: (error) => {
      if (!sessionExpired(error))
        toast({
          title: 'Not Saved',
          description: serverMessage(error) ?? 'The code could not be changed. Please try again.',
          variant: 'destructive',
        });
    },
  });
}

export function CodeActions({ code }: { code: DiscountCodeSummary }) {
  const change = useCodeChange(code.code);
  if (code.status === 'ended') return <Text color="gray">—</Text>;
  return (
    <Flex gap="2" wrap="wrap">
      {code.status === 'paused' ? (
        <Button size="1" variant="soft" disabled={change.isPending} onClick={() => change.mutate('resume')}>
          Resume<span className="visually-hidden"> {code.code}</span>
        </Button>
      ) : (
        <Button size="1" variant="soft" disabled={change.isPending} onClick={() => change.mutate('pause')}>
          Pause<span className="visually-hidden"> {code.code}</span>
        </Button>
      )}
      <AlertDialog.Root>
        <AlertDialog.Trigger>
          <Button size="1" variant="soft" color="red" disabled={change.isPending}>
            End<span className="visually-hidden"> {code.code}</span>
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>End {code.code}?</AlertDialog.Title>
          <AlertDialog.Description size="2">
            Shoppers can no longer use it, and it cannot be resumed. Orders already placed with it keep their saving.
          </AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                Keep it
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button color="red" onClick={() => change.mutate('end')}>
                End the code
              </Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Flex>
  );
}
