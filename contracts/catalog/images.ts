// An image reference: either a static asset under web/public ("/art/covers/book-1.svg") or an uploaded image
// named by the sha256 of its stored original ("media:<64 hex>"). Uploaded images are served as resized variants
// at /media/<sha>-<width>.<webp|avif>; the name is the whole address, so nothing a visitor sends is a path.
import * as v from 'valibot';

export const mediaRefPattern = /^media:([0-9a-f]{64})$/;
/** A static asset path: starts with one slash, no "..", no backslash, no scheme, no query. */
const staticPathPattern = /^\/(?!\/)(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\/)*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)+$/;

export const ImageRefSchema = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (ref) => mediaRefPattern.test(ref) || staticPathPattern.test(ref),
    'An image is an uploaded image (media:…) or a path under the site, like /art/covers/book-1.svg',
  ),
);
export type ImageRef = string;

/** The widths every uploaded image is served at, smallest first. An original narrower than a width is served at
 * its own width under that name: the names are always there, the bytes are never upscaled. */
export const mediaVariantWidths = [320, 640, 1280] as const;
export type MediaVariantWidth = (typeof mediaVariantWidths)[number];
export const mediaFormats = ['avif', 'webp'] as const;
export type MediaFormat = (typeof mediaFormats)[number];

/** Where the variants are served; nothing else is under it (every other path there is a 404). */
export const mediaRoot = '/media';
export const isMediaPath = (path: string): boolean => path === mediaRoot || path.startsWith(`${mediaRoot}/`);

/** The file name of one served variant: "<sha>-<width>.<format>". The server matches exactly this. */
export const mediaFileNamePattern = /^([0-9a-f]{64})-(320|640|1280)\.(webp|avif)$/;

export function isMediaRef(ref: string): boolean {
  return mediaRefPattern.test(ref);
}

/** The sha256 (64 hex) of a media reference, or undefined for a static path. */
export function mediaHash(ref: string): string | undefined {
  return mediaRefPattern.exec(ref)?.[1];
}

export function mediaRefOf(sha256: string): string {
  return `media:${sha256}`;
}

export function mediaUrl(ref: string, width: MediaVariantWidth, format: MediaFormat): string {
  const hash = mediaHash(ref);
  if (!hash) throw new Error(`not an uploaded image: ${ref}`);
  return `${mediaRoot}/${hash}-${width}.${format}`;
}

/** "…-320.webp 320w, …-640.webp 640w, …" for a media reference; the path itself for a static one. */
export function imageSrcSet(ref: string, format: MediaFormat): string {
  if (!isMediaRef(ref)) return ref;
  return mediaVariantWidths.map((w) => `${mediaUrl(ref, w, format)} ${w}w`).join(', ');
}

/** The single address for places that take one URL (og:image, the merchant feed, JSON-LD): the widest WebP for
 * a media reference, the path itself for a static one. */
export function imageUrl(ref: string, width: MediaVariantWidth = 1280, format: MediaFormat = 'webp'): string {
  return isMediaRef(ref) ? mediaUrl(ref, width, format) : ref;
}

/** What an upload answers: POST /api/admin/images → 201. */
export const UploadedImageSchema = v.object({
  ref: v.pipe(v.string(), v.regex(mediaRefPattern)),
  width: v.pipe(v.number(), v.integer(), v.minValue(1)),
  height: v.pipe(v.number(), v.integer(), v.minValue(1)),
  format: v.picklist(['jpeg', 'png', 'webp']),
});
export type UploadedImage = v.InferOutput<typeof UploadedImageSchema>;
export const UploadImageResponseSchema = v.object({ image: UploadedImageSchema });
export type UploadImageResponse = v.InferOutput<typeof UploadImageResponseSchema>;

/** The types an upload may claim, and the limits it is held to (the service's config can lower them). */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AcceptedImageType = (typeof acceptedImageTypes)[number];
export const imageUploadLimits = { maxBytes: 8 * 1024 * 1024, maxPixels: 40_000_000 } as const;

const formatNames = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP' } as const;

/** What a refused upload is told. */
export const imageUploadMessages = {
  empty: 'The upload was empty: choose a JPEG, PNG or WebP image.',
  notAccepted: (type: string) =>
    `Images are uploaded as JPEG, PNG or WebP; ${type ? `"${type.slice(0, 60)}"` : 'a file with no type'} is not one of them.`,
  svg: 'SVG images cannot be uploaded: they can carry scripts. Please export it as a PNG or WebP.',
  notAnImage: 'The file is not a JPEG, PNG or WebP image.',
  mismatch: (found: keyof typeof formatNames, claimed: keyof typeof formatNames) =>
    `The file is a ${formatNames[found]} image, not the ${formatNames[claimed]} it was sent as.`,
  unreadable: 'The image could not be read: it may be damaged. Please save it again and upload the new copy.',
  tooLarge: (maxBytes: number) =>
    `The image is larger than ${Math.round(maxBytes / 1024 / 1024) >= 1 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${Math.round(maxBytes / 1024)} KB`}: please make it smaller and try again.`,
  tooManyPixels: (maxPixels: number) =>
    `The image has more than ${maxPixels / 1_000_000} million pixels: please make it smaller (a cover needs no more than about 3000 × 3000).`,
} as const;
