import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import {
  checkTotal,
  formatVatNumber,
  isValidVatNumber,
  normaliseVatNumber,
  VatNumberSchema,
  vatNumberMessage,
  vatNumberSeries,
} from './vatNumber.ts';

// Check digits made from the rule itself: the weighted sum of seven digits, and the two digits that bring the total
// (weighted sum + those two as a number) to a multiple of 97, or 55 short of one in the 9755 series.
const weighted = (seven: string) => [...seven].reduce((sum, digit, i) => sum + (8 - i) * Number(digit), 0);
const pairMaking = (seven: string, total: number) =>
  String((((total - weighted(seven)) % 97) + 97) % 97).padStart(2, '0');
const mod97 = (seven: string) => `${seven}${pairMaking(seven, 0)}`;
const mod9755 = (seven: string) => `${seven}${pairMaking(seven, -55)}`;

const bodies = ['1000000', '1234567', '3374400', '9999999', '0000001', '5551234', '8314958'];

test('given published numbers of the original series, when checked, then they are valid mod 97', () => {
  // GB 365 6845 14 is HSBC's; GB 339 0727 47 is a worked example in published guides: 180 + 14 = 194 = 2 × 97.
  assert.is(checkTotal('365684514'), 194);
  assert.is(vatNumberSeries('GB 365 6845 14'), 'mod97');
  assert.is(vatNumberSeries('GB339072747'), 'mod97');
});

test('given numbers built by the original rule, when checked, then each is valid in the mod 97 series', () => {
  for (const seven of bodies) assert.is(vatNumberSeries(`GB${mod97(seven)}`), 'mod97', mod97(seven));
});

test('given numbers built by the 9755 rule, when checked, then each is valid in the 9755 series', () => {
  for (const seven of bodies) {
    const number = mod9755(seven);
    assert.is((checkTotal(number) + 55) % 97, 0, number);
    assert.is(vatNumberSeries(`GB${number}`), 'mod9755', number);
  }
});

test('given a branch number (9 digits and a 3-digit branch), when checked, then the branch takes no part in the check', () => {
  assert.ok(isValidVatNumber('GB 365 6845 14 001'));
  assert.ok(isValidVatNumber(`GB${mod9755('1234567')}999`));
  assert.not.ok(isValidVatNumber('GB 365 6845 15 001'));
});

test('given a valid number with one digit mistyped, when checked, then it is refused', () => {
  assert.not.ok(isValidVatNumber('GB365684515'));
  assert.not.ok(isValidVatNumber('GB365684614'));
  assert.not.ok(isValidVatNumber('GB465684514'));
});

test('given a check pair that fits neither series, when checked, then it is refused', () => {
  for (const seven of bodies) {
    const good = new Set([mod97(seven).slice(7), mod9755(seven).slice(7)]);
    const bad = ['00', '13', '42', '55', '96'].find((pair) => !good.has(pair))!;
    assert.not.ok(isValidVatNumber(`GB${seven}${bad}`), `${seven}${bad}`);
  }
});

test('given numbers of the wrong shape, when normalised, then they are refused', () => {
  for (const input of ['365684514', 'FR365684514', 'GB36568451', 'GB3656845140', 'GB36568451400', 'GB36568451A', ''])
    assert.is(normaliseVatNumber(input), null, input);
  for (const input of ['365684514', 'GB 3656845', 'GB1234567890123', 'GB-365-6845-14'])
    assert.not.ok(isValidVatNumber(input), input);
});

test('given a number typed with spaces and in lower case, when normalised, then it is GB and the digits', () => {
  assert.is(normaliseVatNumber(' gb 365 6845 14 '), 'GB365684514');
  assert.is(normaliseVatNumber('GB 365 6845 14 001'), 'GB365684514001');
});

test('given a number in a request, when the schema reads it, then a valid one comes out normalised', () => {
  assert.equal(v.parse(VatNumberSchema, 'gb 365 6845 14'), 'GB365684514');
});

test('given a bad number in a request, when the schema reads it, then the issue carries the clear message', () => {
  for (const input of ['GB365684515', 'GB123', 365684514]) {
    const result = v.safeParse(VatNumberSchema, input);
    assert.not.ok(result.success);
    assert.is(result.issues?.[0]?.message, vatNumberMessage);
  }
});

test('given a number on record, when it is shown, then it is spaced as HMRC prints it', () => {
  assert.is(formatVatNumber('GB365684514'), 'GB 365 6845 14');
  assert.is(formatVatNumber('GB365684514001'), 'GB 365 6845 14 001');
  assert.is(formatVatNumber('not a number'), 'not a number');
});

test.run();
