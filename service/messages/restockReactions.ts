// The one e-mail each back-in-stock request is owed (decision 091): when the owner records stock that takes a book from
// nothing to buy to something to buy (StockReceived, or a correction upwards), every request for it made before that
// event and not withdrawn is e-mailed through sendOnce, under the notification `restock-<request id>`: a book
// restocked twice, or an event read again, sends nothing more. Each new request is also acknowledged once, under the
// notification `restock-requested-<request id>`: what the shopper agreed to, and the signed link that withdraws it, so
// the page they saw once is not the only place they can change their mind.
import { seededBook } from '../../contracts/catalog/product.ts';
import type { RestockAlertRequested } from '../../contracts/messages/events.ts';
import { unsubscribePath } from '../../contracts/messages/unsubscribe.ts';
import { personAddress } from '../../contracts/personalData.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { bookStream, restockStream, stockStream } from '../../contracts/shared/streams.ts';
import { availableAt, shelfDecider } from '../../contracts/stock/shelf.ts';
import type { StockCorrected, StockReceived } from '../../contracts/stock/events.ts';
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import { restockNotificationId } from '../../projections/messages/restockWaiting.ts';
import type { ReactionDeps } from '../capability.ts';
import { fold } from '../commands.ts';
import { unsubscribeKey, unsubscribeToken } from '../http/unsubscribeLinks.ts';
import { originOnRecord, shopUrlOf } from '../mail/links.ts';
import { reactingTo, sendOnce } from '../reactions.ts';
import { backInStock, restockRequested } from './emails.ts';
import { restockDecider } from './restockRequest.ts';

/** The notification a request's acknowledgement is sent under, apart from its back-in-stock e-mail's. */
export const restockRequestedNotificationId = (requestId: string) => `restock-requested-${requestId}`;

export function restockReactions(deps: ReactionDeps): Reactions {
  const key = unsubscribeKey(deps.jwtSecret);
  /**
   * The signed link that withdraws a request, as its e-mails carry it; without PUBLIC_URL, where the request reached
   * the shop (decision 112).
   */
  const withdrawLink = (requestId: string, shopUrl: string) =>
    `${shopUrl}${unsubscribePath(unsubscribeToken(key, 'restock', requestId))}`;

  /** The book's title and page, as its newest catalogue event names them. */
  async function bookOf(bookId: number, shopUrl: string): Promise<{ title: string; link: string }> {
    let title = `Product ${bookId}`;
    let slug: string | undefined;
    for (const event of await deps.events.readStream(bookStream(bookId))) {
      const data = event.data as { title?: unknown; slug?: unknown };
      if (typeof data.title === 'string') title = data.title;
      // A seeded book's address comes from the content file; the owner's own books carry theirs.
      if (event.type === 'BookListed' || event.type === 'BookUpdated') slug = seededBook(event.data).slug;
      else if (typeof data.slug === 'string') slug = data.slug;
    }
    return { title, link: slug ? `${shopUrl}/books/${slug}` : `${shopUrl}/#books` };
  }

  async function tellWaiting(event: RecordedEvent<StockReceived | StockCorrected>) {
    const { bookId, at } = event.data;
    const history = await deps.events.readStream(stockStream(bookId));
    const before = fold(
      shelfDecider,
      history.filter((e) => e.position < event.position),
    );
    const after = fold(
      shelfDecider,
      history.filter((e) => e.position <= event.position),
    );
    // Only the event that brings the book back: copies added to a shelf that still had some tell no one.
    if (!(availableAt(before, at) <= 0 && availableAt(after, at) > 0)) return;
    const meta = reactingTo(event, deps.clock(), 'system:restock');
    const streams = await deps.events.listStreams(restockStream(''));
    for (const { stream } of streams) {
      const events = await deps.events.readStream(stream);
      const state = fold(restockDecider, events);
      const asked = events[0];
      if (state.bookId !== bookId || state.withdrawn || !asked || asked.position >= event.position) continue;
      // A request whose person was erased has no address left to write to.
      if (!personAddress(state.email)) continue;
      const requestId = stream.slice(restockStream('').length);
      const shopUrl = shopUrlOf(deps.config, originOnRecord(events));
      const book = await bookOf(bookId, shopUrl);
      await sendOnce(
        deps,
        restockNotificationId(requestId),
        'back-in-stock',
        await backInStock(state.email!, book.title, book.link, withdrawLink(requestId, shopUrl)),
        meta,
      );
    }
  }

  /** The acknowledgement of a new request, unless it was withdrawn or its person erased before the reactor came to it. */
  async function acknowledge(event: RecordedEvent<RestockAlertRequested>) {
    const { requestId } = event.data;
    // The stream as it is now, not the event as it was: a withdrawal or an erasure since then stops the e-mail.
    const events = await deps.events.readStream(restockStream(requestId));
    const state = fold(restockDecider, events);
    const asked = events.find((e): e is RecordedEvent<RestockAlertRequested> => e.type === 'RestockAlertRequested');
    if (!asked || state.withdrawn || state.bookId === null || !personAddress(state.email)) return;
    const shopUrl = shopUrlOf(deps.config, originOnRecord(events));
    const book = await bookOf(state.bookId, shopUrl);
    const link = withdrawLink(requestId, shopUrl);
    await sendOnce(
      deps,
      restockRequestedNotificationId(requestId),
      'restock-requested',
      await restockRequested(state.email!, book.title, asked.data.wording, link),
      reactingTo(event, deps.clock()),
    );
  }

  return defineReactions({
    RestockAlertRequested: acknowledge,
    StockReceived: tellWaiting,
    StockCorrected: (event) => (event.data.delta > 0 ? tellWaiting(event) : Promise.resolve()),
  });
}
