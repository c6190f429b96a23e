// One discount code as its stream tells it (decision 075): the owner's terms and changes, the checkouts holding a use
// and the orders that used it, folded in order; and the one rule that says whether a basket may use it now. The
// checkout's hold, the cart's check and the owner's screen all read a code through these.
import { conflict, invalid, notFound, tooMany } from '../shared/errors.ts';
import type { DomainEvent } from '../shared/events.ts';
import {
  describeDiscount,
  discountMessages,
  type DiscountCodeSummary,
  type DiscountHoldView,
  type DiscountStatus,
  type DiscountUseView,
} from './model.ts';
import type { DiscountCodeCreated, DiscountEvent, DiscountUseReleased } from './events.ts';

/** `holder`: the keyed hash of the client address that started the checkout (absent on holds recorded before 092). */
export type CodeHold = {
  checkoutId: string;
  amount: number;
  email?: string;
  holder?: string;
  since: string;
  until: string;
};

/**
 * The keys an e-mail address is known by on a code's stream: `key`, of its once-per-address form, is what new events
 * record; `legacyKey`, when it differs, is the key of the same spelling as recorded before decision 092.
 */
export type EmailKeys = { key: string; legacyKey?: string };
const keyList = (keys: EmailKeys): string[] => (keys.legacyKey ? [keys.key, keys.legacyKey] : [keys.key]);

export type DiscountCodeState = {
  terms: DiscountCodeCreated['data'] | null;
  paused: boolean;
  ended: boolean;
  /** holds not given back or redeemed, running or run out (a hold past `until` ends without an event) */
  holds: CodeHold[];
  uses: (DiscountUseView & { checkoutId: string; email?: string })[];
};

export const emptyDiscountCode = (): DiscountCodeState => ({
  terms: null,
  paused: false,
  ended: false,
  holds: [],
  uses: [],
});

export function evolveDiscountCode(state: DiscountCodeState, event: DomainEvent): DiscountCodeState {
  const e = event as DiscountEvent;
  switch (e.type) {
    case 'DiscountCodeCreated':
      return { ...state, terms: e.data };
    case 'DiscountCodePaused':
      return { ...state, paused: true };
    case 'DiscountCodeResumed':
      return { ...state, paused: false };
    case 'DiscountCodeEnded':
      return { ...state, ended: true };
    case 'DiscountUseHeld': {
      const { checkoutId, amount, email, holder, until, at } = e.data;
      const hold: CodeHold = {
        checkoutId,
        amount,
        since: at,
        until,
        ...(email ? { email } : {}),
        ...(holder ? { holder } : {}),
      };
      return { ...state, holds: [...state.holds.filter((h) => h.checkoutId !== checkoutId), hold] };
    }
    case 'DiscountUseReleased':
      return { ...state, holds: state.holds.filter((h) => h.checkoutId !== e.data.checkoutId) };
    case 'DiscountRedeemed': {
      const { checkoutId, orderId, orderNumber, amount, email, at } = e.data;
      return {
        ...state,
        holds: state.holds.filter((h) => h.checkoutId !== checkoutId),
        uses: [
          ...state.uses,
          {
            checkoutId,
            orderId,
            orderNumber,
            amount,
            at,
            overLimit: e.data.overLimit === true,
            repeatEmail: e.data.repeatEmail === true,
            ...(email ? { email } : {}),
          },
        ],
      };
    }
    default:
      return state;
  }
}

export const foldDiscountCode = (events: readonly DomainEvent[]): DiscountCodeState =>
  events.reduce(evolveDiscountCode, emptyDiscountCode());

/** Holds still running at `now`: until the checkout's payment page expired, and a short grace. */
export const runningHolds = (state: DiscountCodeState, now: string): CodeHold[] =>
  state.holds.filter((h) => Date.parse(h.until) > Date.parse(now));

/** Uses counted against the limit: orders placed with it and checkouts holding one now. */
export const usesCounted = (state: DiscountCodeState, now: string): number =>
  state.uses.length + runningHolds(state, now).length;

/** An address's running holds of the code, other than `except`'s. */
export const holdsOf = (state: DiscountCodeState, now: string, holder: string, except?: string): CodeHold[] =>
  runningHolds(state, now).filter((h) => h.holder === holder && h.checkoutId !== except);

export function statusOf(state: DiscountCodeState, now: string): DiscountStatus {
  const terms = state.terms;
  if (!terms || state.ended) return 'ended';
  const t = Date.parse(now);
  if (terms.validUntil && Date.parse(terms.validUntil) <= t) return 'expired';
  if (state.paused) return 'paused';
  if (terms.validFrom && Date.parse(terms.validFrom) > t) return 'scheduled';
  if (terms.maxUses !== undefined && usesCounted(state, now) >= terms.maxUses) return 'used-up';
  return 'active';
}

/** Pence a code takes off a basket of `basket` pence: a percentage to the nearest penny (half up), a fixed amount capped at the basket. */
export function codeDiscountOf(terms: Pick<DiscountCodeCreated['data'], 'kind' | 'amount'>, basket: number): number {
  if (basket <= 0) return 0;
  if (terms.kind === 'percent') return Math.min(basket, Math.round((basket * terms.amount) / 100));
  return Math.min(basket, terms.amount);
}

/** Whether an e-mail address (by its keys) has used the code already, or holds a use of it now (another checkout than `except`). */
export function emailHasUsed(state: DiscountCodeState, email: EmailKeys, now: string, except?: string): boolean {
  const keys = keyList(email);
  return (
    state.uses.some((u) => !!u.email && keys.includes(u.email)) ||
    runningHolds(state, now).some((h) => !!h.email && keys.includes(h.email) && h.checkoutId !== except)
  );
}

/**
 * Whether an order paid by this address is a repeat: an earlier use by it that was not itself a repeat, or another
 * checkout's running hold by it (that checkout was let through at its start on the promise of the one use).
 */
function repeatByEmail(state: DiscountCodeState, email: EmailKeys, now: string, checkoutId: string): boolean {
  const keys = keyList(email);
  return (
    state.uses.some((u) => !!u.email && keys.includes(u.email) && !u.repeatEmail) ||
    runningHolds(state, now).some((h) => !!h.email && keys.includes(h.email) && h.checkoutId !== checkoutId)
  );
}

/**
 * Why a basket may not use the code now, or null when it may. Unknown, scheduled, expired, paused and ended codes all get
 * the one `notValid` answer, so a guess learns nothing of which codes exist; a used-up code says only that it is no
 * longer available. `basket` is pence after the bundle, before delivery; `email` the keyed hash of the shopper's address.
 */
export function refusalOf(
  state: DiscountCodeState,
  now: string,
  basket: { subtotal: number; email?: EmailKeys | undefined; checkoutId?: string },
): string | null {
  const status = statusOf(state, now);
  if (status === 'used-up') return discountMessages.usedUp;
  if (status !== 'active' || !state.terms) return discountMessages.notValid;
  if (basket.subtotal < state.terms.minimumBasket) return discountMessages.minimumBasket(state.terms.minimumBasket);
  if (state.terms.oncePerEmail && basket.email && emailHasUsed(state, basket.email, now, basket.checkoutId))
    return discountMessages.oncePerEmail;
  return null;
}

export function summaryOf(state: DiscountCodeState, now: string): DiscountCodeSummary | null {
  const t = state.terms;
  if (!t) return null;
  return {
    code: t.code,
    kind: t.kind,
    amount: t.amount,
    description: describeDiscount(t.kind, t.amount),
    validFrom: t.validFrom ?? null,
    validUntil: t.validUntil ?? null,
    maxUses: t.maxUses ?? null,
    oncePerEmail: t.oncePerEmail,
    minimumBasket: t.minimumBasket,
    status: statusOf(state, now),
    redeemed: state.uses.length,
    held: runningHolds(state, now).length,
    createdAt: t.at,
    createdBy: t.by,
    reason: t.reason ?? null,
  };
}

export const holdViewsOf = (state: DiscountCodeState, now: string): DiscountHoldView[] =>
  runningHolds(state, now).map(({ checkoutId, since, until }) => ({ checkoutId, since, until }));

export const useViewsOf = (state: DiscountCodeState): DiscountUseView[] =>
  state.uses.map(({ orderId, orderNumber, amount, at, overLimit, repeatEmail }) => ({
    orderId,
    orderNumber,
    amount,
    at,
    overLimit,
    repeatEmail,
  }));

export type DiscountCodeCommand =
  | { type: 'CreateCode'; data: DiscountCodeCreated['data'] }
  | { type: 'PauseCode' | 'ResumeCode' | 'EndCode'; code: string; by: string; reason?: string; at: string }
  | {
      type: 'HoldUse';
      code: string;
      checkoutId: string;
      /** the basket after the bundle, before the code and delivery */
      subtotal: number;
      /** pence the code takes off it */
      amount: number;
      email?: EmailKeys;
      /** keyed hash of the client address, and how many running holds of the code one address may have */
      holder?: string;
      holdsPerAddress?: number;
      until: string;
      at: string;
    }
  | { type: 'ReleaseUse'; code: string; checkoutId: string; reason: DiscountUseReleased['data']['reason']; at: string }
  | {
      type: 'RedeemUse';
      code: string;
      checkoutId: string;
      orderId: string;
      orderNumber: string;
      amount: number;
      email?: EmailKeys;
      at: string;
    };

function decideDiscountCode(command: DiscountCodeCommand, state: DiscountCodeState): DiscountEvent[] {
  switch (command.type) {
    case 'CreateCode':
      if (state.terms) throw conflict(discountMessages.exists(command.data.code));
      return [{ type: 'DiscountCodeCreated', data: command.data }];
    case 'PauseCode':
    case 'ResumeCode':
    case 'EndCode': {
      const { type, ...data } = command;
      if (!state.terms) throw notFound(discountMessages.unknown(command.code));
      if (state.ended) throw conflict(discountMessages.alreadyEnded);
      if (type === 'PauseCode') {
        if (state.paused) throw conflict(discountMessages.alreadyPaused);
        return [{ type: 'DiscountCodePaused', data }];
      }
      if (type === 'ResumeCode') {
        if (!state.paused) throw conflict(discountMessages.notPaused);
        return [{ type: 'DiscountCodeResumed', data }];
      }
      return [{ type: 'DiscountCodeEnded', data }];
    }
    case 'HoldUse': {
      const { code, checkoutId, subtotal, amount, email, holder, holdsPerAddress, until, at } = command;
      if (runningHolds(state, at).some((h) => h.checkoutId === checkoutId)) return [];
      // An address at its cap is told so first (decision 092): it holds uses it has not paid for.
      const mine = holder && holdsPerAddress !== undefined ? holdsOf(state, at, holder, checkoutId) : [];
      if (holdsPerAddress !== undefined && mine.length >= holdsPerAddress) {
        const waitMs = Math.min(...mine.map((h) => Date.parse(h.until))) - Date.parse(at);
        throw tooMany(discountMessages.holdsPerAddress(mine.length, waitMs), waitMs / 1000);
      }
      const refusal = refusalOf(state, at, { subtotal, email, checkoutId });
      if (refusal) throw invalid(refusal, [{ field: 'discountCode', message: refusal }]);
      return [
        {
          type: 'DiscountUseHeld',
          data: {
            code,
            checkoutId,
            amount,
            ...(email ? { email: email.key } : {}),
            ...(holder ? { holder } : {}),
            until,
            at,
          },
        },
      ];
    }
    case 'ReleaseUse': {
      const { code, checkoutId, reason, at } = command;
      if (!state.holds.some((h) => h.checkoutId === checkoutId)) return [];
      return [{ type: 'DiscountUseReleased', data: { code, checkoutId, reason, at } }];
    }
    case 'RedeemUse': {
      const { code, checkoutId, orderId, orderNumber, amount, email, at } = command;
      if (state.uses.some((u) => u.orderId === orderId)) return [];
      const held = runningHolds(state, at).some((h) => h.checkoutId === checkoutId);
      const limit = state.terms?.maxUses;
      // A payment outranks a hold: an order paid without a running hold is redeemed even past the limit, and flagged;
      // so is one paid by an address that had used a once-per-address code, or holds it in another checkout (092).
      const overLimit = !held && limit !== undefined && usesCounted(state, at) >= limit;
      const repeatEmail = !!state.terms?.oncePerEmail && !!email && repeatByEmail(state, email, at, checkoutId);
      return [
        {
          type: 'DiscountRedeemed',
          data: {
            code,
            checkoutId,
            orderId,
            orderNumber,
            amount,
            ...(email ? { email: email.key } : {}),
            ...(overLimit ? { overLimit } : {}),
            ...(repeatEmail ? { repeatEmail } : {}),
            at,
          },
        },
      ];
    }
  }
}

/** The decider of a code's stream (`discount-<CODE>`), run by handleCommand under the stream's revision. */
export const discountCodeDecider = {
  initialState: emptyDiscountCode,
  evolve: evolveDiscountCode,
  decide: decideDiscountCode,
};
