// One rule for UK postcodes, used by the server's every address and by every checkout form (decision 089). The format
// is the one the government's data standards catalogue gives for a postcode (BS 7666): an outward code of area and
// district, a space, an inward code of sector digit and a two-letter unit — with its letters restricted by position
// (no Q, V or X first; no I, J or Z second; the unit never C, I, K, M, O or V) — and the one historic exception,
// GIR 0AA. Shoppers type postcodes in any case and with any spacing; the shop keeps them as the Royal Mail writes them.
/** The spec's message for a postcode the shop cannot deliver to. */
export const postcodeMessage = 'Please enter a valid postcode';

const ukPostcode =
  /^(?:GIR 0AA|[A-PR-UWYZ](?:[0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRV-Y]) [0-9][ABD-HJLNP-UW-Z]{2})$/;

/** The countries whose postcodes follow the UK format: the United Kingdom, by its code or its name. */
export const isUk = (country: string) => ['GB', 'UK', 'UNITED KINGDOM'].includes(country.trim().toUpperCase());

/** As the Royal Mail writes it: capitals, no spaces but the one before the inward code. "sw1a1aa" → "SW1A 1AA". */
export function normaliseUkPostcode(raw: string): string {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export const isUkPostcode = (raw: string) => ukPostcode.test(normaliseUkPostcode(raw));

/**
 * What is wrong with a postcode for a country, or null: a UK address needs a postcode of the UK format; elsewhere the
 * shop knows no format, so any postcode given is taken as it is.
 */
export const postcodeProblem = (country: string, postcode: string): string | null =>
  isUk(country) && !isUkPostcode(postcode) ? postcodeMessage : null;

/** The postcode to keep: a UK one in its normal form, any other trimmed. */
export const normalisePostcode = (country: string, postcode: string) =>
  isUk(country) ? normaliseUkPostcode(postcode) : postcode.trim();
