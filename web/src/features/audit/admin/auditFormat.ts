// How the audit console writes values and events out.
import type { RecordedEvent } from '#contracts/shared/events.ts';

/** A value as text: a dash when absent, JSON when not text (as a diff's values are, in the console and the CLI). */
export { valueText as show } from '#contracts/audit/diffText.ts';

/** Why an event happened, in its own words: notes, a reason, a message to the reviewer. */
export function whyOf(event: RecordedEvent): string {
  const data = event.data as Record<string, unknown>;
  const why = ['notes', 'reason', 'adminMessage']
    .map((key) => data[key])
    .filter((v) => typeof v === 'string' && v !== '');
  return why.join(' · ');
}
