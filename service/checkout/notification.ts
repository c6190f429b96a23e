// The notification decider: what the owner was told about a purchase, and each e-mail recorded once.
import type { EmailKind, EmailSent, NotificationEvent, PurchaseNotified } from '../../contracts/checkout.ts';
import type { Decider } from '../commands.ts';

export type NotificationState = { notified: boolean; sent: EmailKind[] };
export type NotificationCommand = { type: 'NotifyPurchase'; data: PurchaseNotified['data'] } | { type: 'RecordEmailSent'; data: EmailSent['data'] };

export const notificationDecider: Decider<NotificationState, NotificationCommand, NotificationEvent> = {
  initialState: () => ({ notified: false, sent: [] }),
  evolve: (state, event) =>
    event.type === 'PurchaseNotified' ? { ...state, notified: true } : event.type === 'EmailSent' ? { ...state, sent: [...state.sent, event.data.kind] } : state,
  decide: (command, state) => {
    if (command.type === 'NotifyPurchase') return state.notified ? [] : [{ type: 'PurchaseNotified', data: command.data }];
    return state.sent.includes(command.data.kind) ? [] : [{ type: 'EmailSent', data: command.data }];
  },
};
