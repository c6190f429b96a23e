// An account is its stream, admin-<username>: created, its role changed, its password reset, disabled or enabled by an
// owner, beside its own sign-ins and sign-outs. One fold of that stream says whether it may sign in, with which hash,
// in which role, and which of its sessions have ended. The owner named by the configuration is not created here: it is
// always an owner, its password comes from the configuration, and its stream holds only its sign-ins. The password's
// hash is sealed in the events (passwordSeal.ts); an account created by an earlier release has it as it is in its stored
// events, which only the sign-in reads (storedAccount below), since readers of the log are not handed it (decision 057).
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import { accountMessages, type AccountDto, type AccountRole } from '../../contracts/admin/model.ts';
import type { AccountEvent } from '../../contracts/admin/events.ts';
import { conflict, invalid, notFound } from '../../contracts/shared/errors.ts';
import type { DomainEvent, RecordedEvent } from '../../contracts/shared/events.ts';
import type { Decider } from '../commands.ts';

export type AccountState = {
  username: string | null;
  exists: boolean;
  role: AccountRole;
  disabled: boolean;
  /** the password's hash as an earlier release stored it (read from the stored events only), else null */
  passwordHash: string | null;
  /** the password's hash sealed with the shop's key (passwordSeal.ts), else null */
  sealedPasswordHash: string | null;
  createdAt: string | null;
  createdBy: string | null;
  lastSignInAt: string | null;
  /** sessions ended one by one (sign-outs) */
  loggedOut: Set<string>;
  /** sessions signed in at or before this moment have ended (a password change or reset, a disabling) */
  revokedAtMs: number;
  revision: number;
  /**
   * two-step sign-in: the sealed authenticator secret, the hashes of the recovery codes not used yet, and the last
   * time step whose code was spent (that step's code and every earlier one are refused; null before the first)
   */
  twoStep: { sealedSecret: string; recoveryCodeHashes: string[]; lastUsedStep: number | null } | null;
  /** an owner granted it the download of a person's data (decision 058) */
  downloadGranted: boolean;
};

export const noAccount = (): AccountState => ({
  username: null,
  exists: false,
  role: 'auditor',
  disabled: false,
  passwordHash: null,
  sealedPasswordHash: null,
  createdAt: null,
  createdBy: null,
  lastSignInAt: null,
  loggedOut: new Set(),
  revokedAtMs: 0,
  revision: -1,
  twoStep: null,
  downloadGranted: false,
});

type AdminStreamEvent = DomainEvent<string, Record<string, unknown>>;

export function evolveAccount(state: AccountState, event: AdminStreamEvent & { revision?: number }): AccountState {
  const data = event.data as {
    username?: string;
    at?: string;
    sessionId?: string;
    role?: AccountRole;
    to?: AccountRole;
    passwordHash?: unknown;
    sealedPasswordHash?: unknown;
    by?: string;
  };
  // Version 2 seals the hash; a version-1 event read as stored holds it as it is.
  const password = {
    passwordHash: typeof data.passwordHash === 'string' ? data.passwordHash : null,
    sealedPasswordHash: typeof data.sealedPasswordHash === 'string' ? data.sealedPasswordHash : null,
  };
  const next: AccountState = { ...state, revision: event.revision ?? state.revision + 1 };
  const atMs = data.at ? Date.parse(data.at) : 0;
  switch (event.type) {
    case 'AccountCreated':
      return {
        ...next,
        username: data.username!,
        exists: true,
        role: data.role!,
        ...password,
        createdAt: data.at!,
        createdBy: data.by!,
        disabled: false,
      };
    case 'AccountRoleChanged':
      return { ...next, role: data.to! };
    case 'AccountPasswordReset':
      return { ...next, ...password, revokedAtMs: Math.max(state.revokedAtMs, atMs) };
    case 'AccountDisabled':
      return { ...next, disabled: true, revokedAtMs: Math.max(state.revokedAtMs, atMs) };
    case 'AccountEnabled':
      return { ...next, disabled: false };
    case 'AdminLoggedIn':
      return { ...next, lastSignInAt: data.at ?? state.lastSignInAt };
    case 'AdminLoggedOut':
      if (data.sessionId) next.loggedOut = new Set(state.loggedOut).add(data.sessionId);
      return next;
    case 'AccountTwoStepEnabled': {
      const { sealedSecret, recoveryCodeHashes } = event.data as { sealedSecret: string; recoveryCodeHashes: string[] };
      return { ...next, twoStep: { sealedSecret, recoveryCodeHashes, lastUsedStep: null } };
    }
    case 'AccountTwoStepDisabled':
      return { ...next, twoStep: null };
    case 'AccountRecoveryCodeUsed': {
      const { codeHash } = event.data as { codeHash: string };
      return state.twoStep
        ? {
            ...next,
            twoStep: {
              ...state.twoStep,
              recoveryCodeHashes: state.twoStep.recoveryCodeHashes.filter((h) => h !== codeHash),
            },
          }
        : next;
    }
    case 'AccountTwoStepCodeUsed': {
      const { step } = event.data as { step: number };
      return state.twoStep
        ? { ...next, twoStep: { ...state.twoStep, lastUsedStep: Math.max(state.twoStep.lastUsedStep ?? -1, step) } }
        : next;
    }
    case 'AdminSessionsRevoked':
      return { ...next, revokedAtMs: Math.max(state.revokedAtMs, atMs) };
    case 'PersonalDataDownloadGranted':
      return { ...next, downloadGranted: true };
    case 'PersonalDataDownloadRevoked':
      return { ...next, downloadGranted: false };
    default:
      return next;
  }
}

export function foldAccount(events: readonly RecordedEvent[]): AccountState {
  return events.reduce(
    (state, event) => evolveAccount(state, event as AdminStreamEvent & { revision: number }),
    noAccount(),
  );
}

/**
 * An account folded from its stored events (the bytes under the upcasting), for the sign-in alone: an account created by
 * an earlier release has its password's hash only there.
 */
export async function storedAccount(events: EventStore, stream: string): Promise<AccountState> {
  const stored = (events as EventStore & { stored?: EventStore }).stored ?? events;
  return foldAccount(await stored.readStream(stream));
}

export function accountDto(state: AccountState, username: string, configured = false): AccountDto {
  return {
    username,
    role: configured ? 'owner' : state.role,
    configured,
    disabled: configured ? false : state.disabled,
    createdAt: state.createdAt,
    createdBy: state.createdBy,
    lastSignInAt: state.lastSignInAt,
    revision: state.revision,
    downloadGranted: configured ? false : state.downloadGranted,
  };
}

export type AccountCommand =
  | { type: 'CreateAccount'; username: string; role: AccountRole; sealedPasswordHash: string; by: string; at: string }
  | { type: 'ChangeRole'; username: string; role: AccountRole; by: string; at: string }
  | { type: 'ResetPassword'; username: string; sealedPasswordHash: string; by: string; at: string }
  | { type: 'Disable'; username: string; by: string; at: string }
  | { type: 'Enable'; username: string; by: string; at: string };

/** Owners' decisions on one account. The configured owner's name and the acting owner's own account are refused. */
export function accountDecider(configuredOwner: string): Decider<AccountState, AccountCommand, AccountEvent> {
  return {
    initialState: noAccount,
    evolve: evolveAccount,
    decide(command, state) {
      if (command.username === configuredOwner) throw conflict(accountMessages.configured);
      if (command.type === 'CreateAccount') {
        if (state.exists) throw conflict(accountMessages.exists);
        const { username, role, sealedPasswordHash, by, at } = command;
        return [{ type: 'AccountCreated', data: { username, role, sealedPasswordHash, by, at } }];
      }
      if (!state.exists) throw notFound(accountMessages.missing);
      const { username, by, at } = command;
      const self = by === username;
      switch (command.type) {
        case 'ChangeRole':
          if (self) throw invalid(accountMessages.yourself);
          if (state.role === command.role) return [];
          return [{ type: 'AccountRoleChanged', data: { username, from: state.role, to: command.role, by, at } }];
        case 'ResetPassword':
          return [
            {
              type: 'AccountPasswordReset',
              data: { username, sealedPasswordHash: command.sealedPasswordHash, by, at },
            },
          ];
        case 'Disable':
          if (self) throw invalid(accountMessages.yourself);
          return state.disabled ? [] : [{ type: 'AccountDisabled', data: { username, by, at } }];
        case 'Enable':
          return state.disabled ? [{ type: 'AccountEnabled', data: { username, by, at } }] : [];
      }
    },
  };
}
