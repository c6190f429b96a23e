// An uploaded image made safe and ready to serve (decision 078). Its type is decided by its bytes, never by its name or
// the type it was sent as (which must agree with them); its size in pixels is read from its header before anything is
// decoded, so a small file that would decode to a huge picture is refused unread. It is then decoded once, turned
// upright (EXIF orientation), re-encoded in its own format without any metadata (no EXIF, GPS, camera, XMP or ICC:
// colours are converted to sRGB), and that normalised original names it: media:<sha256>. The served variants are made
// from it at every width of mediaVariantWidths, in WebP and AVIF, never wider than the original.
import { createHash } from 'node:crypto';
import type { Metadata, OutputInfo } from 'sharp';
import {
  imageUploadMessages,
  mediaFormats,
  mediaVariantWidths,
  type AcceptedImageType,
  type MediaFormat,
} from '../../contracts/catalog/images.ts';
import type { ImageRecord, OriginalFormat, PreparedImage, VariantRecord } from '../../contracts/ports/imageStore.ts';
import { HttpError } from '../http/errors.ts';

export type ImageLimits = { maxBytes: number; maxPixels: number };

/**
 * sharp (libvips) costs a process about 25 MiB and a few hundred milliseconds to load, and only an owner's upload uses
 * it: it is loaded by the first upload, not when the shop starts (decision 119).
 */
let sharpLoaded: Promise<(typeof import('sharp'))['default']> | undefined;
const loadSharp = () => (sharpLoaded ??= import('sharp').then((module) => module.default));

/**
 * The encoders' settings. AVIF's effort is the cost that matters: on the shared 2-CPU machine the three AVIF widths of a
 * 3000 × 3000 photograph take about 11 s at sharp's default effort 4 and 1.5–2 s at effort 2, for files a few per cent
 * larger; WebP at effort 4 takes about half a second for all three. The whole preparation of such an upload takes
 * 1.6–1.9 s there (decision 078).
 */
export const encoding = {
  original: { jpeg: { quality: 90 }, png: { compressionLevel: 6 }, webp: { quality: 90 } },
  webp: { quality: 80, effort: 4 },
  avif: { quality: 50, effort: 2 },
} as const;

const typeOfFormat: Record<OriginalFormat, AcceptedImageType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export const unsupportedMediaType = (message: string) => new HttpError(415, message, 'unsupported_media_type');
export const payloadTooLarge = (message: string) => new HttpError(413, message, 'payload_too_large');

/** The format the bytes are by their signature (magic numbers), or null for anything else. */
export function sniffImage(bytes: Buffer): OriginalFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** The media type a request names, without its parameters, in lower case ('' when none). */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Refuses a claimed type the shop does not take, before any byte is read: 415. */
export function checkClaimedType(type: string): OriginalFormat {
  const format = (Object.keys(typeOfFormat) as OriginalFormat[]).find((f) => typeOfFormat[f] === type);
  if (format) return format;
  if (type.includes('svg')) throw unsupportedMediaType(imageUploadMessages.svg);
  throw unsupportedMediaType(imageUploadMessages.notAccepted(type));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function isPixelLimit(error: unknown): boolean {
  return /pixel limit/i.test(error instanceof Error ? error.message : String(error));
}

/**
 * The image as the shop keeps it, or a 400/413/415 naming what is wrong. Nothing is written: storing is the caller's.
 */
export async function prepareImage(bytes: Buffer, claimedType: string, limits: ImageLimits): Promise<PreparedImage> {
  const claimed = checkClaimedType(claimedType);
  if (bytes.length === 0) throw new HttpError(400, imageUploadMessages.empty, 'bad_request');
  if (bytes.length > limits.maxBytes) throw payloadTooLarge(imageUploadMessages.tooLarge(limits.maxBytes));
  const found = sniffImage(bytes);
  if (!found) throw unsupportedMediaType(imageUploadMessages.notAnImage);
  if (found !== claimed) throw unsupportedMediaType(imageUploadMessages.mismatch(found, claimed));

  const sharp = await loadSharp();
  const input = { limitInputPixels: limits.maxPixels, failOn: 'error' } as const;
  let header: Metadata;
  try {
    header = await sharp(bytes, input).metadata();
  } catch (error) {
    if (isPixelLimit(error)) throw payloadTooLarge(imageUploadMessages.tooManyPixels(limits.maxPixels));
    throw unsupportedMediaType(imageUploadMessages.unreadable);
  }
  if (header.format !== found) throw unsupportedMediaType(imageUploadMessages.notAnImage);
  if (!header.width || !header.height) throw unsupportedMediaType(imageUploadMessages.unreadable);
  if (header.width * header.height > limits.maxPixels)
    throw payloadTooLarge(imageUploadMessages.tooManyPixels(limits.maxPixels));

  let original: { data: Buffer; info: OutputInfo };
  try {
    // rotate() with no angle turns the image upright by its EXIF orientation; no withMetadata: nothing of it is kept.
    original = await sharp(bytes, input)
      .rotate()
      .toFormat(found, encoding.original[found])
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (isPixelLimit(error)) throw payloadTooLarge(imageUploadMessages.tooManyPixels(limits.maxPixels));
    throw unsupportedMediaType(imageUploadMessages.unreadable);
  }
  const { width, height } = original.info;

  // The variants, from the normalised original: each width at most the original's, each pixel width encoded once.
  const pixelWidths = [...new Set(mediaVariantWidths.map((w) => Math.min(w, width)))];
  const encoded = new Map<string, { data: Buffer; width: number; height: number }>();
  for (const pixelWidth of pixelWidths) {
    // One decode and resize per width, then each format from the same pixels.
    const resized = await sharp(original.data)
      .resize({ width: pixelWidth, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } };
    for (const format of mediaFormats) {
      const out = await sharp(resized.data, raw)
        .toFormat(format, format === 'avif' ? encoding.avif : encoding.webp)
        .toBuffer({ resolveWithObject: true });
      encoded.set(`${pixelWidth}.${format}`, { data: out.data, width: out.info.width, height: out.info.height });
    }
  }
  const variants: VariantRecord[] = [];
  const variantBytes: Buffer[] = [];
  for (const w of mediaVariantWidths)
    for (const format of mediaFormats) {
      const made = encoded.get(`${Math.min(w, width)}.${format}`)!;
      variants.push({
        width: w,
        format: format satisfies MediaFormat,
        pixelWidth: made.width,
        pixelHeight: made.height,
        bytes: made.data.length,
        sha256: sha256(made.data),
      });
      variantBytes.push(made.data);
    }
  const record: ImageRecord = {
    hash: sha256(original.data),
    format: found,
    width,
    height,
    bytes: original.data.length,
    variants,
  };
  return { record, original: original.data, variants: variantBytes };
}
