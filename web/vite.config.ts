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
import { instagramQrAsset } from './build/instagramQrAsset.ts';
import { landingLoadOrder } from './build/landingLoadOrder.ts';
import { prerenderLanding } from './build/prerenderLanding.ts';
import { radixStylesInUse } from './build/radixStylesInUse.ts';
import { shareImages } from './build/shareImages.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** Modules every screen starts with; each screen's own code (a route's `?tsr-split` part) stays with that screen. */
const appStart = (id: string) =>
  !id.includes('tsr-split') &&
  (/[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]/.test(id) ||
    /[\\/]web[\\/]src[\\/](boot|theme|firstScreen|routeTree\.gen|routes[\\/][^\\/]+|lib[\\/][^\\/]+)\.tsx?$/.test(id));

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
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: join(webRoot, 'src/routes'),
      generatedRouteTree: join(webRoot, 'src/routeTree.gen.ts'),
      routeFileIgnorePrefix: '-',
    }),
    react(),
    instagramQrAsset(),
    landingLoadOrder(),
    prerenderLanding(webRoot),
    radixStylesInUse(join(webRoot, 'src')),
    shareImages(webRoot),
    precompress(),
  ],
  build: {
    outDir: join(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 2048,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // What the app's start (src/boot.tsx) needs, in one chunk rather than a few dozen small ones split out
        // because lazily loaded screens share them: React, the router, the query cache, the route table, the theme.
        codeSplitting: {
          groups: [{ name: 'app', test: appStart }],
        },
      },
    },
  },
  server: {
    proxy: { [apiRoot]: 'http://localhost:3000', [healthApi.health.path]: 'http://localhost:3000' },
  },
});
