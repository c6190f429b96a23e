// Realistic logs for the benchmarks: the shop's own events, written the way its commands write them — a review and its
// moderation, an order with its checkout, status changes and e-mails, the odd catalog edit.
import { randomUUID } from 'node:crypto';
import type { BookListed, BookUpdated } from '../../contracts/catalog/events.ts';
import type { CheckoutCompleted, CheckoutStarted, EmailSent } from '../../contracts/checkout/events.ts';
import { orderNumberFrom, orderStatuses } from '../../contracts/shared/constants.ts';
import type { DomainEvent, EventMetadata } from '../../contracts/shared/events.ts';
import type { OrderPlaced, OrderStatusChanged } from '../../contracts/orders/events.ts';
import type { ReviewApproved, ReviewRejected, ReviewSubmitted } from '../../contracts/reviews/events.ts';
import { seedOptionFor } from '../../contracts/checkout/shippingRates.ts';
import {
  bookStream,
  checkoutStream,
  notificationStream,
  orderStream,
  reviewStream,
} from '../../contracts/shared/streams.ts';
import type { Projection } from '../../projections/engine/projection.ts';
import { newEventId } from '../../service/commands.ts';
import type { StoredEventStore } from '../../contracts/ports/eventStore.ts';
import { seeded } from '../testing/seeded.ts';

/** One stream's events as one command appends them. */
export type Chapter = { stream: string; events: DomainEvent[] };
type Story = {
  name: string;
  weight: number;
  types: readonly string[];
  write(n: number, random: () => number): Chapter[];
};

const at = (n: number, plus = 0) => new Date(Date.UTC(2026, 0, 1) + n * 60_000 + plus * 3_600_000).toISOString();
const description =
  'A gentle story about kindness, sharing and courage, with warm illustrations for reading aloud at bedtime.';
const reviewTexts = [
  'My daughter asks for this one every night. The pictures are beautiful and the message about sharing stayed with her.',
  'A lovely book for our family reading time; it opened a conversation about honesty that we keep coming back to.',
  'Warm, gentle and beautifully illustrated. We bought a second copy for our nephew.',
];

export const reviewStory: Story = {
  name: 'a review submitted, then mostly approved, sometimes rejected',
  weight: 4,
  types: ['ReviewSubmitted', 'ReviewApproved', 'ReviewRejected'],
  write(n, random) {
    const reviewId = randomUUID();
    const submitted: ReviewSubmitted = {
      type: 'ReviewSubmitted',
      data: {
        reviewId,
        bookId: 1 + (n % 3),
        customerName: `Reader ${n}`,
        customerEmail: `reader${n}@example.com`,
        rating: 3 + Math.floor(random() * 3),
        reviewText: reviewTexts[n % reviewTexts.length]!,
        submittedAt: at(n),
      },
    };
    const decision = random();
    if (decision < 0.1) return [{ stream: reviewStream(reviewId), events: [submitted] }];
    const decided: ReviewApproved | ReviewRejected =
      decision < 0.8
        ? {
            type: 'ReviewApproved',
            data: { reviewId, adminMessage: 'Thank you for sharing', by: 'owner', at: at(n, 2) },
          }
        : {
            type: 'ReviewRejected',
            data: { reviewId, adminMessage: 'This is about delivery, not the book', by: 'owner', at: at(n, 2) },
          };
    return [
      { stream: reviewStream(reviewId), events: [submitted] },
      { stream: reviewStream(reviewId), events: [decided] },
    ];
  },
};

export const orderStory: Story = {
  name: 'an order: its checkout, the order and its status changes, two e-mails',
  weight: 2,
  types: ['CheckoutStarted', 'CheckoutCompleted', 'OrderPlaced', 'OrderStatusChanged', 'EmailSent'],
  write(n, random) {
    const checkoutId = randomUUID();
    const reference = `cs_test_${randomUUID().replace(/-/g, '')}`;
    const quantity = 1 + Math.floor(random() * 3);
    const country = random() < 0.85 ? 'GB' : 'FR';
    const shipping = seedOptionFor(country);
    const items = [{ name: 'The Little Lantern', quantity, price: 999, bookId: 1 + (n % 3) }];
    const subtotal = 999 * quantity;
    const orderNumber = orderNumberFrom(reference);
    const customerEmail = `customer${n}@example.com`;
    const address = { line1: `${n} Orchard Lane`, city: 'Leicester', postcode: 'LE1 1AA', country };
    const started: CheckoutStarted = {
      type: 'CheckoutStarted',
      data: {
        checkoutId,
        channel: 'cart',
        provider: 'sandbox',
        paymentReference: reference,
        items,
        subtotal,
        shippingOptions: [shipping],
        currency: 'gbp',
        startedAt: at(n),
      },
    };
    const completed: CheckoutCompleted = {
      type: 'CheckoutCompleted',
      data: {
        checkoutId,
        paymentReference: reference,
        orderId: reference,
        orderNumber,
        amountPaid: subtotal + shipping.amount,
        shippingCost: shipping.amount,
        completedAt: at(n),
      },
    };
    const placed: OrderPlaced = {
      type: 'OrderPlaced',
      data: {
        orderId: reference,
        orderNumber,
        customerName: `Customer ${n}`,
        customerEmail,
        shippingAddress: address,
        items,
        subtotal,
        shippingCost: shipping.amount,
        total: subtotal + shipping.amount,
        currency: 'gbp',
        paymentMethod: 'Card via the test sandbox',
        paymentReference: reference,
        status: 'completed',
        placedAt: at(n),
      },
    };
    const email = (kind: EmailSent['data']['kind'], to: string): EmailSent => ({
      type: 'EmailSent',
      data: {
        notificationId: reference,
        kind,
        to,
        subject: `Order ${orderNumber}`,
        messageId: `<${randomUUID()}@amanahhouse.co.uk>`,
        transport: 'outbox',
        sentAt: at(n),
      },
    });
    const chapters: Chapter[] = [
      { stream: checkoutStream(checkoutId), events: [started] },
      { stream: checkoutStream(checkoutId), events: [completed] },
      { stream: orderStream(reference), events: [placed] },
      {
        stream: notificationStream(reference),
        events: [email('order-confirmation', customerEmail), email('order-to-owner', 'owner@amanahhouse.co.uk')],
      },
    ];
    let from: string = placed.data.status;
    for (let k = 1, steps = Math.floor(random() * 4); k <= steps; k++) {
      const to = orderStatuses[k]!;
      const changed: OrderStatusChanged = {
        type: 'OrderStatusChanged',
        data: {
          orderId: reference,
          from,
          to,
          notes: to === 'shipped' ? 'Royal Mail tracking sent' : '',
          by: 'owner',
          at: at(n, 24 * k),
        },
      };
      chapters.push({ stream: orderStream(reference), events: [changed] });
      from = to;
    }
    return chapters;
  },
};

export const catalogStory: Story = {
  name: 'a catalog entry listed, then edited',
  weight: 0.1,
  types: ['BookListed', 'BookUpdated'],
  write(n) {
    const id = 100 + n;
    const fields = { id, title: `Story ${id}`, description, price: 999, coverImage: `/art/covers/${id}.svg` };
    const listed: BookListed = { type: 'BookListed', data: fields };
    const edited: BookUpdated = { type: 'BookUpdated', data: { ...fields, title: `Story ${id} (new edition)` } };
    return [
      { stream: bookStream(id), events: [listed] },
      { stream: bookStream(id), events: [edited] },
    ];
  },
};

const stories = [reviewStory, orderStory, catalogStory];

const metadata: EventMetadata = { causedBy: 'bench', causationId: 'bench', correlationId: 'bench', at: at(0) };

/**
 * Appends the chapters, many streams per group commit so a large log is written quickly. A stream's later chapters
 * wait for the next group, since each is appended at the revision the previous one left.
 */
export async function appendChapters(
  store: StoredEventStore,
  chapters: Chapter[],
  perType: Map<string, number>,
): Promise<void> {
  const revisions = new Map<string, number>();
  let pending = chapters;
  while (pending.length) {
    const later: Chapter[] = [];
    const inGroup = new Set<string>();
    const group: Promise<unknown>[] = [];
    for (const chapter of pending) {
      if (inGroup.has(chapter.stream)) {
        later.push(chapter);
        continue;
      }
      inGroup.add(chapter.stream);
      const revision = revisions.get(chapter.stream);
      revisions.set(chapter.stream, (revision ?? -1) + chapter.events.length);
      for (const e of chapter.events) perType.set(e.type, (perType.get(e.type) ?? 0) + 1);
      group.push(
        store.append(
          chapter.stream,
          chapter.events.map((e) => ({ ...e, id: newEventId(), metadata })),
          revision ?? 'no_stream',
        ),
      );
    }
    await Promise.all(group);
    pending = later;
  }
}

/** The stories whose events some read model folds; a log of nothing else would measure only skipping. */
export function storiesFor(projections: readonly Projection[]): Story[] {
  const folded = new Set(projections.flatMap((p) => p.handles));
  return stories.filter((s) => s.types.some((t) => folded.has(t)));
}

/** Appends at least `count` events in the shop's mix. Answers the number of events per type. */
export async function writeLog(
  store: StoredEventStore,
  projections: readonly Projection[],
  count: number,
): Promise<Map<string, number>> {
  const chosen = storiesFor(projections);
  const totalWeight = chosen.reduce((sum, s) => sum + s.weight, 0);
  const random = seeded(7);
  const perType = new Map<string, number>();
  let written = 0;
  let n = 0;
  while (written < count) {
    const chapters: Chapter[] = [];
    let inBatch = 0;
    while (inBatch < 2000 && written + inBatch < count) {
      let pick = random() * totalWeight;
      const story = chosen.find((s) => (pick -= s.weight) < 0) ?? chosen[0]!;
      for (const chapter of story.write(n++, random)) {
        chapters.push(chapter);
        inBatch += chapter.events.length;
      }
    }
    await appendChapters(store, chapters, perType);
    written += inBatch;
  }
  return perType;
}

/** A shop after a good season: `reviews` reviews spread over the three books and `orders` orders. */
export async function writeSeason(
  store: StoredEventStore,
  { reviews, orders }: { reviews: number; orders: number },
): Promise<void> {
  const random = seeded(11);
  const chapters = [
    ...Array.from({ length: reviews }, (_, n) => reviewStory.write(n, random)).flat(),
    ...Array.from({ length: orders }, (_, n) => orderStory.write(n, random)).flat(),
  ];
  await appendChapters(store, chapters, new Map());
}
