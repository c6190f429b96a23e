// The buyer's link to a receipt: no account, so the link itself is the proof (signedOrderTokens.ts).
import { signedOrderTokens } from './signedOrderTokens.ts';

const receipts = signedOrderTokens('amanah-house receipt links v1', 'receipt');

/** The key of receipt links, from the token secret; a key of its own, so it signs nothing else. */
export const receiptLinkKey = receipts.keyOf;
/** `<order id in base64url>.<43 characters of MAC>`: what the link's last segment is. */
export const receiptToken = receipts.tokenOf;
/** The order a token names, or null for anything the shop did not sign. */
export const orderOfToken = receipts.orderOf;

/** The client path of the buyer's copy of an order's receipt (contracts/shared/clientRoutes.ts, `receipt`). */
export const receiptPath = (key: Buffer, orderId: string) => `/receipt/${receiptToken(key, orderId)}`;
