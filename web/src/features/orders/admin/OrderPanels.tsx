// The order's panels, as the console's entry and the order page both show them: a titled card, and label-value facts.
import { Card, DataList, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** A titled card; `level` is the heading's level where the panel stands (h4 inside the console's accordion). */
export function Panel({ title, level = 'h2', children }: { title: string; level?: 'h2' | 'h4'; children: ReactNode }) {
  return (
    <Card size="2" className="order-panel">
      <Heading as={level} size="3" mb="2">
        {title}
      </Heading>
      {children}
    </Card>
  );
}

export function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }} size="2">
      {facts.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.Label minWidth="120px">{label}</DataList.Label>
          <DataList.Value className="order-fact">{value}</DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
