// The e-mails an order sends, by what happened to it: placed (the owner's notice and the shopper's confirmation, or the
// owner's purchase notice of the first release), and shipped (the shopper's "on its way"). EmailSent names them among
// every kind the shop sends (contracts/checkout/model.ts); which event makes which due is service/orders/shopperEmails.ts.

/** The e-mails the shop has sent since its first release; EmailWithheld only ever names these. */
export type EmailKindV1 = 'purchase-notice' | 'order-to-owner' | 'order-confirmation';
/** Every e-mail the shop sends about an order: since EmailSent version 2, the customer's "on its way" e-mail too. */
export type EmailKind = EmailKindV1 | 'order-shipped';
