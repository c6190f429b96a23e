// The parts of the shop's content (contracts/content/shop.json) that the landing page's first screen shows, as a
// module of their own: `virtual:first-screen-content` exports the shop's name and the characters. The header and
// the hero read it, so the page's first script carries neither the rest of the file nor the schemas that check it
// (contracts/catalog/content.ts, which the server runs as it starts and the sections below the hero read). Typed in
// web/src/firstScreenContent.d.ts. Decision 133.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import type { ShopContent } from '../../contracts/catalog/content.ts';

const id = 'virtual:first-screen-content';
const resolved = `\0${id}`;

export function firstScreenContent(contentFile: string): Plugin {
  return {
    name: 'shop-first-screen-content',
    resolveId: (source) => (source === id ? resolved : undefined),
    load(loading) {
      if (loading !== resolved) return;
      this.addWatchFile(contentFile);
      const content = JSON.parse(readFileSync(contentFile, 'utf8')) as ShopContent;
      return [
        `export const shopName = ${JSON.stringify(content.shop.name)};`,
        `export const characters = ${JSON.stringify(content.characters)};`,
      ].join('\n');
    },
  };
}
