// Privacy's event, declared once: the payload schema of stream privacy-<erasureId>, and the type derived from it.
import * as v from 'valibot';
import { at, defineEvents, text, whole, type EventsOf } from '../shared/eventDefinitions.ts';

const count = whole;

/**
 * Everyone an address linked to was forgotten: their data keys were deleted. Only the subjects' random ids, how many
 * streams they sealed, the owner's reason (or the retention rule) and who did it are recorded.
 */
export const SubjectErasedV1 = v.object({
  erasureId: text,
  subjects: v.array(text),
  streams: count,
  reason: text,
  by: text,
  at,
});

export const privacyEvents = defineEvents([
  {
    type: 'SubjectErased',
    stream: 'privacy',
    causedBy: 'the owner from the privacy console (`admin:<username>`), or the retention job (`system:retention`)',
    description:
      "Everyone an e-mail address linked to was forgotten: their data keys were deleted, so their sealed fields read as stand-ins. Holds the subjects' random ids, the number of streams, the reason and who, never the person's details.",
    versions: [{ schema: SubjectErasedV1 }],
  },
]);

export type PrivacyEvent = EventsOf<typeof privacyEvents>;
export type SubjectErased = Extract<PrivacyEvent, { type: 'SubjectErased' }>;
