// Uploading the catalogue's images and serving them (decision 078): JPEG, PNG and WebP are taken, turned upright and
// kept without their metadata; anything else is refused with a clear 4xx and leaves nothing behind; the variants are
// served with their own strong ETag, a year's cache and a 304 to a browser that has them; no other path is served.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { imageStream } from '../../contracts/shared/streams.ts';
import { mediaUrl, mediaVariantWidths, type UploadImageResponse } from '../../contracts/catalog/images.ts';
import { jpegWithExif, pngClaiming, pngOf, uploadImage, webpOf } from '../../infra/testing/images.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';

let shop: TestShop;
let owner: Record<string, string>;
test.before(async () => {
  shop = await startTestShop();
  owner = await adminHeaders(shop);
});
test.after(async () => {
  await shop.close();
});

const mediaDir = () => join(shop.dataDir, 'media');
/** Every file under DATA_DIR/media, hidden ones included. */
function mediaFiles(): string[] {
  if (!existsSync(mediaDir())) return [];
  return readdirSync(mediaDir(), { recursive: true, encoding: 'utf8' }).sort();
}
async function imageEvents() {
  const streams = await shop.shop.deps.events.listStreams();
  return streams.filter((s) => s.stream.startsWith('image-'));
}
const hashOf = (ref: string) => ref.slice('media:'.length);

test('a JPEG with EXIF is taken: turned upright, its original and every variant kept with no metadata', async () => {
  const jpeg = await jpegWithExif();
  assert.ok(jpeg.includes('Secret Photographer'));
  const res = await uploadImage(shop, jpeg, 'image/jpeg', owner);
  assert.is(res.status, 201, res.text);
  const { image } = res.json as UploadImageResponse;
  assert.match(image.ref, /^media:[0-9a-f]{64}$/);
  // 400 × 300 on its side: 300 × 400 upright.
  assert.equal([image.width, image.height, image.format], [300, 400, 'jpeg']);

  const folder = join(mediaDir(), hashOf(image.ref));
  const original = readFileSync(join(folder, 'original.jpg'));
  const kept = await sharp(original).metadata();
  assert.is(kept.exif, undefined);
  assert.is(kept.orientation, undefined);
  assert.not.ok(original.includes('Secret Photographer'));
  for (const width of mediaVariantWidths)
    for (const format of ['webp', 'avif'] as const) {
      const served = await call(`${shop.url}${mediaUrl(image.ref, width, format)}`);
      assert.is(served.status, 200, `${width}.${format}`);
      const file = readFileSync(join(folder, `${width}.${format}`));
      const meta = await sharp(file).metadata();
      assert.is(meta.exif, undefined, `${width}.${format}`);
      assert.not.ok(file.includes('Secret Photographer'));
      // Never wider than the original: 300 px wide at every address from 320 up.
      assert.is(meta.width, Math.min(width, 300), `${width}.${format}`);
    }

  // Recorded once, with who added it.
  const stream = await shop.shop.deps.events.readStream(imageStream(hashOf(image.ref)));
  assert.equal(
    stream.map((e) => [e.type, e.metadata.causedBy, (e.data as { by: string }).by]),
    [['ImageUploaded', 'admin:admin', 'admin']],
  );
  assert.equal((stream[0]!.data as Record<string, unknown>).ref, image.ref);

  // The same image again: the same reference, no new file, no new event.
  const before = mediaFiles();
  const again = await uploadImage(shop, jpeg, 'image/jpeg', owner);
  assert.is(again.status, 201);
  assert.is((again.json as UploadImageResponse).image.ref, image.ref);
  assert.equal(mediaFiles(), before);
  assert.is((await shop.shop.deps.events.readStream(imageStream(hashOf(image.ref)))).length, 1);
});

test('PNG and WebP are taken in their own format', async () => {
  const png = await uploadImage(shop, await pngOf(700, 500), 'image/png', owner);
  assert.is(png.status, 201, png.text);
  assert.equal((png.json as UploadImageResponse).image.format, 'png');
  const webp = await uploadImage(shop, await webpOf(1500, 900), 'image/webp; charset=binary', owner);
  assert.is(webp.status, 201, webp.text);
  const { image } = webp.json as UploadImageResponse;
  assert.equal([image.width, image.height, image.format], [1500, 900, 'webp']);
  assert.ok(existsSync(join(mediaDir(), hashOf(image.ref), 'original.webp')));
});

test('what is not an accepted image is refused with a clear 4xx, and nothing is stored', async () => {
  const before = mediaFiles();
  const eventsBefore = (await imageEvents()).length;
  const png = await pngOf(64, 64);
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  const refusals: Array<[string, Buffer | string, string, number, RegExp]> = [
    ['a text file sent as a JPEG', 'just some words', 'image/jpeg', 415, /not a JPEG, PNG or WebP/],
    ['a text file as text', 'just some words', 'text/plain', 415, /"text\/plain" is not one of them/],
    ['an SVG with a script', svg, 'image/svg+xml', 415, /SVG images cannot be uploaded/],
    ['an SVG sent as a PNG', svg, 'image/png', 415, /not a JPEG, PNG or WebP/],
    ['PNG bytes sent as a JPEG', png, 'image/jpeg', 415, /is a PNG image, not the JPEG/],
    ['no type at all', png, '', 415, /no type/],
    ['an empty body', '', 'image/png', 400, /empty/],
    ['a PNG header over nothing', pngClaiming(100, 100), 'image/png', 415, /could not be read/],
    ['a picture of 400 million pixels', pngClaiming(20_000, 20_000), 'image/png', 413, /more than 40 million pixels/],
    ['a body over 8 MB', Buffer.alloc(8 * 1024 * 1024 + 1, 0xff), 'image/jpeg', 413, /larger than 8 MB/],
  ];
  for (const [what, body, type, status, message] of refusals) {
    const res = await uploadImage(shop, body, type, owner);
    assert.is(res.status, status, `${what}: ${res.text}`);
    assert.match(res.json?.message ?? '', message, what);
  }
  assert.equal(mediaFiles(), before);
  assert.is((await imageEvents()).length, eventsBefore);
});

test('an upload without a signed-in owner is a 401, and stores nothing', async () => {
  const before = mediaFiles();
  const res = await uploadImage(shop, await pngOf(50, 50), 'image/png');
  assert.is(res.status, 401);
  assert.equal(mediaFiles(), before);
});

/** A GET of the path exactly as written (fetch would tidy it first, and marks a conditional request no-cache). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<number> {
  const { hostname, port } = new URL(shop.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers, method: 'GET', timeout: 30_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path}: no answer`)));
    req.on('error', reject);
    req.end();
  });
}

test('a variant is served with its own strong ETag, a year of immutable cache, and 304 when the browser has it', async () => {
  const { image } = (await uploadImage(shop, await pngOf(900, 600), 'image/png', owner)).json as UploadImageResponse;
  const url = `${shop.url}${mediaUrl(image.ref, 640, 'avif')}`;
  const res = await call(url);
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'image/avif');
  assert.is(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const etag = res.headers.get('etag')!;
  assert.match(etag, /^"[0-9a-f]{64}"$/);
  const webp = await call(`${shop.url}${mediaUrl(image.ref, 640, 'webp')}`);
  assert.is(webp.headers.get('content-type'), 'image/webp');
  assert.is.not(webp.headers.get('etag'), etag);
  const path = mediaUrl(image.ref, 640, 'avif');
  assert.is(await rawGet(path, { 'if-none-match': etag }), 304);
  assert.is(await rawGet(path, { 'if-none-match': `"0000", ${etag}` }), 304);
  assert.is(await rawGet(path, { 'if-none-match': '"0000"' }), 200);
  // A reload asks past every cache: the bytes again.
  assert.is(await rawGet(path, { 'if-none-match': etag, 'cache-control': 'no-cache' }), 200);
});

test('nothing but a variant the shop made is served from /media', async () => {
  const { image } = (await uploadImage(shop, await pngOf(120, 80), 'image/png', owner)).json as UploadImageResponse;
  const hash = hashOf(image.ref);
  assert.is(await rawGet(`/media/${hash}-320.webp`), 200);
  for (const path of [
    '/media/../data/events.sqlite',
    '/media/..%2f..%2fdata%2fevents.sqlite',
    '/media/%2e%2e/events.sqlite',
    `/MEDIA/${hash}-320.webp`,
    `/media/${hash.toUpperCase()}-320.webp`,
    `/media/${hash}-321.webp`,
    `/media/${hash}-320.png`,
    `/media/${hash}/original.png`,
    `/media/${hash}-320.webp/`,
    `/media/${'0'.repeat(64)}-320.webp`,
    '/media/',
    '/media',
  ])
    assert.is(await rawGet(path), 404, path);
});

test.run();
