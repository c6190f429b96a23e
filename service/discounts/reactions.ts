// What checkouts and orders do to a discount code's uses (decision 075), carried out by the reactor, each once: a placed
// order redeems the code it was priced with (its checkout's hold, or past the limit when it had none: a payment
// outranks a hold, and the redemption is flagged), a cancelled checkout or a failed payment gives its use back. A hold
// whose payment page simply expires needs nothing: it ends at read time. An order paid by an address that had used a
// once-per-address code (known only once paid) is flagged for the owner with the saving that was not due (decision 092).
import { discountCodeDecider } from '../../contracts/discounts/code.ts';
import type { CheckoutCancelled, CheckoutPaymentFailed, CheckoutStarted } from '../../contracts/checkout/events.ts';
import { discountMessages } from '../../contracts/discounts/model.ts';
import type { DiscountRedeemed, DiscountUseReleased } from '../../contracts/discounts/events.ts';
import type { StockHoldReleased } from '../../contracts/stock/events.ts';
import type { ShopEvent } from '../../contracts/eventCatalog.ts';
import type { OrderFlagged, OrderPlaced } from '../../contracts/orders/events.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { checkoutStream, discountStream } from '../../contracts/shared/streams.ts';
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import type { ReactionDeps } from '../capability.ts';
import { handleCommand, idFromReference } from '../commands.ts';
import { reactingTo } from '../reactions.ts';
import { emailKeysOf } from '../http/discountEmailKey.ts';

const raceRetries = 64;

type FlagRepeat = { orderId: string; code: string; message: string; at: string };
/** The order's stream, for one flag: only on a placed order, once per code (a re-run reaction decides nothing new). */
const repeatFlagDecider = {
  initialState: () => ({ placed: false, flagged: [] as string[] }),
  evolve: (state: { placed: boolean; flagged: string[] }, event: ShopEvent) =>
    event.type === 'OrderPlaced'
      ? { ...state, placed: true }
      : event.type === 'OrderFlagged' && event.data.flag === 'discount-code-repeat'
        ? { ...state, flagged: [...state.flagged, event.data.message] }
        : state,
  decide: (command: FlagRepeat, state: { placed: boolean; flagged: string[] }): OrderFlagged[] =>
    !state.placed || state.flagged.includes(command.message)
      ? []
      : [
          {
            type: 'OrderFlagged',
            data: { orderId: command.orderId, flag: 'discount-code-repeat', message: command.message, at: command.at },
          },
        ],
};

export function discountReactions(deps: ReactionDeps): Reactions {
  async function redeem(event: RecordedEvent<OrderPlaced>) {
    const order = event.data;
    const codes = (order.discounts ?? []).filter((d) => d.kind === 'code' && d.code);
    if (codes.length === 0) return;
    const meta = reactingTo(event, deps.clock(), 'system:discounts');
    // The order's checkout is the placement's correlation (its id), as the stock reactor reads it.
    const checkoutId =
      event.metadata.correlationId !== event.metadata.causationId ? event.metadata.correlationId : order.orderId;
    // The address the payment carried, in its once-per-address form (decision 092), whatever the start was sent.
    const email = /@/.test(order.customerEmail) ? emailKeysOf(deps.jwtSecret, order.customerEmail) : undefined;
    for (const discount of codes) {
      const code = discount.code!;
      await handleCommand(
        deps.events,
        discountStream(code),
        discountCodeDecider,
        {
          type: 'RedeemUse',
          code,
          checkoutId,
          orderId: order.orderId,
          orderNumber: order.orderNumber,
          amount: discount.amount,
          ...(email ? { email } : {}),
          at: meta.now,
        },
        meta,
        { raceRetries, eventIds: () => idFromReference('DiscountRedeemed', `${code}:${order.orderId}`) },
      );
      // Read back rather than taken from the answer, so a reaction run again after a crash between the two appends
      // still flags the order.
      const redeemed = (await deps.events.readStream(discountStream(code))).find(
        (e) => e.type === 'DiscountRedeemed' && e.data.orderId === order.orderId,
      ) as RecordedEvent<DiscountRedeemed> | undefined;
      if (!redeemed?.data.repeatEmail) continue;
      await handleCommand(
        deps.events,
        orderStream(order.orderId),
        repeatFlagDecider,
        {
          orderId: order.orderId,
          code,
          message: discountMessages.repeatEmailFlag(code, redeemed.data.amount),
          at: redeemed.data.at,
        },
        meta,
        { raceRetries, eventIds: () => idFromReference('OrderFlagged', `discount-repeat:${code}:${order.orderId}`) },
      );
    }
  }

  async function release(
    event: RecordedEvent<CheckoutCancelled | CheckoutPaymentFailed | StockHoldReleased>,
    reason: DiscountUseReleased['data']['reason'],
  ) {
    const checkoutId = event.data.checkoutId;
    const started = (await deps.events.readStream(checkoutStream(checkoutId))).find(
      (e): e is RecordedEvent<CheckoutStarted> => e.type === 'CheckoutStarted',
    );
    const codes = (started?.data.discounts ?? []).flatMap((d) => (d.kind === 'code' && d.code ? [d.code] : []));
    if (codes.length === 0) return;
    const meta = reactingTo(event, deps.clock(), 'system:discounts');
    for (const code of codes)
      await handleCommand(
        deps.events,
        discountStream(code),
        discountCodeDecider,
        { type: 'ReleaseUse', code, checkoutId, reason, at: meta.now },
        meta,
        { raceRetries, eventIds: () => idFromReference('DiscountUseReleased', `${code}:${event.id}`) },
      );
  }

  return defineReactions({
    OrderPlaced: redeem,
    CheckoutCancelled: (event) => release(event, 'cancelled'),
    CheckoutPaymentFailed: (event) => release(event, 'payment-failed'),
    // A hold the owner released ends its payment page, as does one taken over with Stripe (decision 061): that checkout
    // can no longer be paid, so its use is free at once rather than when the hold would have run out.
    StockHoldReleased: async (event) => {
      const { reason } = event.data;
      if (reason === 'owner' || (reason === 'taken-over' && !deps.payments.sandbox)) await release(event, 'page-ended');
    },
  });
}
