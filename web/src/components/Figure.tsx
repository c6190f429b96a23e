// One figure of an admin screen's totals (the sales view's, the ledger's): its name above its value, in a card, as a
// term and its description inside the screen's <dl>.
import { Card, Text } from '@radix-ui/themes';
import './admin.css';

export function Figure({ name, value }: { name: string; value: string }) {
  return (
    <Card size="1">
      <dt>
        <Text size="1" color="gray">
          {name}
        </Text>
      </dt>
      <dd className="admin-figure__value">{value}</dd>
    </Card>
  );
}
