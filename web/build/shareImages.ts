// Build-time Vite plugin: the pictures a shared link shows. Most sharers (and Google Merchant Center) draw no SVG, so
// every SVG cover under public/art/covers gets a 1200 × 630 PNG beside it in the build (book-1.svg → book-1.share.png),
// the cover whole on the shop's cream; and the landing page gets one of every cover side by side
// (art/share/shop.png). Drawn once here rather than per request, so no visitor waits on it (decision 079).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { shareImageSize, shareSuffix, shopSharePicture } from '../../contracts/catalog/pages.ts';

const coversDir = 'art/covers';
const cream = '#fbf0dc';
const margin = 40;

async function canvas(covers: ReadonlyArray<{ input: Buffer; left: number; top: number }>): Promise<Buffer> {
  return sharp({ create: { ...shareImageSize, channels: 3, background: cream } })
    .composite([...covers])
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

/** An SVG drawn to fit a box, with its own size. */
async function drawn(svg: Buffer, box: { width: number; height: number }) {
  const { data, info } = await sharp(svg, { density: 216 })
    .resize({ ...box, fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

export function shareImages(webRoot: string): Plugin {
  return {
    name: 'shop-share-images',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir ?? join(webRoot, 'dist');
      const sourceDir = join(webRoot, 'public', coversDir);
      const names = readdirSync(sourceDir)
        .filter((name) => name.endsWith('.svg'))
        .sort();
      const inner = { width: shareImageSize.width - 2 * margin, height: shareImageSize.height - 2 * margin };
      const svgs = names.map((name) => readFileSync(join(sourceDir, name)));
      for (const [i, name] of names.entries()) {
        const cover = await drawn(svgs[i]!, inner);
        const left = Math.round((shareImageSize.width - cover.width) / 2);
        const top = Math.round((shareImageSize.height - cover.height) / 2);
        const file = join(outDir, coversDir, `${name.slice(0, -'.svg'.length)}${shareSuffix}`);
        writeFileSync(file, await canvas([{ input: cover.input, left, top }]));
      }
      // Every cover side by side, as large as the row allows.
      const gap = 32;
      const slot = { width: Math.floor((inner.width - gap * (names.length - 1)) / names.length), height: inner.height };
      const covers = await Promise.all(svgs.map((svg) => drawn(svg, slot)));
      const row = covers.reduce((sum, c) => sum + c.width, 0) + gap * (covers.length - 1);
      let left = Math.round((shareImageSize.width - row) / 2);
      const placed = covers.map((cover) => {
        const at = { input: cover.input, left, top: Math.round((shareImageSize.height - cover.height) / 2) };
        left += cover.width + gap;
        return at;
      });
      const shop = join(outDir, shopSharePicture.path);
      mkdirSync(dirname(shop), { recursive: true });
      writeFileSync(shop, await canvas(placed));
    },
  };
}
