// Build-time Vite plugin that orders what the browser loads first:
// - the splash in index.html paints before the app's stylesheet arrives, because the stylesheet link moves
//   from the head to just after the splash (a stylesheet in the body holds back only what follows it, and the
//   app's script still runs after it);
// - the landing page's code, split from the main bundle, is preloaded from the HTML so its download starts at
//   once instead of after the main bundle has run.
import type { Plugin } from 'vite';

/** The split route chunks the router loads for / and /app. */
const landingRoute = /\/routes\/(index|app)\.tsx\?tsr-split=component/;
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
        const stylesheets = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        if (!html.includes(splashEnd)) throw new Error(`index.html lost its "${splashEnd}" marker`);
        let ordered = html;
        for (const link of stylesheets) ordered = ordered.replace(link, '');
        ordered = ordered.replace(splashEnd, stylesheets.map((link) => link.trim()).join('\n    '));

        // What the entry already pulls in statically has its own hint.
        const entryImports = new Set(Object.values(bundle).flatMap((chunk) => (chunk.type === 'chunk' && chunk.isEntry ? chunk.imports : [])));
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || scripts.has(fileName) || chunk.isEntry || entryImports.has(fileName)) return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.facadeModuleId && landingRoute.test(chunk.facadeModuleId)) visit(chunk.fileName);
        }
        return {
          html: ordered,
          tags: [
            ...[...scripts].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` }, injectTo: 'head' as const })),
            ...[...styles].map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: '', href: `/${file}` }, injectTo: 'head' as const })),
          ],
        };
      },
    },
  };
}
