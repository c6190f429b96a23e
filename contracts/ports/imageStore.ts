// The image store port: uploaded images kept by content (decision 078). An image is its normalised original and its
// served variants, named by the sha256 of that original; storing is whole or not at all, and storing an image already
// kept changes nothing. The filesystem adapter keeps them under DATA_DIR/media (infra/images/fileImageStore.ts); a
// shop on more than one machine would put a bucket behind the same port.
import type { MediaFormat, MediaVariantWidth } from '../catalog/images.ts';

/** The formats an original is kept in: the uploaded one's, re-encoded. */
export type OriginalFormat = 'jpeg' | 'png' | 'webp';

/** One served variant as stored: its address width, the pixels it really has, and its own sha256 (its ETag). */
export type VariantRecord = {
  width: MediaVariantWidth;
  format: MediaFormat;
  /** the pixel width of the bytes: the address width, or the original's when that is narrower (never upscaled) */
  pixelWidth: number;
  pixelHeight: number;
  bytes: number;
  sha256: string;
};

/** What is kept about an image, beside its files. */
export type ImageRecord = {
  /** sha256 of the normalised original's bytes: the image's name */
  hash: string;
  format: OriginalFormat;
  width: number;
  height: number;
  /** size of the normalised original */
  bytes: number;
  variants: VariantRecord[];
};

/** An image ready to keep: its record and the bytes of the original and of each variant, in the record's order. */
export type PreparedImage = {
  record: ImageRecord;
  original: Buffer;
  variants: Buffer[];
};

/** A variant's bytes with what an answer needs. */
export type StoredVariant = { record: VariantRecord; content: Buffer };

export interface ImageStore {
  /**
   * Keeps the image, whole or not at all (a crash leaves it absent or complete, never half-written). Answers false,
   * writing nothing, when an image of that hash is already kept.
   */
  put(image: PreparedImage): Promise<boolean>;
  /** The record of a kept image, or null. */
  get(hash: string): Promise<ImageRecord | null>;
  /** One variant's bytes, or null when the image or that variant is not kept. */
  variant(hash: string, width: MediaVariantWidth, format: MediaFormat): Promise<StoredVariant | null>;
  /** The normalised original's bytes, or null. */
  original(hash: string): Promise<Buffer | null>;
}
