// docs/events.md is generated from the catalogue in contracts; a change to an event without regenerating it fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { eventCatalog, EventCatalog } from '../../contracts/eventCatalog.ts';
import { OrderPlacedV1 } from '../../contracts/orders/events.ts';
import { describeSchema, renderCatalogue } from './eventCatalogue.ts';

test('docs/events.md is up to date with contracts/eventCatalog.ts (regenerate: npm run events -- catalogue --out docs/events.md)', () => {
  const committed = readFileSync(join(import.meta.dirname, '../../docs/events.md'), 'utf8');
  assert.ok(
    committed === renderCatalogue(eventCatalog),
    'docs/events.md is stale: run npm run events -- catalogue --out docs/events.md',
  );
});

test('the catalogue names every type with its version, stream, who causes it and every field', () => {
  const text = renderCatalogue(eventCatalog);
  for (const d of eventCatalog.definitions) assert.ok(text.includes(`### ${d.type}\n`), d.type);
  assert.match(text, '| [OrderPlaced](#orderplaced) | 4 | `order-<id>` |');
  assert.match(
    text,
    '| `shippingAddress` | { line1: text, line2?: text, city: text, postcode: text, country: text } or text | yes |',
  );
  assert.match(
    text,
    "| `status` | 'pending' \\| 'processing' \\| 'shipped' \\| 'delivered' \\| 'cancelled' \\| 'completed' | yes |",
  );
  assert.match(text, '| `adminMessage` | text | no |');
  const withV2 = new EventCatalog([
    {
      type: 'OrderPlaced',
      stream: 'order',
      causedBy: 'x',
      description: 'y',
      versions: [
        { schema: OrderPlacedV1 },
        { schema: v.object({ copies: v.number() }), upcast: () => ({ copies: 1 }) },
      ],
    },
  ]);
  assert.match(renderCatalogue(withV2), 'Version 2 (read from version 1 through its upcaster)');
  assert.is(describeSchema(v.array(v.object({ n: v.pipe(v.number(), v.integer()) }))), 'list of { n: whole number }');
});

test.run();
