// A realistic log for projection benchmarks: the shop's own event types, in the mix a busy shop would write them,
// limited to the types some read model folds (the rest would only measure skipping).
import { randomUUID } from 'node:crypto';
import type { BookListed, BookUpdated } from '../../contracts/catalog.ts';
import { orderNumberFrom, orderStatuses } from '../../contracts/constants.ts';
import type { DomainEvent, EventMetadata } from '../../contracts/events.ts';
import type { OrderPlaced, OrderStatusChanged } from '../../contracts/orders.ts';
import { bookStream, orderStream } from '../../contracts/streams.ts';
import type { Projection } from '../../projections/projection.ts';
import type { EventStore } from '../../service/ports/eventStore.ts';

/** One stream's events as the shop would append them in one go. */
type Chapter = { stream: string; events: DomainEvent[] };
type Story = { name: string; weight: number; types: readonly string[]; write(n: number, random: () => number): Chapter };

const description = 'A gentle story about kindness, sharing and courage, with warm illustrations for reading aloud at bedtime.';
const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

const stories: Story[] = [
  {
    name: 'a book listed, then edited four times',
    weight: 1,
    types: ['BookListed', 'BookUpdated'],
    write(n) {
      const id = 100 + n;
      const fields = { id, title: `Story ${id}`, description, price: 999, coverImage: `/covers/${id}.webp` };
      const listed: BookListed = { type: 'BookListed', data: fields };
      const edits: BookUpdated[] = [1, 2, 3, 4].map((k) => ({ type: 'BookUpdated', data: { ...fields, title: `Story ${id} (edition ${k})`, price: 999 + k * 100 } }));
      return { stream: bookStream(id), events: [listed, ...edits] };
    },
  },
  {
    name: 'an order placed, then moved through its statuses',
    weight: 6,
    types: ['OrderPlaced', 'OrderStatusChanged'],
    write(n, random) {
      const orderId = randomUUID();
      const paymentReference = `pi_${randomUUID().replace(/-/g, '')}`;
      const quantity = 1 + Math.floor(random() * 3);
      const placed: OrderPlaced = {
        type: 'OrderPlaced',
        data: {
          orderId,
          orderNumber: orderNumberFrom(paymentReference),
          customerName: `Customer ${n}`,
          customerEmail: `customer${n}@example.com`,
          shippingAddress: { line1: `${n} Orchard Lane`, city: 'Leicester', postcode: 'LE1 1AA', country: 'GB' },
          items: [{ name: 'Story 1', quantity, price: 999, bookId: 1 }],
          subtotal: 999 * quantity,
          shippingCost: 350,
          total: 999 * quantity + 350,
          currency: 'gbp',
          paymentMethod: 'card',
          paymentReference,
          status: 'pending',
          placedAt: at(n),
        },
      };
      const steps = Math.floor(random() * 4);
      const changes: OrderStatusChanged[] = [];
      for (let k = 0; k < steps; k++) {
        changes.push({
          type: 'OrderStatusChanged',
          data: { orderId, from: orderStatuses[k]!, to: orderStatuses[k + 1]!, notes: k === 1 ? 'Royal Mail tracking sent' : '', by: 'owner', at: at(n + k + 1) },
        });
      }
      return { stream: orderStream(orderId), events: [placed, ...changes] };
    },
  },
];

/** Mulberry32: the same seed gives the same log shape. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function storiesFor(projections: readonly Projection[]): Story[] {
  const folded = new Set(projections.flatMap((p) => p.handles));
  return stories.filter((s) => s.types.some((t) => folded.has(t)));
}

/**
 * Appends at least `count` events, many streams per group commit so the log is written quickly.
 * Answers the number of events per type.
 */
export async function writeLog(store: EventStore, projections: readonly Projection[], count: number): Promise<Map<string, number>> {
  const chosen = storiesFor(projections);
  if (chosen.length === 0) throw new Error('No read model folds any event type the workload knows');
  const totalWeight = chosen.reduce((sum, s) => sum + s.weight, 0);
  const random = seeded(7);
  const metadata: EventMetadata = { causedBy: 'bench', causationId: 'bench', correlationId: 'bench', at: at(0) };
  const perType = new Map<string, number>();
  let written = 0;
  let n = 0;
  while (written < count) {
    const group: Promise<unknown>[] = [];
    let inGroup = 0;
    while (inGroup < 2000 && written + inGroup < count) {
      let pick = random() * totalWeight;
      const story = chosen.find((s) => (pick -= s.weight) < 0) ?? chosen[0]!;
      const chapter = story.write(n++, random);
      const events = chapter.events.slice(0, count - written - inGroup);
      for (const e of events) perType.set(e.type, (perType.get(e.type) ?? 0) + 1);
      group.push(store.append(chapter.stream, events.map((e) => ({ ...e, id: randomUUID(), metadata })), 'no_stream'));
      inGroup += events.length;
    }
    await Promise.all(group);
    written += inGroup;
  }
  return perType;
}
