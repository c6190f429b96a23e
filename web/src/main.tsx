// The page's script. The first screen is already in the page's HTML; this lets it be drawn before the landing page's
// own code is fetched and the app starts. What every screen starts with (React, the router, the query cache, the route
// table) is fetched with the page, and evaluated after the first frame in steps, a task each: see docs/decisions/135.
import './styles.css';
// The toast area loads at idle (components/toast/DeferredToaster.tsx); its styles come with the page's stylesheet,
// since a stylesheet added at idle would make the browser restyle the whole page then.
import './components/toast/toaster.css';
import { isHomePath } from '#contracts/shared/clientRoutes.ts';

const preloadBatch = 6;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// A page's first touch of its storage waits on the browser (tens of milliseconds on a busy phone): done now, while
// the first screen is being drawn, rather than in the app's first render (the cart, the router's scroll positions).
try {
  localStorage.key(0);
  sessionStorage.key(0);
} catch {
  // Storage refused (private mode, a sandboxed frame): the app reads nothing from it either.
}

// The first screen (in the page's HTML) is drawn before any script competes with it for the network or the main
// thread: wait for the next frame to be painted (or 100 ms, in a tab that is not drawing frames).
await new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 100);
});

// On the landing page, every module it needs starts downloading now (the build lists them). Each preload costs the
// main thread a fraction of a millisecond, a phone's CPU several times that, so they are added a few at a time, each
// batch in a task of its own, rather than all in one long task.
if (isHomePath(window.location.pathname)) {
  const modules =
    document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content.split(' ').filter(Boolean) ?? [];
  for (let i = 0; i < modules.length; i += preloadBatch) {
    if (i > 0) await nextTask();
    for (const href of modules.slice(i, i + preloadBatch)) {
      document.head.append(
        Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }),
      );
    }
  }
}

// The app starts in steps, each in a task of its own, so that no one of them holds the page for long: React, then
// the router, the query cache and the route table, then the router made, then the first render (src/boot.tsx).
await import('./reactStart.ts');
await nextTask();
const { boot } = await import('./boot.tsx');
await nextTask();
await boot(nextTask);
