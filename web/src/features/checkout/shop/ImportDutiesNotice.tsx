// The import-duties sentence (contracts/content/importDuties.ts) a shopper reads before paying when their parcel leaves
// the UK (decision 097); nothing for a UK address or before a country is chosen.
import { Callout } from '@radix-ui/themes';
import { importDutiesNotice } from '#contracts/content/importDuties.ts';
import { importDutiesApply } from '#contracts/vat/exports.ts';

export function ImportDutiesNotice({ country }: { country: string }) {
  if (!importDutiesApply(country)) return null;
  return (
    <Callout.Root color="gray" size="1" data-testid="import-duties">
      <Callout.Text>{importDutiesNotice}</Callout.Text>
    </Callout.Root>
  );
}
