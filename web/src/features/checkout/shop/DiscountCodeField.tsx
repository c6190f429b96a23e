// A discount code on the cart or the card page (decision 075): a labelled field with Apply, then the applied code with
// Remove. What a code takes off is the server's answer for the lines as they are now (asked again whenever they
// change), never worked out here; a refusal shows the server's own message, announced in a live region that is always
// present. The cart keeps its code in local storage (discountCodeStore.ts); the card page only while it is open.
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { queryOptions, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { discountsApi } from '#contracts/discounts/api.ts';
import {
  discountCodeLabel,
  discountMessages,
  normaliseCode,
  type DiscountCheckResponse,
} from '#contracts/discounts/model.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { call, serverMessage } from '../../../lib/api.ts';
import { setDiscountCode, useDiscountCode } from './cart/discountCodeStore.ts';
import './discountCode.css';

/** The lines a code is checked against: the cart's, or the card page's one book. */
export type CheckedLines = readonly { bookId: number; quantity: number }[];

const couldNotCheck = 'We could not check that code just now. Please try again.';

/** The check of `code` against the lines: keyed by both, so changed lines are asked about again. */
export function codeCheckQuery(code: string, lines: CheckedLines) {
  const items = lines.map(({ bookId, quantity }) => ({ bookId, quantity }));
  return queryOptions({
    queryKey: [discountsApi.check.path, code, items] as const,
    queryFn: () => call(discountsApi.check, { body: { code, items } }),
  });
}

export type AppliedCode = {
  code: string | null;
  setCode: (code: string | null) => void;
  check: UseQueryResult<DiscountCheckResponse>;
};

/** The applied code's check for `lines` as they are now; idle when no code is applied or there are no lines. */
export function useCodeCheck(lines: CheckedLines, code: string | null): UseQueryResult<DiscountCheckResponse> {
  return useQuery({ ...codeCheckQuery(code ?? '', lines), enabled: code !== null && lines.length > 0 });
}

/** The cart's code, kept with the cart, and its check. */
export function useCartCode(lines: CheckedLines): AppliedCode {
  const code = useDiscountCode();
  return { code, setCode: setDiscountCode, check: useCodeCheck(lines, code) };
}

/** A code for this page only (the card page), and its check. */
export function usePageCode(lines: CheckedLines): AppliedCode {
  const [code, setCode] = useState<string | null>(null);
  return { code, setCode, check: useCodeCheck(lines, code) };
}

/** The applied code's saving, as its own line above the total (only once the server has answered). */
export function CodeSavingLine({ answer, size = '3' }: { answer: DiscountCheckResponse; size?: '2' | '3' }) {
  return (
    <Flex justify="between" align="baseline" gap="3">
      <Text size={size}>{discountCodeLabel(answer.code)}</Text>
      <Text size={size} weight="bold" data-testid="code-saving">
        −{formatPence(answer.discount)}
      </Text>
    </Flex>
  );
}

export function DiscountCodeField({ lines, applied }: { lines: CheckedLines; applied: AppliedCode }) {
  const { code, setCode, check } = applied;
  const id = useId();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [applying, setApplying] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function apply(event: FormEvent) {
    event.preventDefault();
    const wanted = normaliseCode(typed);
    if (wanted === '') {
      setRefusal(discountMessages.enterCode);
      return;
    }
    setApplying(true);
    setRefusal(null);
    try {
      const answer = await queryClient.fetchQuery(codeCheckQuery(wanted, lines));
      setCode(answer.code);
      setTyped('');
    } catch (error) {
      setRefusal(serverMessage(error) ?? couldNotCheck);
    } finally {
      setApplying(false);
    }
  }

  function remove() {
    setCode(null);
    setRefusal(null);
  }

  // What the live region says: the applied code's result, or why a code was refused.
  const status = applying
    ? 'Checking the code...'
    : code !== null && check.isSuccess
      ? `${discountCodeLabel(check.data.code)} applied: ${check.data.description}, saving ${formatPence(check.data.discount)}.`
      : code !== null && check.isError
        ? (serverMessage(check.error) ?? couldNotCheck)
        : refusal;
  const refused = !applying && (code !== null ? check.isError : refusal !== null);

  return (
    <div className="discount-code">
      {code === null ? (
        <form onSubmit={(event) => void apply(event)} noValidate>
          <Text as="label" htmlFor={`${id}-code`} size="2" weight="medium">
            Discount code
          </Text>
          <Flex gap="2" mt="1">
            <TextField.Root
              id={`${id}-code`}
              className="discount-code__field"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              aria-invalid={refusal !== null}
              aria-describedby={`${id}-status`}
            />
            <Button type="submit" variant="soft" disabled={applying}>
              Apply
            </Button>
          </Flex>
        </form>
      ) : (
        <Flex justify="between" align="center" gap="3">
          <Text size="2">
            <Text weight="bold">{discountCodeLabel(code)}</Text>
            {check.isSuccess && ` · ${check.data.description}`}
          </Text>
          <Button type="button" variant="ghost" color="gray" size="1" onClick={remove}>
            Remove<span className="visually-hidden"> {discountCodeLabel(code)}</span>
          </Button>
        </Flex>
      )}
      <Text
        as="p"
        size="2"
        mt="1"
        id={`${id}-status`}
        role="status"
        color={refused ? 'red' : 'green'}
        data-testid="code-status"
      >
        {status}
      </Text>
    </div>
  );
}
