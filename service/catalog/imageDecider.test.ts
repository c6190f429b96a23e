// The image decider as a specification (decision 078): an image's first upload is recorded; the same image again adds
// nothing.
import { test } from 'uvu';
import type { ImageUploaded } from '../../contracts/catalog/events.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { imageDecider } from './imageRoutes.ts';

const spec = deciderSpec(imageDecider);
const data: ImageUploaded['data'] = {
  ref: `media:${'a'.repeat(64)}`,
  width: 1200,
  height: 1600,
  format: 'webp',
  bytes: 48_000,
  by: 'admin',
  at: '2026-12-01T10:00:00.000Z',
};
const uploaded: ImageUploaded = { type: 'ImageUploaded', data };

test("an image's first upload is recorded", () => {
  spec.given([]).when({ type: 'RecordUpload', data }).then([uploaded]);
});

test('the same image uploaded again records nothing', () => {
  spec
    .given([uploaded])
    .when({ type: 'RecordUpload', data: { ...data, at: '2026-12-02T10:00:00.000Z' } })
    .then([]);
});

test.run();
