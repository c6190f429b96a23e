// Which admin sessions have ended. Sign-outs and revocations are events in the admin's own stream (so the audit log
// shows sign-ins and sign-outs side by side), and this check reads that stream itself: every shop process on one log
// sees an ending within `maxAgeMs`, whatever read store it uses (see docs/decisions/012).
import type { AccountRole } from '../../contracts/admin/model.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { adminStream } from '../../contracts/shared/streams.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import { foldAccount, type AccountState } from './accounts.ts';
import type { AdminSession } from './tokens.ts';

type Ended = AccountState & { readAt: number };

export type SessionCheck = {
  /** Has this session been ended by a sign-out, or by a revocation of every session signed in before it? */
  ended(session: AdminSession): Promise<boolean>;
  /**
   * The role a live session acts in, or null when it may not act at all: its session ended, or it names neither the
   * configured owner nor an enabled account. Role changes and disablings are seen within `maxAgeMs`.
   */
  standing(session: AdminSession, configuredOwner: string): Promise<AccountRole | null>;
  /** Whether an owner granted the session's account the download of a person's data; seen within `maxAgeMs` too. */
  downloadGranted(session: AdminSession): Promise<boolean>;
  /** Forgets what was read for `username`, so this process sees its own sign-out on the very next request. */
  forget(username: string): void;
};

function fold(events: RecordedEvent[], readAt: number): Ended {
  return { ...foldAccount(events), readAt };
}

export function createSessionCheck(
  events: Pick<EventStore, 'readStream'>,
  { maxAgeMs = 1000, now = () => Date.now() } = {},
): SessionCheck {
  const read = new Map<string, Promise<Ended>>();
  // What the last read found, per admin, once it has come back: most requests need nothing else.
  const found = new Map<string, Ended>();
  // iat has whole seconds: a token signed in the second of a revocation counts as signed before it.
  const hasEnded = (ended: Ended, session: AdminSession) =>
    ended.loggedOut.has(session.sessionId) || session.issuedAtMs <= ended.revokedAtMs;
  const check = {
    async read(session: AdminSession): Promise<Ended> {
      const known = found.get(session.username);
      if (known && now() - known.readAt <= maxAgeMs) return known;
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
      return pending;
    },
  };
  return {
    async ended(session) {
      return hasEnded(await check.read(session), session);
    },
    async standing(session, configuredOwner) {
      const account = await check.read(session);
      if (hasEnded(account, session)) return null;
      if (session.username === configuredOwner) return 'owner';
      return account.exists && !account.disabled ? account.role : null;
    },
    async downloadGranted(session) {
      return (await check.read(session)).downloadGranted;
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
