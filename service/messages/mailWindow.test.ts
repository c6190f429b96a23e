// The owner's mail window decider as a specification (decision 095): each message is counted once in its window, e-mailed
// while the window's count is within the cap and kept in the inbox past it; counting it again changes nothing.
import { test } from 'uvu';
import type { MessageMailCounted } from '../../contracts/messages/events.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { windowDecider } from './ownerMailCap.ts';

const spec = deciderSpec(windowDecider);
const window = { start: Date.parse('2026-12-01T10:00:00.000Z'), end: Date.parse('2026-12-01T11:00:00.000Z') };
const at = '2026-12-01T10:20:00.000Z';
const counted = (messageId: string, mailed: boolean): MessageMailCounted => ({
  type: 'MessageMailCounted',
  data: { messageId, windowStart: '2026-12-01T10:00:00.000Z', windowEnd: '2026-12-01T11:00:00.000Z', mailed, at },
});
const count = (messageId: string, cap = 2) => ({ type: 'CountMessage' as const, messageId, cap, window, at });

test('messages within the cap are e-mailed, each counted in its window', () => {
  spec
    .given([])
    .when(count('m1'))
    .then([counted('m1', true)]);
  spec
    .given([counted('m1', true)])
    .when(count('m2'))
    .then([counted('m2', true)]);
});

test('past the cap a message is kept in the inbox, and those kept do not use up the cap', () => {
  spec
    .given([counted('m1', true), counted('m2', true)])
    .when(count('m3'))
    .then([counted('m3', false)]);
  spec
    .given([counted('m1', true), counted('m2', false)])
    .when(count('m3'))
    .then([counted('m3', true)]);
});

test('a message counted already, e-mailed or kept, is not counted again', () => {
  spec
    .given([counted('m1', true)])
    .when(count('m1'))
    .then([]);
  spec
    .given([counted('m1', true), counted('m2', true), counted('m3', false)])
    .when(count('m3', 5))
    .then([]);
});

test.run();
