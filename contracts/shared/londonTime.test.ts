// A moment picked in London time is the instant the UK's clocks showed it, across both changes of the clocks.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fromLondonInput, londonText, toLondonInput } from './londonTime.ts';

test('winter is GMT and summer BST', () => {
  assert.is(fromLondonInput('2026-01-15T10:30'), '2026-01-15T10:30:00.000Z');
  assert.is(fromLondonInput('2026-07-01T10:30'), '2026-07-01T09:30:00.000Z');
  assert.is(fromLondonInput('2026-07-01T00:15:05'), '2026-06-30T23:15:05.000Z');
});

test('the March change: the skipped hour reads as the clock shows it, the minutes around it exactly', () => {
  // Clocks go from 01:00 GMT to 02:00 BST on 29 March 2026.
  assert.is(fromLondonInput('2026-03-29T00:59'), '2026-03-29T00:59:00.000Z');
  assert.is(fromLondonInput('2026-03-29T01:30'), '2026-03-29T01:30:00.000Z');
  assert.is(fromLondonInput('2026-03-29T02:00'), '2026-03-29T01:00:00.000Z');
  assert.is(fromLondonInput('2026-03-29T03:00'), '2026-03-29T02:00:00.000Z');
});

test('the October change: before it BST, the repeated hour its second time, after it GMT', () => {
  // Clocks go from 02:00 BST back to 01:00 GMT on 25 October 2026.
  assert.is(fromLondonInput('2026-10-25T00:30'), '2026-10-24T23:30:00.000Z');
  assert.is(fromLondonInput('2026-10-25T01:30'), '2026-10-25T01:30:00.000Z');
  assert.is(fromLondonInput('2026-10-25T02:00'), '2026-10-25T02:00:00.000Z');
});

test('what is no London wall time is refused', () => {
  for (const bad of ['', 'yesterday', '2026-02-30T10:00', '2026-01-01T24:00', '2026-01-01', '2026-01-01T10:00Z'])
    assert.is(fromLondonInput(bad), null, bad);
});

test('an instant back in London time, for the input and for reading', () => {
  assert.is(toLondonInput('2026-07-01T09:30:00.000Z'), '2026-07-01T10:30:00');
  assert.is(toLondonInput('2026-01-15T10:30:00Z'), '2026-01-15T10:30:00');
  assert.is(fromLondonInput(toLondonInput('2026-10-25T01:30:00.000Z')), '2026-10-25T01:30:00.000Z');
  assert.is(londonText('2026-07-01T09:30:00.000Z'), '1 Jul 2026, 10:30:00 BST');
  assert.is(londonText('2026-01-15T10:30:00.000Z'), '15 Jan 2026, 10:30:00 GMT');
});

test.run();
