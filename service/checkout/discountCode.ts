// A discount code at the checkout (decision 075): looked up the same way whether or not it exists, guesses limited per
// address, and one use held on the code's stream when a checkout starts with it, under the stream's revision, so the
// last permitted use cannot be held twice by racing checkouts. A hold ends with the checkout's payment page; no event
// is needed for that (the hold's `until` says so at read time).
import type { Context } from 'koa';
import {
  discountCodeDecider,
  foldDiscountCode,
  refusalOf,
  type DiscountCodeState,
  type EmailKeys,
} from '../../contracts/discounts/code.ts';
import { discountMessages, isDiscountCode, normaliseCode } from '../../contracts/discounts/model.ts';
import type { CodeTerms } from '../../contracts/discounts/split.ts';
import { invalid } from '../../contracts/shared/errors.ts';
import { discountStream } from '../../contracts/shared/streams.ts';
import { handleCommand, idFromReference, type CommandMeta } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { emailKeysOf } from '../http/discountEmailKey.ts';
import { tooManyRequests } from '../http/errors.ts';

/** Enough rounds for every shopper racing for a code's last uses to be decided on, not refused for losing a race. */
const codeRaceRetries = 64;

const looksLikeEmail = (s?: string) => !!s && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim());

/** The keys of a checkout's e-mail address (decision 092), when it has one that looks like one. */
export const emailKeyFor = (deps: Pick<ShopDeps, 'jwtSecret'>, email?: string): EmailKeys | undefined =>
  looksLikeEmail(email) ? emailKeysOf(deps.jwtSecret, email!) : undefined;

/** A code a checkout may use: its terms and its stream as read. */
export type FoundCode = { terms: CodeTerms; state: DiscountCodeState };

const notValid = () =>
  invalid(discountMessages.notValid, [{ field: 'discountCode', message: discountMessages.notValid }]);

/**
 * The code a shopper typed, if any (blank is none). Refuses with one answer whatever makes it not valid now (unknown,
 * not started, expired, paused, ended, malformed): the same read is done in every case, and each such refusal counts
 * against the address's guesses; past the limit every code is refused with 429 before it is looked at.
 */
export async function lookUpCode(
  deps: Pick<ShopDeps, 'events' | 'limits' | 'clock'>,
  ctx: Pick<Context, 'ip' | 'set'>,
  typed: string | undefined,
): Promise<FoundCode | null> {
  if (typed === undefined || typed.trim() === '') return null;
  const waitMs = await deps.limits.peek('discountGuesses', ctx.ip);
  if (waitMs > 0) {
    ctx.set('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
    throw tooManyRequests(discountMessages.tooManyTries);
  }
  const code = normaliseCode(typed);
  // A malformed code reads a stream no code can have, so it costs what any other read does.
  const state = foldDiscountCode(await deps.events.readStream(discountStream(isDiscountCode(code) ? code : '~')));
  const terms = state.terms;
  const refusal = refusalOf(state, deps.clock().toISOString(), { subtotal: Number.MAX_SAFE_INTEGER });
  if (!terms || refusal === discountMessages.notValid) {
    await deps.limits.take('discountGuesses', ctx.ip);
    throw notValid();
  }
  return { terms: { code: terms.code, kind: terms.kind, amount: terms.amount }, state };
}

/** Whether a basket may use a code it found, as the cart's check and each start ask before pricing is final. */
export function checkBasket(found: FoundCode, now: string, subtotal: number, email?: EmailKeys): void {
  const refusal = refusalOf(found.state, now, { subtotal, email });
  if (refusal) throw invalid(refusal, [{ field: 'discountCode', message: refusal }]);
}

export type CodeUse = { code: string; subtotal: number; amount: number; email?: EmailKeys };
export type HeldCode = { release(): Promise<void> };

/**
 * Holds one use of the code for `checkoutId` until `until` with one append under the code stream's revision; a racing
 * start that takes the last use first makes this one decide again, and be refused as used up. `holder` (the keyed hash
 * of the client address, as the stock hold's) may hold `CODE_HOLDS_PER_ADDRESS` uses at once; past it 429 (decision 092).
 */
export async function holdCodeUse(
  deps: Pick<ShopDeps, 'events' | 'config'>,
  checkoutId: string,
  use: CodeUse,
  meta: CommandMeta,
  hold: { holder: string; until: string },
): Promise<HeldCode> {
  const stream = discountStream(use.code);
  await handleCommand(
    deps.events,
    stream,
    discountCodeDecider,
    {
      type: 'HoldUse',
      code: use.code,
      checkoutId,
      subtotal: use.subtotal,
      amount: use.amount,
      ...(use.email ? { email: use.email } : {}),
      holder: hold.holder,
      holdsPerAddress: deps.config.CODE_HOLDS_PER_ADDRESS,
      until: hold.until,
      at: meta.now,
    },
    meta,
    { raceRetries: codeRaceRetries, eventIds: () => idFromReference('DiscountUseHeld', `${use.code}:${checkoutId}`) },
  );
  return {
    release: async () => {
      await handleCommand(
        deps.events,
        stream,
        discountCodeDecider,
        { type: 'ReleaseUse', code: use.code, checkoutId, reason: 'not-started', at: meta.now },
        meta,
        { raceRetries: codeRaceRetries },
      );
    },
  };
}
