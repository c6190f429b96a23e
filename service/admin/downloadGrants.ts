// The download of a person's data (the privacy screen's access download) is an owner's; an owner may grant it to an
// auditor and take it back. Both are events in the account's stream, decided on the account's fold, so the guard's
// once-a-second read of that stream answers whether a session may download (decision 058).
import { accountMessages, downloadGrantMessages } from '../../contracts/admin/model.ts';
import type { DownloadGrantEvent } from '../../contracts/admin/events.ts';
import { conflict, invalid, notFound } from '../../contracts/shared/errors.ts';
import type { Decider } from '../commands.ts';
import { evolveAccount, noAccount, type AccountState } from './accounts.ts';

export type DownloadGrantCommand =
  | { type: 'GrantDownload'; username: string; by: string; at: string }
  | { type: 'RevokeDownload'; username: string; by: string; at: string };

/**
 * Grants and revocations on one account. The configured owner is no account (and may download by its role); an owner
 * account needs no grant; a disabled account gets none. Granting what is held, or revoking what is not, changes nothing.
 */
export function downloadGrantDecider(
  configuredOwner: string,
): Decider<AccountState, DownloadGrantCommand, DownloadGrantEvent> {
  return {
    initialState: noAccount,
    evolve: (state, event) => evolveAccount(state, event),
    decide(command, state) {
      if (command.username === configuredOwner) throw conflict(accountMessages.configured);
      if (!state.exists) throw notFound(accountMessages.missing);
      const { username, by, at } = command;
      if (command.type === 'RevokeDownload')
        return state.downloadGranted ? [{ type: 'PersonalDataDownloadRevoked', data: { username, by, at } }] : [];
      if (state.role === 'owner') throw invalid(downloadGrantMessages.owner);
      if (state.disabled) throw conflict(downloadGrantMessages.disabled);
      return state.downloadGranted ? [] : [{ type: 'PersonalDataDownloadGranted', data: { username, by, at } }];
    },
  };
}
