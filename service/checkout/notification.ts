// The notification decider: what the owner was told about a purchase, and each e-mail recorded once.
import type { EmailSent, SentEmailKind, NotificationEvent, PurchaseNotified } from '../../contracts/checkout/model.ts';
import type { Decider } from '../commands.ts';

export type NotificationState = { notified: boolean; sent: SentEmailKind[] };
export type NotificationCommand =
  | { type: 'NotifyPurchase'; data: PurchaseNotified['data']; /** why the owner is not e-mailed about it, if not */ withholdEmail?: string }
  | { type: 'RecordEmailSent'; data: EmailSent['data'] };

export const notificationDecider: Decider<NotificationState, NotificationCommand, NotificationEvent> = {
  initialState: () => ({ notified: false, sent: [] }),
  evolve: (state, event) =>
    event.type === 'PurchaseNotified'
      ? { ...state, notified: true }
      : event.type === 'EmailSent' || event.type === 'EmailWithheld'
        ? { ...state, sent: [...state.sent, event.data.kind] }
        : state,
  decide: (command, state) => {
    if (command.type === 'NotifyPurchase') {
      if (state.notified) return [];
      const { data, withholdEmail } = command;
      // Recorded together, so whoever reads the log (the reactor, a replay) knows the notice is owed no e-mail.
      return withholdEmail === undefined
        ? [{ type: 'PurchaseNotified', data }]
        : [
            { type: 'PurchaseNotified', data },
            { type: 'EmailWithheld', data: { notificationId: data.notificationId, kind: 'purchase-notice', reason: withholdEmail, at: data.notifiedAt } },
          ];
    }
    return state.sent.includes(command.data.kind) ? [] : [{ type: 'EmailSent', data: command.data }];
  },
};
