// How the discounts screens word a code's state, its dates and its uses.
import type { DiscountCodeSummary, DiscountStatus } from '#contracts/discounts/model.ts';
import { lazily } from '#contracts/shared/lazily.ts';

export const statusLabels: Record<DiscountStatus, string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
  expired: 'Expired',
  'used-up': 'Used up',
};

export const statusColours: Record<DiscountStatus, 'green' | 'blue' | 'amber' | 'gray' | 'red'> = {
  scheduled: 'blue',
  active: 'green',
  paused: 'amber',
  ended: 'gray',
  expired: 'gray',
  'used-up': 'red',
};

const ukTime = lazily(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** An instant as the owner reads it, in UK time: "1 Dec 2026, 09:00". */
export const ukDateTime = (iso: string): string => ukTime().format(new Date(iso));

/** When a code may be used: "Any time", "From …", "Until …" or "… to …". */
export function validity(code: Pick<DiscountCodeSummary, 'validFrom' | 'validUntil'>): string {
  if (code.validFrom && code.validUntil) return `${ukDateTime(code.validFrom)} to ${ukDateTime(code.validUntil)}`;
  if (code.validFrom) return `From ${ukDateTime(code.validFrom)}`;
  if (code.validUntil) return `Until ${ukDateTime(code.validUntil)}`;
  return 'Any time';
}

/** "3 redeemed, 1 held of 5" / "3 redeemed, 1 held, no limit". */
export function usesOf(code: Pick<DiscountCodeSummary, 'redeemed' | 'held' | 'maxUses'>): string {
  const counted = `${code.redeemed} redeemed, ${code.held} held`;
  return code.maxUses === null ? `${counted}, no limit` : `${counted} of ${code.maxUses}`;
}

/** A `datetime-local` field's value (the browser's own time) as the instant the server takes; '' is none. */
export const instantOf = (local: string): string | undefined =>
  local === '' || Number.isNaN(Date.parse(local)) ? undefined : new Date(local).toISOString();
