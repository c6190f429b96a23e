// The shop-wide cap on the owner's e-mails about contact messages (decision 095): so many an hour are e-mailed; the rest
// are kept and shown in the inbox, and one notice says how many there were. Decided by the reactor from the log alone,
// in windows of the cap's length counted from the epoch, by each message's time of receipt: the n-th message of a window
// is e-mailed when n is within the cap, whatever process or clock reads the log, and reading the log again changes
// nothing (each count is recorded once, by its message, in the window's stream).
import type { MessageMailCounted } from '../../contracts/messages/events.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import { notificationStream } from '../../contracts/shared/streams.ts';
import { fold, handleCommand, idFromReference, type CommandMeta, type Decider } from '../commands.ts';
import type { LimitRule } from '../http/limitRules.ts';

/** The earlier windows looked at for messages not yet told of: a day of hourly windows. */
export const windowsLookedBack = 24;

export type MailWindow = { start: number; end: number };

export function windowOf(at: string, rule: LimitRule): MailWindow {
  const length = rule.seconds * 1000;
  const start = Math.floor(Date.parse(at) / length) * length;
  return { start, end: start + length };
}

/** The notification of one window: its stream holds the window's counts and its one notice (`messages-held`). */
export const windowNotification = (window: MailWindow) => `message-mails-${window.start}`;

export type WindowState = { mailed: string[]; held: string[] };
export type CountMessage = {
  type: 'CountMessage';
  messageId: string;
  cap: number;
  window: MailWindow;
  at: string;
};

export const windowDecider: Decider<WindowState, CountMessage, MessageMailCounted> = {
  initialState: () => ({ mailed: [], held: [] }),
  evolve: (state, event) =>
    event.type !== 'MessageMailCounted'
      ? state
      : event.data.mailed
        ? { ...state, mailed: [...state.mailed, event.data.messageId] }
        : { ...state, held: [...state.held, event.data.messageId] },
  decide: ({ messageId, cap, window, at }, state) => {
    if (state.mailed.includes(messageId) || state.held.includes(messageId)) return [];
    return [
      {
        type: 'MessageMailCounted',
        data: {
          messageId,
          windowStart: new Date(window.start).toISOString(),
          windowEnd: new Date(window.end).toISOString(),
          mailed: state.mailed.length < cap,
          at,
        },
      },
    ];
  },
};

type WindowDeps = { events: EventStore };

/** Counts a message in its window, once; answers whether it is to be e-mailed (the recorded answer, when counted before). */
export async function countMessage(
  deps: WindowDeps,
  command: Omit<CountMessage, 'type'>,
  meta: CommandMeta,
): Promise<boolean> {
  const stream = notificationStream(windowNotification(command.window));
  await handleCommand(deps.events, stream, windowDecider, { type: 'CountMessage', ...command }, meta, {
    eventIds: () => idFromReference('MessageMailCounted', command.messageId),
  });
  return fold(windowDecider, await deps.events.readStream(stream)).mailed.includes(command.messageId);
}

/** The earlier windows, newest last, that kept messages from the owner's mailbox: each with how many. */
export async function heldBefore(
  deps: WindowDeps,
  window: MailWindow,
): Promise<{ window: MailWindow; held: number }[]> {
  const length = window.end - window.start;
  const found: { window: MailWindow; held: number }[] = [];
  for (let back = windowsLookedBack; back >= 1; back -= 1) {
    const earlier = { start: window.start - back * length, end: window.end - back * length };
    const events = await deps.events.readStream(notificationStream(windowNotification(earlier)));
    const { held } = fold(windowDecider, events);
    if (held.length > 0) found.push({ window: earlier, held: held.length });
  }
  return found;
}
