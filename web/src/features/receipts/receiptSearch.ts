// The receipt page's address, apart from its queries (receiptQuery.ts): the route table checks every address with it,
// so it is all of the receipts the shopper's first page loads (decision 129).
import * as v from 'valibot';

/** The receipt page's query: `invoice=full` asks for the full VAT invoice; anything else is the usual document. */
export const ReceiptSearchSchema = v.object({
  invoice: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (value === 'full' ? ('full' as const) : undefined)),
    ),
  ),
});
