// Build-time Vite plugin that orders what the browser loads first:
// - the splash in index.html paints before the app's stylesheet arrives, because the stylesheet link moves
//   from the head to just after the splash (a stylesheet in the body holds back only what follows it, and the
//   app's script still runs after it);
// - the landing page's stylesheets are linked there too, beside the app's, since its first screen is already in
//   the HTML (see prerenderLanding.ts) and must not be drawn without them;
// - the landing page's code, split from the small entry, is named in a <meta name="app-modules"> that the entry
//   (src/main.tsx) turns into module preloads the moment it runs, after the stylesheets: so the first screen's
//   stylesheets have the connection to themselves, and every module then downloads at once, not one level of
//   imports after another.
import type { Plugin } from 'vite';

/** The split route chunk the router loads for the landing page (/app is sent on to /). */
const landingRoute = /\/routes\/index\.tsx\?tsr-split=component/;
const splashEnd = '<!-- splash end -->';

export function landingLoadOrder(): Plugin {
  return {
    name: 'shop-landing-load-order',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        if (!html.includes(splashEnd)) throw new Error(`index.html lost its "${splashEnd}" marker`);

        // What the entry already pulls in statically has its own hint.
        const entryImports = new Set(
          Object.values(bundle).flatMap((chunk) => (chunk.type === 'chunk' && chunk.isEntry ? chunk.imports : [])),
        );
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || scripts.has(fileName) || chunk.isEntry || entryImports.has(fileName))
            return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          // What the small entry (src/main.tsx) imports once the first screen is drawn; and the landing route.
          if (chunk.isEntry) for (const step of chunk.dynamicImports) visit(step);
          if (chunk.facadeModuleId && landingRoute.test(chunk.facadeModuleId)) visit(chunk.fileName);
        }

        // The app's stylesheets, then the landing page's (which Vite finds already linked when their code loads).
        const stylesheets = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        let ordered = html;
        for (const link of stylesheets) ordered = ordered.replace(link, '');
        const links = [
          ...stylesheets.map((link) => link.trim()),
          ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ];
        ordered = ordered.replace(splashEnd, links.join('\n    '));
        return {
          html: ordered,
          tags: [
            {
              tag: 'meta',
              attrs: { name: 'app-modules', content: [...scripts].map((file) => `/${file}`).join(' ') },
              injectTo: 'head' as const,
            },
          ],
        };
      },
    },
  };
}
