// Images for the upload tests, made with sharp: a phone photo's JPEG with EXIF (orientation, author, GPS), plain PNGs
// and WebPs of a given size, and a PNG whose header claims a huge picture over a few bytes (a decompression bomb).
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { call, type TestShop } from './shop.ts';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 90 } } });

/** A 400 × 300 JPEG turned on its side by EXIF (orientation 6), naming its author and where it was taken. */
export function jpegWithExif(): Promise<Buffer> {
  return picture(400, 300)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Artist: 'Secret Photographer', Copyright: 'Secret Photographer' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .jpeg()
    .toBuffer();
}

export const pngOf = (width: number, height: number) => picture(width, height).png().toBuffer();
export const webpOf = (width: number, height: number) => picture(width, height).webp().toBuffer();

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header claiming width × height pixels, with almost no data behind it. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** POST /api/admin/images with the bytes as the body and `type` as their Content-Type. */
export function uploadImage(
  shop: TestShop,
  bytes: Buffer | string,
  type: string,
  headers: Record<string, string> = {},
) {
  return call(`${shop.url}/api/admin/images`, {
    method: 'POST',
    headers: { 'content-type': type, ...headers },
    raw: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
  });
}
