// Builds the web app into web/dist: file-based routes split per route, assets hashed and precompressed.
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { apiRoot } from '../contracts/shared/endpoint.ts';
import { healthApi } from '../contracts/shared/health.ts';
import { firstScreenContent } from './build/firstScreenContent.ts';
import { instagramQrAsset } from './build/instagramQrAsset.ts';
import { landingLoadOrder } from './build/landingLoadOrder.ts';
import { prerenderLanding } from './build/prerenderLanding.ts';
import { radixStylesInUse } from './build/radixStylesInUse.ts';
import { shareImages } from './build/shareImages.ts';
import { themeWithoutTooltips } from './build/themeWithoutTooltips.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const shopContentFile = join(webRoot, '../contracts/content/shop.json');

/**
 * Modules every screen starts with; each screen's own code (a route's `?tsr-split` part) stays with that screen. Of
 * web/src/lib, what the start and the route table use: the owner's session helpers come with the owner's screens.
 */
const appStart = (id: string) =>
  !id.includes('tsr-split') &&
  (/[\\/]node_modules[\\/](@tanstack|use-sync-external-store)[\\/]/.test(id) ||
    /[\\/]web[\\/]src[\\/](boot|theme|routeTree\.gen|routes[\\/][^\\/]+|lib[\\/](api|books|firstScreen|queryClient|routeData))\.tsx?$/.test(
      id,
    ));

/** What src/main.tsx imports: Vite's helper that loads a split chunk with its stylesheets, the screens' addresses. */
const pageScript = (id: string) =>
  id.includes('vite/preload-helper') || /[\\/]contracts[\\/]shared[\\/]clientRoutes\.ts$/.test(id);

/** React and React DOM, which the page's script makes ready in a task before the rest of the app's start (main.tsx). */
const reactStart = (id: string) =>
  /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) || /[\\/]web[\\/]src[\\/]reactStart\.ts$/.test(id);

/**
 * The landing page's first screen (its route's split part, the header and the hero) and, in a chunk of its own, its
 * sections and footer, which it fetches once the first screen is drawn (decision 133). A book's page is made of many
 * of the same parts; without these groups they would be split out into chunks of their own that both load, and the
 * landing page would fetch more files and more bytes than it needs (decision 079). The book page loads these chunks
 * too. Dialog contents (imported lazily) stay in chunks of their own. What these parts import (the shop's frame,
 * Radix's components and primitives, the contracts they read) comes into the same chunk, the first screen's before
 * the sections': split out because other screens share it, it was some thirty small files, each compressed on its
 * own, about 10 KB gzipped more than the same code in one (decision 129). The screens that share it load these
 * chunks instead.
 */
const landingParts = new RegExp(
  [
    String.raw`routes[\/]index\.tsx\?tsr-split`,
    String.raw`shell[\/]LandingPage\.tsx$`,
    String.raw`features[\/]catalog[\/]shop[\/]Hero\.tsx$`,
    String.raw`features[\/]catalog[\/]shop[\/]storefront\.css$`,
    String.raw`features[\/]reviews[\/]reviews\.css$`,
    String.raw`components[\/]loading\.css$`,
  ].join('|'),
);
const landingSectionParts = new RegExp(
  [
    String.raw`shell[\/]LandingSections\.tsx$`,
    String.raw`features[\/]catalog[\/]shop[\/](AboutSection|BooksSection|CharactersSection|ContactSection|TestimonialsSection|contactMessage|CoverDialog|PagePreviewDialog)\.tsx?$`,
    String.raw`features[\/]reviews[\/]shop[\/]ReviewsSection\.tsx$`,
    String.raw`features[\/]stock[\/]shop[\/](StockNotice\.tsx|stockLevels\.ts)$`,
    String.raw`features[\/]checkout[\/]shop[\/](BuyNow|cart[\/]AddToCart|cart[\/]QuantityPicker)\.tsx$`,
    String.raw`components[\/](useNearViewport|SectionHeading|LoadingIndicator)\.tsx?$`,
  ].join('|'),
);
const landingPart = (id: string) => /[\\/]web[\\/]src[\\/]/.test(id) && landingParts.test(id);
const landingSectionPart = (id: string) => /[\\/]web[\\/]src[\\/]/.test(id) && landingSectionParts.test(id);

/** Writes .br and .gz beside each text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  return {
    name: 'shop-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(join(webRoot, 'dist'))) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: webRoot,
  // The web names contracts/ as `#contracts/…` (package.json "imports", which TypeScript, Node and esbuild read too).
  resolve: { alias: [{ find: /^#contracts\//, replacement: join(webRoot, '../contracts/') }] },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader is fetched with the route, not with the app: what the owner's and the checkout's loaders
      // import (their queries, the console's search) stays out of the landing page's JavaScript (decision 118). The
      // landing page's own loader starts the books' request as the app starts, so it stays with the route table.
      // A screen's error and not-found parts come in its component's chunk: each a chunk of its own, they were a
      // few dozen more names in the list of lazy files the app's first script carries (decision 129).
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component', 'errorComponent', 'notFoundComponent']],
        splitBehavior: ({ routeId }) =>
          routeId === '/' ? [['component'], ['errorComponent'], ['notFoundComponent']] : undefined,
      },
      routesDirectory: join(webRoot, 'src/routes'),
      generatedRouteTree: join(webRoot, 'src/routeTree.gen.ts'),
      routeFileIgnorePrefix: '-',
    }),
    react(),
    firstScreenContent(shopContentFile),
    instagramQrAsset(),
    landingLoadOrder(),
    prerenderLanding(webRoot),
    radixStylesInUse(join(webRoot, 'src')),
    shareImages(webRoot),
    themeWithoutTooltips(join(webRoot, 'src')),
    precompress(),
  ],
  build: {
    outDir: join(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 2048,
    // Every browser the shop serves (ES2022) knows <link rel="modulepreload">; Vite's stand-in for the few that did
    // not was 0.4 KB gzipped in the page's own script, ahead of everything else.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // What the app's start (src/boot.tsx) needs, in one chunk rather than a few dozen small ones split out
        // because lazily loaded screens share them: React, the router, the query cache, the route table, the theme.
        codeSplitting: {
          groups: [
            // What the page's script itself uses (Vite's loader of split chunks, the addresses of the screens), so that
            // it evaluates no more than that before the first screen is drawn.
            { name: 'start', test: pageScript },
            { name: 'react', test: reactStart },
            { name: 'app', test: appStart },
            // The first screen's group before the sections': what both import comes with the first screen.
            { name: 'landing', test: landingPart },
            { name: 'landingSections', test: landingSectionPart },
          ],
        },
      },
    },
  },
  server: {
    proxy: { [apiRoot]: 'http://localhost:3000', [healthApi.health.path]: 'http://localhost:3000' },
  },
});
