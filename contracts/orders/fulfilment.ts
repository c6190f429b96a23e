// Fulfilment: the carriers an order can be shipped with, where each one's public tracking page is, and the limits on
// what the owner types (a tracking number, an internal note). Named once; the server, the e-mails and the web use these.
import * as v from 'valibot';
import { groupDigits } from '../shared/money.ts';

export const carriers = ['royal-mail', 'dpd', 'evri', 'other'] as const;
export type Carrier = (typeof carriers)[number];

export const carrierLabels: Record<Carrier, string> = {
  'royal-mail': 'Royal Mail',
  dpd: 'DPD',
  evri: 'Evri',
  other: 'Other',
};

/**
 * Each carrier's public tracking page, `{tracking}` standing for the number (URL-encoded). A carrier without one
 * ("other") gets no link: the e-mail and the order page give the number alone.
 */
export const trackingUrlPatterns: Record<Carrier, string | null> = {
  'royal-mail': 'https://www.royalmail.com/track-your-item#/tracking-results/{tracking}',
  dpd: 'https://track.dpd.co.uk/parcels/{tracking}',
  evri: 'https://www.evri.com/track/parcel/{tracking}/details',
  other: null,
};

/** The carrier's public tracking page for `trackingNumber`, or null when the carrier has none or there is no number. */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  const pattern = trackingUrlPatterns[carrier];
  const number = trackingNumber.trim();
  if (!pattern || !number) return null;
  return pattern.replace('{tracking}', encodeURIComponent(number));
}

export const maxTrackingNumberLength = 40;
/** Letters, digits, spaces and dashes: what carriers print on their labels. */
export const trackingNumberPattern = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

export const carrierMessage = `Carrier must be one of ${carriers.join(', ')}`;
export const trackingNumberMessage = `Tracking number must be 1 to ${maxTrackingNumberLength} letters, digits, spaces or dashes`;

/** What a shipment carries when the owner marks an order shipped: the carrier and, optionally, its tracking number. */
export const ShipmentSchema = v.object(
  {
    carrier: v.picklist(carriers, carrierMessage),
    trackingNumber: v.optional(
      v.pipe(
        v.string(trackingNumberMessage),
        v.trim(),
        v.maxLength(maxTrackingNumberLength, trackingNumberMessage),
        v.check((n) => n === '' || trackingNumberPattern.test(n), trackingNumberMessage),
      ),
      '',
    ),
  },
  'Shipment must be an object with a carrier and a tracking number',
);
export type Shipment = v.InferOutput<typeof ShipmentSchema>;

/** Internal notes: the owner's own words on an order, never shown to the customer. */
export const maxNoteLength = 2000;
export const noteTooLongMessage = `A note must be at most ${groupDigits(maxNoteLength)} characters`;
export const noteEmptyMessage = 'Write a note first';

/** The words a packing slip carries besides the order: content the owner may edit (contracts/content/packingSlip.json). */
export { default as packingSlipContent } from '../content/packingSlip.json' with { type: 'json' };

/**
 * Orders shipped before the shop recorded shipments (decision 081): the owner moved them to "shipped" (or straight to
 * "delivered") with the carrier and tracking number, if any, written in the status note ("Royal Mail Tracked 48,
 * KD752736430GB."). Such an order reads as shipped when it moved, the carrier named in the note when one is, and the
 * note kept beside it; the log itself is never changed.
 */
export type ShipmentFromNote = { carrier: Carrier; trackingNumber: string; trackingUrl: string | null; note: string };

/** A tracking number in a note: the international S10 shape every carrier named here prints (two letters, nine digits, two letters). */
const noteTrackingNumber = /\b([A-Z]{2}\d{9}[A-Z]{2})\b/;

const carrierInNote: [RegExp, Carrier][] = [
  [/\broyal\s*mail\b|\binternational (?:tracked|standard|economy)\b|\bparcelforce\b/i, 'royal-mail'],
  [/\bdpd\b/i, 'dpd'],
  [/\bevri\b|\bhermes\b/i, 'evri'],
];

/** The shipment a status note tells of: its carrier (Other when none is named), its tracking number ('' without one). */
export function shipmentFromStatusNote(note: string): ShipmentFromNote {
  const carrier = carrierInNote.find(([pattern]) => pattern.test(note))?.[1] ?? 'other';
  const trackingNumber = noteTrackingNumber.exec(note)?.[1] ?? '';
  return { carrier, trackingNumber, trackingUrl: trackingUrl(carrier, trackingNumber), note };
}

/** What the order page says of a shipment read from a status note. */
export const shipmentFromNoteTexts = {
  label: 'Recorded as',
  withNote: (note: string) => `A status change, before shipments were recorded. Its note: “${note}”`,
  withoutNote: 'A status change without a note, before shipments were recorded.',
} as const;
