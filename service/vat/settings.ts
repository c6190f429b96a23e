// The owner's VAT settings decided over their one stream (decision 069): registering with a VAT number from a day,
// the day registration ends, and a product's rate from a day onward. The fold is contracts/vat/settings.ts, which
// placing an order reads too.
import { conflict, invalid } from '../../contracts/shared/errors.ts';
import { checkDay, type Day, type VatRate } from '../../contracts/vat/rates.ts';
import {
  emptyVatSettings,
  evolveVatSettings,
  openRegistration,
  rateChangeFor,
  type VatSettings,
} from '../../contracts/vat/settings.ts';
import type { VatSettingsEvent } from '../../contracts/vat/events.ts';
import type { Decider } from '../commands.ts';
import { longDay } from '../../contracts/shared/days.ts';

export type VatSettingsCommand =
  | { type: 'Register'; vatNumber: string; registeredFrom: Day; by: string; at: string }
  | { type: 'Deregister'; from: Day; by: string; at: string }
  | { type: 'ChangeRate'; bookId: number; from: Day; rate: VatRate; by: string; at: string };

export const vatSettingsMessages = {
  notRegistered: 'The shop is not registered for VAT, so there is no registration to end.',
} as const;

function decide(command: VatSettingsCommand, settings: VatSettings): VatSettingsEvent[] {
  const open = openRegistration(settings);
  switch (command.type) {
    case 'Register': {
      const { vatNumber, registeredFrom, by, at } = command;
      checkDay(registeredFrom, 'The day registration started');
      if (open) {
        if (open.vatNumber === vatNumber && open.from === registeredFrom) return [];
        throw conflict(
          `The shop is already registered for VAT as ${open.vatNumber} from ${longDay(open.from)}. Record the end of that registration first.`,
        );
      }
      const ended = settings.registrations.at(-1)?.until;
      if (ended && registeredFrom < ended)
        throw invalid(
          `A registration cannot start before the last one ended: the shop was registered until ${longDay(ended)}.`,
        );
      return [{ type: 'VatRegistered', data: { vatNumber, registeredFrom, by, at } }];
    }
    case 'Deregister': {
      const { from, by, at } = command;
      checkDay(from, 'The day registration ended');
      if (!open) throw conflict(vatSettingsMessages.notRegistered);
      if (from <= open.from)
        throw invalid(
          `Registration started on ${longDay(open.from)}: the first day no longer registered must come after it.`,
        );
      return [{ type: 'VatDeregistered', data: { from, by, at } }];
    }
    case 'ChangeRate': {
      const { type: _type, ...change } = command;
      return rateChangeFor(settings, change);
    }
  }
}

export const vatSettingsDecider: Decider<VatSettings, VatSettingsCommand, VatSettingsEvent> = {
  initialState: emptyVatSettings,
  evolve: evolveVatSettings,
  decide,
};
