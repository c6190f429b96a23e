// The VAT settings' events (decision 069), declared once: the payload schemas of stream vat-settings, and the types
// derived from them.
import * as v from 'valibot';
import { at, causes, defineEvents, text, whole, type EventsOf } from '../shared/eventDefinitions.ts';

const { owner } = causes;
const bookId = whole;
const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

const vatRate = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000));
export const VatRegisteredV1 = v.object({ vatNumber: text, registeredFrom: day, by: text, at });
export const VatDeregisteredV1 = v.object({ from: day, by: text, at });
export const VatRateChangedV1 = v.object({ bookId, from: day, rate: vatRate, by: text, at });

export const vatSettingsEvents = defineEvents([
  {
    type: 'VatRegistered',
    stream: 'vat',
    causedBy: owner,
    description:
      "The owner recorded that the shop is registered for VAT, with its VAT number, from a day on: sales from that day carry VAT at their products' rates.",
    versions: [{ schema: VatRegisteredV1 }],
  },
  {
    type: 'VatDeregistered',
    stream: 'vat',
    causedBy: owner,
    description:
      'The owner recorded the first day the shop is no longer registered for VAT: sales from that day carry none.',
    versions: [{ schema: VatDeregisteredV1 }],
  },
  {
    type: 'VatRateChanged',
    stream: 'vat',
    causedBy: owner,
    description:
      "The owner set a product's VAT rate (basis points) from a day onward; orders already placed keep the VAT they were placed with.",
    versions: [{ schema: VatRateChangedV1 }],
  },
]);

export type VatSettingsEvent = EventsOf<typeof vatSettingsEvents>;
export type VatRegistered = Extract<VatSettingsEvent, { type: 'VatRegistered' }>;
export type VatDeregistered = Extract<VatSettingsEvent, { type: 'VatDeregistered' }>;
export type VatRateChanged = Extract<VatSettingsEvent, { type: 'VatRateChanged' }>;
