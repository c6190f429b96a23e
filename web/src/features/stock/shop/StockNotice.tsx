// Under a book's price: "Out of stock" or "Only N left" when few copies are left; nothing otherwise.
import { Badge } from '@radix-ui/themes';
import { stockTexts, type StockLevel } from '#contracts/stock/levels.ts';

export function StockNotice({ level }: { level: StockLevel | undefined }) {
  if (!level || level.state === 'available') return null;
  const out = level.state === 'out';
  return (
    <Badge
      size="2"
      color={out ? 'red' : 'amber'}
      variant="soft"
      highContrast
      mb="2"
      data-testid="stock-notice"
      role="status"
    >
      {out ? stockTexts.outOfStock : stockTexts.onlyLeft(level.left ?? 0)}
    </Badge>
  );
}
