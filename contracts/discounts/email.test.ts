// The once-per-address rule's form of an address (decision 092): every spelling that reaches one inbox is one form;
// addresses of different people stay apart; the form is the old one (trimmed, lower-case) for any address without a
// `+tag` and outside Gmail's dots, so redemptions recorded before keep matching.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { legacyEmailForm, normaliseEmail } from './email.ts';

test('case, surrounding space and a +tag are one address', () => {
  for (const spelling of [
    'once@example.com',
    ' Once@Example.com ',
    'ONCE@EXAMPLE.COM',
    'once+1@example.com',
    'Once+shop+x@example.com',
  ])
    assert.is(normaliseEmail(spelling), 'once@example.com', spelling);
});

test('dots in the local part are dropped for Gmail only, and googlemail.com is gmail.com', () => {
  for (const spelling of [
    'once@gmail.com',
    'o.n.c.e@gmail.com',
    'O.nce+promo@GMail.com',
    'once@googlemail.com',
    'on.ce@googlemail.com',
  ])
    assert.is(normaliseEmail(spelling), 'once@gmail.com', spelling);
  assert.is(normaliseEmail('o.n.c.e@example.com'), 'o.n.c.e@example.com', 'other providers keep their dots');
  assert.is.not(normaliseEmail('o.n.c.e@example.com'), normaliseEmail('once@example.com'));
});

test('different people stay different', () => {
  assert.is.not(normaliseEmail('once@example.com'), normaliseEmail('twice@example.com'));
  assert.is.not(normaliseEmail('once@example.com'), normaliseEmail('once@example.org'));
  assert.is.not(normaliseEmail('once@gmail.com'), normaliseEmail('once@gmail.co.uk'));
  assert.is.not(normaliseEmail('once-1@example.com'), normaliseEmail('once@example.com'), 'only + starts a tag');
});

test('odd shapes are kept as typed, trimmed and lower-case, never emptied', () => {
  assert.is(normaliseEmail('+tag@example.com'), '+tag@example.com', 'a local part that is all tag');
  assert.is(normaliseEmail('...@gmail.com'), '...@gmail.com', 'a local part that is all dots');
  assert.is(normaliseEmail('no-at-sign'), 'no-at-sign');
  assert.is(normaliseEmail('@example.com'), '@example.com');
  assert.is(normaliseEmail('once@'), 'once@');
  assert.is(normaliseEmail('once@example.com.'), 'once@example.com', 'a trailing dot on the domain');
  assert.is(normaliseEmail('a"b@c"@example.com'), 'a"b@c"@example.com', 'the last @ splits');
});

test('without a tag or Gmail dots the form is the one hashed before, so old redemptions still match', () => {
  for (const address of [' Amina@Example.com', 'bilal@example.co.uk', 'once@gmail.com', 'first.last@example.com'])
    assert.is(normaliseEmail(address), legacyEmailForm(address), address);
  assert.is.not(normaliseEmail('first.last@gmail.com'), legacyEmailForm('first.last@gmail.com'));
  assert.is.not(normaliseEmail('once+1@example.com'), legacyEmailForm('once+1@example.com'));
});

test.run();
