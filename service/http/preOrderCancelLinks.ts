// The one-click cancel in a pre-order's e-mail (decision 132): no account, so the link itself is the proof, as a
// receipt link's is (signedOrderTokens.ts), under a key of its own. It does not expire: a pre-order may be cancelled
// at any time before dispatch, however old the e-mail is; once dispatched the link answers why it no longer can.
import { signedOrderTokens } from './signedOrderTokens.ts';

const cancels = signedOrderTokens('amanah-house pre-order cancel links v1', 'preorder-cancel');

/** The key of pre-order cancel links, from the token secret; a key of its own, so it signs nothing else. */
export const preOrderCancelKey = cancels.keyOf;
/** `<order id in base64url>.<43 characters of MAC>`: what the link's last segment is. */
export const preOrderCancelToken = cancels.tokenOf;
/** The order a token names, or null for anything the shop did not sign. */
export const orderOfPreOrderCancelToken = cancels.orderOf;

/** The client path of the one-click cancel (contracts/shared/clientRoutes.ts, `preOrderCancel`). */
export const preOrderCancelPath = (key: Buffer, orderId: string) =>
  `/preorder-cancel/${preOrderCancelToken(key, orderId)}`;
