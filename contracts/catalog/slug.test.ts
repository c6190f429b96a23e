import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { SlugSchema, slugOf } from './slug.ts';
import { shopContent } from './content.ts';

test('a slug is made from a title without accents, punctuation or edge hyphens', () => {
  assert.is(slugOf('Alif to Ya: My Arabic Alphabet Poster!'), 'alif-to-ya-my-arabic-alphabet-poster');
  assert.is(slugOf('  Café   Stories '), 'cafe-stories');
  assert.ok(v.is(SlugSchema, slugOf('The Kindness Basket')));
});

test('a slug refuses capitals, spaces, slashes and doubled hyphens', () => {
  for (const bad of ['The-Book', 'a b', '../etc', 'a--b', '-a', 'a-', '']) assert.not.ok(v.is(SlugSchema, bad), bad);
});

test('every book in the content file has its own slug', () => {
  const slugs = shopContent.books.map((b) => b.slug);
  assert.is(new Set(slugs).size, slugs.length);
});

test.run();
