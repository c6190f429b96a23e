// Dates as the owner reads them: "2 Mar 2026, 10:15", in UK time whatever the browser's time zone.
import { ukDateTime } from '#contracts/shared/londonTime.ts';

export function formatOrderDate(iso: string): string {
  return ukDateTime(iso);
}
