// The notification decider: what the owner was told about a purchase. Its e-mails are recorded by the e-mail decider
// (service/reactions.ts), as every reaction's are.
import type { EmailWithheld, PurchaseNotified } from '../../contracts/checkout/events.ts';
import type { Decider } from '../commands.ts';
import type { Limits } from '../http/limits.ts';

/** Why a purchase notice's e-mail to the owner is withheld (it is recorded all the same), or null when it is sent. */
export const withheldBecause = {
  noBook: 'the notice names no book in the catalogue',
  fromOne: 'the hourly cap on purchase-notice e-mails from one address was reached',
  shop: 'the hourly cap on purchase-notice e-mails was reached',
} as const;

/**
 * The owner's inbox has a budget for purchase notices of its own, apart from the e-mails about paid orders, which no
 * cap touches: a notice naming no book of the catalogue is e-mailed to nobody; of the rest, a few an hour from one
 * address, and so many an hour for the whole shop.
 */
export async function noticeWithheld(
  limits: Pick<Limits, 'take'>,
  address: string,
  catalogItems: number,
): Promise<string | null> {
  if (catalogItems === 0) return withheldBecause.noBook;
  if ((await limits.take('noticeMailsFromOne', address)) > 0) return withheldBecause.fromOne;
  if ((await limits.take('noticeMails', 'owner')) > 0) return withheldBecause.shop;
  return null;
}

export type NotificationState = { notified: boolean };
export type NotificationCommand = {
  type: 'NotifyPurchase';
  data: PurchaseNotified['data'];
  /** why the owner is not e-mailed about it, if not */ withholdEmail?: string;
};

export const notificationDecider: Decider<NotificationState, NotificationCommand, PurchaseNotified | EmailWithheld> = {
  initialState: () => ({ notified: false }),
  evolve: (state, event) => (event.type === 'PurchaseNotified' ? { notified: true } : state),
  decide: (command, state) => {
    if (state.notified) return [];
    const { data, withholdEmail } = command;
    // Recorded together, so whoever reads the log (the reactor, a replay) knows the notice is owed no e-mail.
    return withholdEmail === undefined
      ? [{ type: 'PurchaseNotified', data }]
      : [
          { type: 'PurchaseNotified', data },
          {
            type: 'EmailWithheld',
            data: {
              notificationId: data.notificationId,
              kind: 'purchase-notice',
              reason: withholdEmail,
              at: data.notifiedAt,
            },
          },
        ];
  },
};
