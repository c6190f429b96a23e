// The owner makes a book "coming" (decision 120): its publication date and an optional pre-order limit; a coming
// book's date or limit moves, or it is released once no pre-order waits. The server decides and answers each refusal
// in words (a date not after today, a limit below the copies taken), shown as they are.
import { Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { catalogueApi } from '#contracts/catalog/adminApi.ts';
import { preOrdersApi } from '#contracts/preorders/api.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { call, queryFor, serverMessage } from '../../../lib/api.ts';
import { useCanChange } from '../../../lib/admin/role.ts';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { preOrdersQuery } from './preOrdersQuery.ts';

const productsQuery = queryFor(catalogueApi.list);

export function ComingTitleForm() {
  const canChange = useCanChange();
  const products = useQuery(productsQuery);
  const titles = useQuery(preOrdersQuery);
  const queryClient = useQueryClient();
  const sessionExpired = useSessionExpiry();
  const [bookId, setBookId] = useState('');
  const [date, setDate] = useState('');
  const [limit, setLimit] = useState('');
  const [error, setError] = useState<string | null>(null);
  const coming = (titles.data?.titles ?? []).find((t) => t.coming && String(t.bookId) === bookId);
  const change = useMutation({
    mutationFn: (send: () => Promise<{ message: string }>) => send(),
    onSuccess: async (answer) => {
      setError(null);
      await queryClient.invalidateQueries({ queryKey: preOrdersQuery.queryKey });
      toast({ title: 'Pre-orders Updated', description: answer.message });
    },
    onError: (failure: unknown) => {
      if (sessionExpired(failure)) return;
      setError(serverMessage(failure) ?? 'The change could not be saved. Please try again.');
    },
  });
  if (!canChange) return null;

  const pick = (id: string) => {
    setBookId(id);
    setError(null);
    const title = (titles.data?.titles ?? []).find((t) => t.coming && String(t.bookId) === id);
    setDate(title?.publicationDate ?? '');
    setLimit(title?.limit != null ? String(title.limit) : '');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!bookId) return setError('Choose a book.');
    if (!date) return setError('Choose a publication date.');
    const trimmed = limit.trim();
    const parsed = trimmed === '' ? null : Number(trimmed);
    if (parsed !== null && !Number.isInteger(parsed)) return setError('The limit is a whole number of copies.');
    const params = { id: bookId };
    change.mutate(() =>
      coming
        ? call(preOrdersApi.change, { params, body: { publicationDate: date, limit: parsed } })
        : call(preOrdersApi.announce, { params, body: { publicationDate: date, limit: parsed } }),
    );
  };
  return (
    <Card size="3" asChild>
      <section aria-labelledby="coming-title-heading">
        <Heading as="h2" size="4" id="coming-title-heading" mb="1">
          Coming titles
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Announce a book before it is printed: shoppers pre-order and pay now, and are served first when copies arrive.
        </Text>
        <form className="preorder-form" onSubmit={submit} noValidate aria-label="Coming title">
          <label>
            Book
            <select value={bookId} onChange={(e) => pick(e.target.value)} data-testid="coming-book">
              <option value="">Choose a book…</option>
              {(products.data?.products ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </label>
          <label>
            Publication date
            <TextField.Root type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </label>
          <label>
            Pre-order limit (copies, blank for none)
            <TextField.Root inputMode="numeric" value={limit} onChange={(e) => setLimit(e.target.value)} />
          </label>
          <Flex gap="2" wrap="wrap">
            <Button type="submit" disabled={change.isPending}>
              {coming ? 'Save' : 'Announce'}
            </Button>
            {coming && (
              <Button
                type="button"
                variant="soft"
                disabled={change.isPending}
                onClick={() => change.mutate(() => call(preOrdersApi.release, { params: { id: bookId }, body: {} }))}
              >
                Release
              </Button>
            )}
          </Flex>
        </form>
        {error && (
          <Text as="p" role="alert" color="red" size="2" mt="2" data-testid="coming-error">
            {error}
          </Text>
        )}
      </section>
    </Card>
  );
}
