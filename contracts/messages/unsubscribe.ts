// The unsubscribe link in the shop's e-mails: it works without signing in, because the signed token in it is the proof
// (decision 090). A GET says what the link stops, a POST stops it, so a mail scanner opening the link changes nothing.
// The e-mails sent under a consent name the link in List-Unsubscribe too, and a mail program's one-click POST to it
// stops it as well (decision 096).
import { endpoint } from '../shared/endpoint.ts';

export const unsubscribeTexts = {
  notFound: 'This unsubscribe link is not one of ours, or it was mistyped.',
  newsletter: 'our news about new books and offers',
  restock: (title: string) => `the one e-mail when “${title}” is back in stock`,
  done: 'You are unsubscribed. We will not write to you about this again.',
  already: 'You were already unsubscribed; nothing more will come.',
} as const;

export type UnsubscribeKind = 'newsletter' | 'restock';

/** What a link stops, and whether it still runs. */
export type UnsubscribeDto = { kind: UnsubscribeKind; what: string; active: boolean };
export type UnsubscribeResponse = { success: true; message: string; item: UnsubscribeDto };

export const unsubscribeApi = {
  show: endpoint<UnsubscribeDto>()({
    method: 'GET',
    path: '/api/unsubscribe/:token',
    guarded: false,
    messages: { notFound: unsubscribeTexts.notFound },
  }),
  stop: endpoint<UnsubscribeResponse>()({
    method: 'POST',
    path: '/api/unsubscribe/:token',
    guarded: false,
    messages: { notFound: unsubscribeTexts.notFound },
  }),
  /**
   * One-click unsubscribe (RFC 8058): the mail program POSTs to the very link the e-mail's List-Unsubscribe header names,
   * the page a GET shows, with no cookies and `List-Unsubscribe=One-Click` as its body (form-encoded or multipart). The
   * signed path is the proof, so the body is not needed; the answer is the stop endpoint's.
   */
  oneClick: endpoint<UnsubscribeResponse>()({
    method: 'POST',
    path: '/unsubscribe/:token',
    guarded: false,
    messages: { notFound: unsubscribeTexts.notFound },
  }),
} as const;

/** The client path of an unsubscribe link (contracts/shared/clientRoutes.ts, `unsubscribe`). */
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;
