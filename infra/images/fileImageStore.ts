// Uploaded images in a folder of the data folder (decision 078): DATA_DIR/media/<sha256>/ holds the normalised
// original (original.jpg|png|webp), every served variant (320.webp, 320.avif, …) and image.json, the record. An image
// is written into a hidden folder beside the others and renamed into place whole, so a crash leaves it absent or
// complete; the rename fails when another upload of the same image got there first, and the image is then simply kept
// once. The backup copies the folder like any other file of the data folder, and skips the hidden, unfinished ones.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaFormat, MediaVariantWidth } from '../../contracts/catalog/images.ts';
import type {
  ImageRecord,
  ImageStore,
  OriginalFormat,
  PreparedImage,
  StoredVariant,
} from '../../contracts/ports/imageStore.ts';
import { ensurePrivateDir, privateDirMode, privateFileMode } from '../../service/dataFiles.ts';

/** The images' folder in DATA_DIR. A backup copies it like any other file of the data folder; a restore checks it. */
export const mediaFolderName = 'media';

const hashPattern = /^[0-9a-f]{64}$/;
const extensions: Record<OriginalFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const recordFile = 'image.json';
/** Records are read at every served variant and never change: the most recent are kept in memory. */
const recordsKept = 2000;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function checkedHash(hash: string): string {
  if (!hashPattern.test(hash)) throw new Error(`not an image hash: ${hash.slice(0, 80)}`);
  return hash;
}

export const variantFileName = (width: MediaVariantWidth, format: MediaFormat) => `${width}.${format}`;
export const originalFileName = (format: OriginalFormat) => `original.${extensions[format]}`;

export function openFileImageStore(root: string): ImageStore {
  const records = new Map<string, ImageRecord>();
  const remember = (record: ImageRecord) => {
    if (records.size >= recordsKept) records.delete(records.keys().next().value!);
    records.set(record.hash, record);
    return record;
  };
  const folderOf = (hash: string) => join(root, checkedHash(hash));

  async function get(hash: string): Promise<ImageRecord | null> {
    const kept = records.get(hash);
    if (kept) return kept;
    try {
      return remember(JSON.parse(await readFile(join(folderOf(hash), recordFile), 'utf8')) as ImageRecord);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  return {
    async put({ record, original, variants }: PreparedImage): Promise<boolean> {
      const target = folderOf(record.hash);
      // What is kept under a name is what the name says: the original's own hash, and each variant's.
      if (sha256(original) !== record.hash) throw new Error('the original does not have the hash it is kept under');
      if (variants.length !== record.variants.length) throw new Error('a variant record without its bytes');
      variants.forEach((bytes, i) => {
        if (sha256(bytes) !== record.variants[i]!.sha256) throw new Error('a variant does not have its recorded hash');
      });
      if (existsSync(join(target, recordFile))) return false;
      ensurePrivateDir(root);
      const incoming = join(root, `.incoming-${randomBytes(8).toString('hex')}`);
      mkdirSync(incoming, { mode: privateDirMode });
      try {
        const write = (name: string, bytes: Buffer | string) =>
          writeFile(join(incoming, name), bytes, { mode: privateFileMode, flag: 'wx' });
        await write(originalFileName(record.format), original);
        await Promise.all(record.variants.map((v, i) => write(variantFileName(v.width, v.format), variants[i]!)));
        await write(recordFile, `${JSON.stringify(record, null, 2)}\n`);
        try {
          renameSync(incoming, target);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          // Another upload of the same image renamed its folder first: the image is kept, once.
          if ((code === 'ENOTEMPTY' || code === 'EEXIST') && existsSync(join(target, recordFile))) return false;
          throw error;
        }
        remember(record);
        return true;
      } finally {
        rmSync(incoming, { recursive: true, force: true });
      }
    },

    get,

    async variant(hash, width, format): Promise<StoredVariant | null> {
      if (!hashPattern.test(hash)) return null;
      const record = await get(hash);
      const variant = record?.variants.find((v) => v.width === width && v.format === format);
      if (!variant) return null;
      try {
        return { record: variant, content: await readFile(join(folderOf(hash), variantFileName(width, format))) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async original(hash) {
      if (!hashPattern.test(hash)) return null;
      const record = await get(hash);
      if (!record) return null;
      return readFile(join(folderOf(hash), originalFileName(record.format)));
    },
  };
}

/**
 * Checks a folder of kept images, as a restore does (decision 078): every image's record reads, its original's sha256
 * is the name it is kept under, and every variant it records is there with its recorded sha256. Answers how many
 * images were checked and what is wrong, if anything.
 */
export function checkImageFolder(root: string): { images: number; problems: string[] } {
  const problems: string[] = [];
  let images = 0;
  if (!existsSync(root)) return { images, problems };
  for (const name of readdirSync(root).sort()) {
    if (name.startsWith('.')) continue;
    images++;
    const folder = join(root, name);
    try {
      if (!hashPattern.test(name)) throw new Error('is not named by a sha256');
      const record = JSON.parse(readFileSync(join(folder, recordFile), 'utf8')) as ImageRecord;
      if (record.hash !== name) throw new Error(`records the hash ${String(record.hash).slice(0, 12)}…`);
      if (sha256(readFileSync(join(folder, originalFileName(record.format)))) !== name)
        throw new Error('has an original whose sha256 is not its name');
      for (const v of record.variants)
        if (sha256(readFileSync(join(folder, variantFileName(v.width, v.format)))) !== v.sha256)
          throw new Error(`has a ${variantFileName(v.width, v.format)} that is not the one recorded`);
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'lacks a file' : (error as Error).message;
      problems.push(`${name.slice(0, 16)}… ${why}`);
    }
  }
  return { images, problems };
}
