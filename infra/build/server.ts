// `npm run build:server`: the service and the projection runner as plain JavaScript in dist/server, for `npm start` and
// the production image. Our own modules are bundled into a few files (one ESM graph, split where the shop loads an
// adapter only when configured); packages stay in node_modules, where native modules and their data files live.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

export const serverOutdir = 'dist/server';

const external = [
  'better-sqlite3',
  'sodium-native',
  '@eventstore/db-client',
  'stripe',
  'nodemailer',
  'ioredis',
  'pino',
  'pino-pretty',
  // reads its own font metrics from its folder at run time
  'pdfkit',
];

export const serverEntryPoints = { main: 'infra/main/shop.ts', projections: 'infra/main/projections.ts' };

export async function buildServer(outdir = serverOutdir, entryPoints: Record<string, string> = serverEntryPoints) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Native modules, gRPC and the clients loaded only when configured stay packages; the rest of what the shop
    // imports is bundled, which saves Node resolving, reading and lexing a few hundred small files at every start.
    external: [...external],
    // Bundled CommonJS packages still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __shopRequire } from 'node:module'; const require = __shopRequire(import.meta.url);",
    },
    // Stack traces name the TypeScript lines when node runs with --enable-source-maps.
    sourcemap: 'linked',
    sourcesContent: false,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    legalComments: 'none',
    minifyWhitespace: true,
    minifySyntax: true,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  await buildServer();
  console.log(`server built into ${serverOutdir} in ${Math.round(performance.now() - started)} ms`);
}
