// What the owner reads of a title's pre-orders (decision 120): copies pre-ordered per UK day and in total, how many
// wait for copies, how many were allocated or cancelled. One function from the decider's fold, so the read model, the
// API and a hand count of the log agree.
import { ukDayOf } from '../vat/rates.ts';
import { copiesLeft, copiesTaken, type ComingTitleState, type PreOrderStatus } from './title.ts';

export type PreOrderDay = { day: string; preOrders: number; copies: number };
export type ComingTitleSummary = {
  bookId: number;
  title: string;
  coming: boolean;
  publicationDate: string;
  limit: number | null;
  /** copies still open to pre-order; null without a limit */
  left: number | null;
  /** pre-orders (and their copies) not cancelled */
  total: { preOrders: number; copies: number };
  /** pre-orders placed on each UK day, oldest day first (cancelled ones counted on the day they were placed) */
  byDay: PreOrderDay[];
  waiting: { preOrders: number; copies: number };
  allocated: { preOrders: number; copies: number };
  cancelled: { preOrders: number; copies: number };
};

export function comingTitleSummary(state: ComingTitleState): ComingTitleSummary {
  const tally = (status: PreOrderStatus) => {
    const of = state.preOrders.filter((p) => p.status === status);
    return { preOrders: of.length, copies: of.reduce((sum, p) => sum + p.quantity, 0) };
  };
  const days = new Map<string, PreOrderDay>();
  for (const p of state.preOrders) {
    const day = ukDayOf(p.at);
    const row = days.get(day) ?? { day, preOrders: 0, copies: 0 };
    row.preOrders += 1;
    row.copies += p.quantity;
    days.set(day, row);
  }
  const cancelled = tally('cancelled');
  const left = copiesLeft(state);
  return {
    bookId: state.bookId ?? 0,
    title: state.title,
    coming: state.coming,
    publicationDate: state.publicationDate ?? '',
    limit: state.limit,
    left: state.coming && state.limit !== null ? left : state.coming ? null : 0,
    total: { preOrders: state.preOrders.length - cancelled.preOrders, copies: copiesTaken(state) },
    byDay: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
    waiting: tally('waiting'),
    allocated: tally('allocated'),
    cancelled,
  };
}
