// Which admin sessions have ended. Sign-outs and revocations are events in the admin's own stream (so the audit log
// shows sign-ins and sign-outs side by side), and this check reads that stream itself: every shop process on one log
// sees an ending within `maxAgeMs`, whatever read store it uses (see docs/decisions/012).
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { adminStream } from '../../contracts/shared/streams.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import type { AdminSession } from './tokens.ts';

type Ended = { loggedOut: Set<string>; revokedAtMs: number; readAt: number };

export type SessionCheck = {
  /** Has this session been ended by a sign-out, or by a revocation of every session signed in before it? */
  ended(session: AdminSession): Promise<boolean>;
  /** Forgets what was read for `username`, so this process sees its own sign-out on the very next request. */
  forget(username: string): void;
};

function fold(events: RecordedEvent[], readAt: number): Ended {
  const ended: Ended = { loggedOut: new Set(), revokedAtMs: 0, readAt };
  for (const event of events) {
    const data = event.data as { sessionId?: string; at?: string };
    if (event.type === 'AdminLoggedOut' && data.sessionId) ended.loggedOut.add(data.sessionId);
    if (event.type === 'AdminSessionsRevoked' && data.at) ended.revokedAtMs = Math.max(ended.revokedAtMs, Date.parse(data.at));
  }
  return ended;
}

export function createSessionCheck(events: Pick<EventStore, 'readStream'>, { maxAgeMs = 1000, now = () => Date.now() } = {}): SessionCheck {
  const read = new Map<string, Promise<Ended>>();
  // What the last read found, per admin, once it has come back: most requests need nothing else.
  const found = new Map<string, Ended>();
  // iat has whole seconds: a token signed in the second of a revocation counts as signed before it.
  const hasEnded = (ended: Ended, session: AdminSession) => ended.loggedOut.has(session.sessionId) || session.issuedAtMs <= ended.revokedAtMs;
  return {
    async ended(session) {
      const known = found.get(session.username);
      if (known && now() - known.readAt <= maxAgeMs) return hasEnded(known, session);
      let pending = read.get(session.username);
      if (pending) {
        const kept = await pending.catch(() => null);
        if (!kept || now() - kept.readAt > maxAgeMs) pending = undefined;
      }
      if (!pending) {
        const startedAt = now();
        // One read at a time per admin, shared by the requests that arrive while it runs.
        const reading = events.readStream(adminStream(session.username)).then((stream) => fold(stream, startedAt));
        pending = reading;
        read.set(session.username, reading);
        reading.then(
          (ended) => {
            if (read.get(session.username) === reading) found.set(session.username, ended);
          },
          () => read.delete(session.username),
        );
      }
      return hasEnded(await pending, session);
    },
    forget(username) {
      read.delete(username);
      found.delete(username);
    },
  };
}

const checks = new WeakMap<object, SessionCheck>();

/** One check per event store, shared by the guard and the sign-out route of a shop. */
export function sessionCheckFor(events: EventStore): SessionCheck {
  let check = checks.get(events);
  if (!check) checks.set(events, (check = createSessionCheck(events)));
  return check;
}
