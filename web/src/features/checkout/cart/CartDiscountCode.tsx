// The cart's discount code (decision 075): a labelled field with Apply, then the applied code with Remove. What a code
// takes off is the server's answer to the cart as it is now (asked again whenever the cart changes), never worked out
// here; a refusal shows the server's own message. Results are announced in a live region that is always present.
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { queryOptions, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { discountsApi } from '../../../../../contracts/discounts/api.ts';
import {
  discountCodeLabel,
  discountMessages,
  normaliseCode,
  type DiscountCheckResponse,
} from '../../../../../contracts/discounts/model.ts';
import { formatPence } from '../../../../../contracts/shared/money.ts';
import { call, serverMessage } from '../../../lib/api.ts';
import type { Cart } from './cart.ts';
import { setDiscountCode, useDiscountCode } from './discountCodeStore.ts';

const couldNotCheck = 'We could not check that code just now. Please try again.';

/** The check of `code` against the cart's lines: keyed by both, so a changed cart is asked about again. */
export function codeCheckQuery(code: string, cart: Cart) {
  const items = cart.map(({ bookId, quantity }) => ({ bookId, quantity }));
  return queryOptions({
    queryKey: [discountsApi.check.path, code, items] as const,
    queryFn: () => call(discountsApi.check, { body: { code, items } }),
  });
}

/** The applied code's check for the cart as it is now; idle when no code is applied or the cart is empty. */
export function useCodeCheck(cart: Cart): { code: string | null; check: UseQueryResult<DiscountCheckResponse> } {
  const code = useDiscountCode();
  const check = useQuery({ ...codeCheckQuery(code ?? '', cart), enabled: code !== null && cart.length > 0 });
  return { code, check };
}

/** The applied code's saving, as its own line above the total (only once the server has answered). */
export function CodeSavingLine({ answer }: { answer: DiscountCheckResponse }) {
  return (
    <Flex justify="between" align="baseline" gap="3" mt="2">
      <Text size="3">{discountCodeLabel(answer.code)}</Text>
      <Text size="3" weight="bold" data-testid="cart-code-saving">
        −{formatPence(answer.discount)}
      </Text>
    </Flex>
  );
}

export function CartDiscountCode({
  cart,
  code,
  check,
}: {
  cart: Cart;
  code: string | null;
  check: UseQueryResult<DiscountCheckResponse>;
}) {
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
      const answer = await queryClient.fetchQuery(codeCheckQuery(wanted, cart));
      setDiscountCode(answer.code);
      setTyped('');
    } catch (error) {
      setRefusal(serverMessage(error) ?? couldNotCheck);
    } finally {
      setApplying(false);
    }
  }

  function remove() {
    setDiscountCode(null);
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
    <div className="cart-code">
      {code === null ? (
        <form onSubmit={(event) => void apply(event)} aria-label="Discount code" noValidate>
          <Text as="label" htmlFor={`${id}-code`} size="2" weight="medium">
            Discount code
          </Text>
          <Flex gap="2" mt="1">
            <TextField.Root
              id={`${id}-code`}
              className="cart-code__field"
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
        data-testid="cart-code-status"
      >
        {status}
      </Text>
    </div>
  );
}
