// The owner's VAT settings decider (decision 069): what each change appends, and what it refuses.
import { test } from 'uvu';
import { Conflict, Invalid } from '../../contracts/shared/errors.ts';
import type { VatSettingsEvent } from '../../contracts/vat/events.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { vatSettingsDecider, vatSettingsMessages } from './settings.ts';

const settings = deciderSpec(vatSettingsDecider);
const by = 'admin';
const at = '2026-06-15T10:00:00.000Z';
const Registered: VatSettingsEvent = {
  type: 'VatRegistered',
  data: { vatNumber: 'GB365684514', registeredFrom: '2026-04-01', by, at },
};
const Deregistered: VatSettingsEvent = { type: 'VatDeregistered', data: { from: '2026-07-01', by, at } };
const register = (vatNumber: string, registeredFrom: string) =>
  ({ type: 'Register', vatNumber, registeredFrom, by, at }) as const;

test('registering records the number and its first day; the same again changes nothing; another while open is refused', () => {
  settings.given([]).when(register('GB365684514', '2026-04-01')).then([Registered]);
  settings.given([Registered]).when(register('GB365684514', '2026-04-01')).then([]);
  settings
    .given([Registered])
    .when(register('GB339072747', '2026-05-01'))
    .thenFails(Conflict, /already registered for VAT as GB365684514 from 1 April 2026/);
});

test('a registration may start again after the last one ended, not before', () => {
  settings
    .given([Registered, Deregistered])
    .when(register('GB339072747', '2026-06-30'))
    .thenFails(Invalid, /registered until 1 July 2026/);
  settings
    .given([Registered, Deregistered])
    .when(register('GB339072747', '2026-07-01'))
    .then([{ type: 'VatRegistered', data: { vatNumber: 'GB339072747', registeredFrom: '2026-07-01', by, at } }]);
});

test('ending a registration needs one open, and a first day without it after the day it began', () => {
  settings
    .given([])
    .when({ type: 'Deregister', from: '2026-07-01', by, at })
    .thenFails(Conflict, vatSettingsMessages.notRegistered);
  settings
    .given([Registered])
    .when({ type: 'Deregister', from: '2026-04-01', by, at })
    .thenFails(Invalid, /must come after/);
  settings.given([Registered]).when({ type: 'Deregister', from: '2026-07-01', by, at }).then([Deregistered]);
  settings
    .given([Registered, Deregistered])
    .when({ type: 'Deregister', from: '2026-08-01', by, at })
    .thenFails(Conflict);
});

test('a rate change is recorded from its day; the same rate on the same day again changes nothing; a bad one is refused', () => {
  const change = { type: 'ChangeRate', bookId: 3, from: '2026-07-01', rate: 500, by, at } as const;
  const Changed: VatSettingsEvent = {
    type: 'VatRateChanged',
    data: { bookId: 3, from: '2026-07-01', rate: 500, by, at },
  };
  settings.given([]).when(change).then([Changed]);
  settings.given([Changed]).when(change).then([]);
  settings
    .given([Changed])
    .when({ ...change, rate: 1000 })
    .then([{ type: 'VatRateChanged', data: { ...Changed.data, rate: 1000 } }]);
  settings
    .given([])
    .when({ ...change, rate: 10_001 })
    .thenFails(Invalid, /0 \(0%\) to 10000/);
  settings
    .given([])
    .when({ ...change, from: '2026-02-30' })
    .thenFails(Invalid, /YYYY-MM-DD/);
});

test.run();
