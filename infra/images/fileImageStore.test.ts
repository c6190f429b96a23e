// The filesystem image store (decision 078): an image is kept whole or not at all, once however often or however
// concurrently it is stored, under the sha256 of its original, privately; an unfinished write is never seen.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mediaFormats, mediaVariantWidths } from '../../contracts/catalog/images.ts';
import type { PreparedImage } from '../../contracts/ports/imageStore.ts';
import { checkImageFolder, openFileImageStore } from './fileImageStore.ts';

const root = mkdtempSync(join(tmpdir(), 'image-store-'));
test.after(() => rmSync(root, { recursive: true, force: true }));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** An image as the upload prepares it; the store never decodes, so any bytes do. */
function prepared(seed: string): PreparedImage {
  const original = Buffer.from(`original ${seed}`);
  const variants: Buffer[] = [];
  const records = mediaVariantWidths.flatMap((width) =>
    mediaFormats.map((format) => {
      const bytes = Buffer.from(`${seed} ${width} ${format}`);
      variants.push(bytes);
      return { width, format, pixelWidth: width, pixelHeight: width, bytes: bytes.length, sha256: sha256(bytes) };
    }),
  );
  return {
    record: {
      hash: sha256(original),
      format: 'jpeg',
      width: 2000,
      height: 1500,
      bytes: original.length,
      variants: records,
    },
    original,
    variants,
  };
}

const everything = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

test('an image is kept under its hash with its record and variants, privately, and read back', async () => {
  const dir = join(root, 'one');
  const store = openFileImageStore(dir);
  const image = prepared('one');
  assert.is(await store.get(image.record.hash), null);
  assert.is(await store.put(image), true);
  const hash = image.record.hash;
  assert.equal(everything(dir), [
    hash,
    ...['1280.avif', '1280.webp', '320.avif', '320.webp', '640.avif', '640.webp', 'image.json', 'original.jpg'].map(
      (name) => `${hash}/${name}`,
    ),
  ]);
  for (const name of everything(dir)) {
    const stat = statSync(join(dir, name));
    assert.is(stat.mode & 0o777, stat.isDirectory() ? 0o700 : 0o600, name);
  }
  assert.equal(await store.get(hash), image.record);
  // Another store on the same folder (another process, a restart) reads it from the disk.
  const reopened = openFileImageStore(dir);
  assert.equal(await reopened.get(hash), image.record);
  const variant = await reopened.variant(hash, 640, 'avif');
  assert.equal(variant!.content, Buffer.from('one 640 avif'));
  assert.is(variant!.record.sha256, sha256(Buffer.from('one 640 avif')));
  assert.equal(await reopened.original(hash), image.original);
  assert.is(await reopened.variant('f'.repeat(64), 640, 'avif'), null);
  assert.is(await reopened.variant('../../etc', 640, 'avif'), null);
  assert.equal(checkImageFolder(dir), { images: 1, problems: [] });
});

test('the same image stored again, or twenty times at once, is one folder and one write', async () => {
  const dir = join(root, 'twice');
  const store = openFileImageStore(dir);
  const image = prepared('twice');
  assert.is(await store.put(image), true);
  const written = statSync(join(dir, image.record.hash, 'image.json')).mtimeMs;
  assert.is(await store.put(image), false);
  assert.is(await openFileImageStore(dir).put(image), false);
  assert.is(statSync(join(dir, image.record.hash, 'image.json')).mtimeMs, written);

  const racing = prepared('racing');
  const stores = Array.from({ length: 20 }, () => openFileImageStore(dir));
  const results = await Promise.all(stores.map((s) => s.put(racing)));
  assert.is(results.filter(Boolean).length, 1, `stored ${results.filter(Boolean).length} times`);
  assert.equal(readdirSync(dir).sort(), [image.record.hash, racing.record.hash].sort(), 'no unfinished folder is left');
  assert.equal(checkImageFolder(dir), { images: 2, problems: [] });
});

test('an unfinished write is never an image, and bytes that are not what their record says are refused', async () => {
  const dir = join(root, 'unfinished');
  const image = prepared('unfinished');
  // A crash while writing leaves a hidden folder: not an image, not checked, not in the way.
  mkdirSync(join(dir, '.incoming-0123456789abcdef'), { recursive: true });
  writeFileSync(join(dir, '.incoming-0123456789abcdef', 'original.jpg'), image.original);
  const store = openFileImageStore(dir);
  assert.is(await store.get(image.record.hash), null);
  assert.equal(checkImageFolder(dir), { images: 0, problems: [] });

  const forged = { ...image, original: Buffer.from('something else') };
  try {
    await store.put(forged);
    assert.unreachable('a forged original was kept');
  } catch (error) {
    assert.match((error as Error).message, 'does not have the hash');
  }
  const swapped = { ...image, variants: [...image.variants].reverse() };
  try {
    await store.put(swapped);
    assert.unreachable('swapped variants were kept');
  } catch (error) {
    assert.match((error as Error).message, 'recorded hash');
  }
  assert.equal(readdirSync(dir), ['.incoming-0123456789abcdef']);
  assert.is(await store.put(image), true);
});

test('the check names an image whose files are not what it records', async () => {
  const dir = join(root, 'changed');
  const store = openFileImageStore(dir);
  const image = prepared('changed');
  await store.put(image);
  writeFileSync(join(dir, image.record.hash, '320.webp'), 'changed');
  const { images, problems } = checkImageFolder(dir);
  assert.is(images, 1);
  assert.match(problems.join(), /320\.webp that is not the one recorded/);
  rmSync(join(dir, image.record.hash, 'original.jpg'));
  assert.match(checkImageFolder(dir).problems.join(), /lacks a file/);
});

test.run();
