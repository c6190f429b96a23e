// Build-time Vite plugin: writes the landing page's first screen (web/src/shell/landingShell.tsx,
// rendered by React on the server side of Vite) into index.html's #first-screen, so a shopper's browser can draw
// the header and hero as soon as the stylesheets arrive instead of after every script has loaded and run.
import { createServer, type Plugin } from 'vite';

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
        });
        try {
          const shell = (await server.ssrLoadModule('/src/shell/landingShell.tsx')) as { landingShellHtml(): string };
          return html.replace(placeholder, placeholder.replace('></', `>${shell.landingShellHtml()}</`));
        } finally {
          await server.close();
        }
      },
    },
  };
}
