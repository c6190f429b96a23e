import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import {
  ImageRefSchema,
  imageSrcSet,
  imageUrl,
  isMediaRef,
  mediaFileNamePattern,
  mediaUrl,
  mediaVariantWidths,
} from './images.ts';
import { shopContent } from './content.ts';

const sha = 'ab'.repeat(32);
const ref = `media:${sha}`;

test('a media reference names its variants by hash, width and format', () => {
  assert.ok(isMediaRef(ref));
  assert.is(mediaUrl(ref, 640, 'avif'), `/media/${sha}-640.avif`);
  assert.is(imageSrcSet(ref, 'webp'), mediaVariantWidths.map((w) => `/media/${sha}-${w}.webp ${w}w`).join(', '));
  for (const w of mediaVariantWidths) assert.ok(mediaFileNamePattern.test(`${sha}-${w}.webp`));
  assert.is(imageUrl(ref), `/media/${sha}-1280.webp`);
});

test('a static path stays itself', () => {
  assert.not.ok(isMediaRef('/art/covers/book-1.svg'));
  assert.is(imageSrcSet('/art/covers/book-1.svg', 'webp'), '/art/covers/book-1.svg');
  assert.is(imageUrl('/art/covers/book-1.svg'), '/art/covers/book-1.svg');
  assert.throws(() => mediaUrl('/art/covers/book-1.svg', 320, 'webp'));
});

test('the schema takes every image in the content file and refuses tricks', () => {
  for (const b of shopContent.books) assert.ok(v.is(ImageRefSchema, b.coverImage), b.coverImage);
  assert.ok(v.is(ImageRefSchema, ref));
  for (const bad of [
    'media:' + 'AB'.repeat(32),
    'media:abc',
    '/art/../secret.png',
    '//evil.example/x.png',
    'https://evil.example/x.png',
    'javascript:alert(1)',
    '/art\\x.png',
    '/art/x.png?y=1',
    'art/x.png',
    '',
  ])
    assert.not.ok(v.is(ImageRefSchema, bad), bad);
  assert.not.ok(mediaFileNamePattern.test(`${sha}-321.webp`));
  assert.not.ok(mediaFileNamePattern.test(`${sha}-320.png`));
});

test.run();
