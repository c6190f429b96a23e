import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { CardShippingSchema, ShippingFormSchema } from '../checkout/model.ts';
import { SandboxPayRequestSchema } from '../checkout/sandboxPayments.ts';
import { GiftSchema } from '../checkout/gift.ts';
import { isUkPostcode, normalisePostcode, normaliseUkPostcode, postcodeMessage, postcodeProblem } from './postcode.ts';

test('every shape of UK postcode the format allows, GIR 0AA included', () => {
  for (const postcode of [
    'M1 1AE', // A9 9AA
    'B33 8TH', // A99 9AA
    'CR2 6XH', // AA9 9AA
    'DN55 1PT', // AA99 9AA
    'W1A 0AX', // A9A 9AA
    'EC1A 1BB', // AA9A 9AA
    'SW1A 1AA',
    'LS1 4AB',
    'GIR 0AA',
  ])
    assert.ok(isUkPostcode(postcode), postcode);
});

test('what is not a UK postcode: wrong shape, letters where the format forbids them, missing parts', () => {
  for (const postcode of [
    'NOTAPOSTCODE123',
    '',
    'LS1',
    '12345',
    'QA1 1AA', // Q never starts a postcode
    'AI1 1AA', // I never second
    'LS1 1CA', // C never in the unit
    'LS1 AAA',
    'LS1 4AB X',
    'GIR 0AB',
    'L$1 4AB',
  ])
    assert.not.ok(isUkPostcode(postcode), postcode);
});

test('case and spacing are the shopper’s; the shop keeps the Royal Mail’s form', () => {
  assert.is(normaliseUkPostcode('sw1a1aa'), 'SW1A 1AA');
  assert.is(normaliseUkPostcode('  ls1   4ab '), 'LS1 4AB');
  assert.is(normaliseUkPostcode('gir0aa'), 'GIR 0AA');
  assert.ok(isUkPostcode('ec1a1bb'));
  assert.is(normalisePostcode('GB', 'ls14ab'), 'LS1 4AB');
  assert.is(normalisePostcode('FR', ' 75001 '), '75001');
});

test('only a UK address is held to the UK format, by code or by name', () => {
  assert.is(postcodeProblem('GB', 'NOTAPOSTCODE123'), postcodeMessage);
  assert.is(postcodeProblem('United Kingdom', 'NOTAPOSTCODE123'), 'Please enter a valid postcode');
  assert.is(postcodeProblem('GB', 'ls1 4ab'), null);
  assert.is(postcodeProblem('FR', '75001'), null);
  assert.is(postcodeProblem('NL', '1015 CJ'), null);
});

test('the schemas of every checkout path apply it, on the postcode, and keep the normal form', () => {
  const card = (postal_code: string, country = 'GB') => ({
    name: 'Amina Khan',
    address: { line1: '1 Linden Lane', city: 'Leeds', postal_code, country },
  });
  const refused = v.safeParse(CardShippingSchema, card('NOTAPOSTCODE123'));
  assert.not.ok(refused.success);
  assert.is(refused.issues![0].message, postcodeMessage);
  assert.equal(
    refused.issues![0].path!.map((p) => p.key),
    ['address', 'postal_code'],
  );
  const kept = v.parse(CardShippingSchema, card('ls14ab'));
  assert.is(kept.address.postal_code, 'LS1 4AB');
  assert.ok(v.safeParse(CardShippingSchema, card('10115', 'DE')).success);

  const form = {
    name: 'Amina Khan',
    email: 'amina@example.com',
    address: '1 Linden Lane',
    city: 'Leeds',
    country: 'United Kingdom',
    postcode: 'NOTAPOSTCODE123',
    quantity: 1,
  };
  const flat = v.flatten<typeof ShippingFormSchema>(v.safeParse(ShippingFormSchema, form).issues!).nested;
  assert.equal(flat?.postcode, [postcodeMessage]);
  assert.is(v.parse(ShippingFormSchema, { ...form, postcode: 'ls1 4ab' }).postcode, 'LS1 4AB');

  const sandbox = {
    shippingOptionId: 'uk-shipping',
    email: 'amina@example.com',
    name: 'Amina Khan',
    address: { line1: '1 Linden Lane', city: 'Leeds', postcode: 'NOTAPOSTCODE123', country: 'GB' },
    card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  };
  const sandboxRefused = v.safeParse(SandboxPayRequestSchema, sandbox);
  assert.not.ok(sandboxRefused.success);
  assert.ok(sandboxRefused.issues!.some((issue) => issue.message === postcodeMessage));
});

test("a gift's recipient in the UK is held to the same rule as the buyer", () => {
  const gift = (postal_code: string) => ({
    message: 'Happy Eid!',
    recipient: { name: 'Hana', address: { line1: '2 Elm Row', city: 'York', postal_code, country: 'GB' } },
  });
  const refused = v.safeParse(GiftSchema, gift('NOTAPOSTCODE123'));
  assert.not.ok(refused.success);
  assert.is(refused.issues![0].message, postcodeMessage);
  assert.is(v.parse(GiftSchema, gift('yo17hh')).recipient?.address.postal_code, 'YO1 7HH');
});

test.run();
