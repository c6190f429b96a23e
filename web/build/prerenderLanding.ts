// Build-time Vite plugin: writes the landing page's first screen (web/src/shell/landingShell.tsx,
// rendered by React on the server side of Vite) into index.html's #first-screen, so a shopper's browser can draw
// the header and hero as soon as the stylesheets arrive instead of after every script has loaded and run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Plugin } from 'vite';
import { bookScreenTemplate } from '../../contracts/catalog/pages.ts';
import { firstScreenContent } from './firstScreenContent.ts';

const placeholder = '<div id="first-screen" inert></div>';

export function prerenderLanding(webRoot: string): Plugin {
  return {
    name: 'shop-prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(placeholder)) throw new Error(`index.html lost its ${placeholder}`);
        const server = await createServer({
          configFile: false,
          root: webRoot,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
          // The header and the hero read their words from it.
          plugins: [firstScreenContent(join(webRoot, '../contracts/content/shop.json'))],
        });
        try {
          const shell = (await server.ssrLoadModule('/src/shell/landingShell.tsx')) as {
            landingShellHtml(): string;
            bookShellHtml(): string;
          };
          // A book's page before any script (decision 114): kept in a template the server fills for each book and
          // takes out of every page it sends.
          // Its own styles go with it: the app loads them with the page's code, which a page without scripts never does.
          const css = readFileSync(join(webRoot, 'src/features/catalog/shop/bookPage.css'), 'utf8').replace(
            /\/\*[\s\S]*?\*\//g,
            '',
          );
          const screen = `<style>${css.replace(/\s+/g, ' ').trim()}</style>${shell.bookShellHtml()}`;
          const book = `${bookScreenTemplate.open}${screen}${bookScreenTemplate.close}\n    `;
          return html.replace(placeholder, `${book}${placeholder.replace('></', `>${shell.landingShellHtml()}</`)}`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
