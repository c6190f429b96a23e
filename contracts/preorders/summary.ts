// What the owner reads of a title's pre-orders (decision 120): copies pre-ordered per UK day and in total, how many
// wait for copies, how many were allocated or cancelled. One function from the decider's fold, so the read model, the
// API and a hand count of the log agree.
import { ukDayOf } from '../vat/rates.ts';
import { copiesLeft, holdsCopies, type ComingTitleState, type PreOrder, type PreOrderStatus } from './title.ts';

export type PreOrderDay = { day: string; preOrders: number; copies: number };
export type ComingTitleSummary = {
  bookId: number;
  title: string;
  coming: boolean;
  /** copies have been received (decision 131): sold from the shelf, no longer pre-ordered */
  onSale: boolean;
  publicationDate: string;
  limit: number | null;
  /** copies still open to pre-order; null without a limit */
  left: number | null;
  /** paid pre-orders (and their copies) not cancelled: the demand */
  total: { preOrders: number; copies: number };
  /** paid pre-orders per UK day their checkout started, oldest first (cancelled ones counted on the day placed) */
  byDay: PreOrderDay[];
  waiting: { preOrders: number; copies: number };
  allocated: { preOrders: number; copies: number };
  cancelled: { preOrders: number; copies: number };
  /** checkouts with a pre-order being paid at `now`: holding copies of the limit, not yet demand */
  paying: { preOrders: number; copies: number };
};

/** The title's counts at `now` (which checkouts are still being paid depends on it). */
export function comingTitleSummary(state: ComingTitleState, now: string): ComingTitleSummary {
  const paid = state.preOrders.filter((p) => p.orderId !== null);
  const sum = (of: PreOrder[]) => ({ preOrders: of.length, copies: of.reduce((n, p) => n + p.quantity, 0) });
  const tally = (status: PreOrderStatus) => sum(paid.filter((p) => p.status === status));
  const days = new Map<string, PreOrderDay>();
  for (const p of paid) {
    const day = ukDayOf(p.at);
    const row = days.get(day) ?? { day, preOrders: 0, copies: 0 };
    row.preOrders += 1;
    row.copies += p.quantity;
    days.set(day, row);
  }
  const cancelled = tally('cancelled');
  const left = copiesLeft(state, now);
  return {
    bookId: state.bookId ?? 0,
    title: state.title,
    coming: state.coming,
    onSale: !!state.onSale,
    publicationDate: state.publicationDate ?? '',
    limit: state.limit,
    left: state.coming && state.limit !== null ? left : state.coming ? null : 0,
    total: sum(paid.filter((p) => p.status !== 'cancelled')),
    byDay: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
    waiting: tally('waiting'),
    allocated: tally('allocated'),
    cancelled,
    paying: sum(state.preOrders.filter((p) => p.orderId === null && holdsCopies(p, now))),
  };
}
