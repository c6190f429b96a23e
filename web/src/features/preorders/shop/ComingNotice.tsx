// The line a coming book's card and page carry in place of its stock (decision 120): "Pre-order — published 1 March
// 2027", and that pre-orders are closed once its limit is reached.
import { Text } from '@radix-ui/themes';
import type { ComingBook } from '#contracts/preorders/api.ts';
import { preOrderTexts } from '#contracts/preorders/model.ts';

export function ComingNotice({ coming }: { coming: ComingBook }) {
  return (
    <Text as="p" size="2" weight="bold" className="coming-notice" data-testid="coming-notice">
      {preOrderTexts.comingLine(coming.publicationDate)}
      {!coming.open && ' · Pre-orders are closed'}
    </Text>
  );
}
