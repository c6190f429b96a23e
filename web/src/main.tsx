// The page's script. The first screen is already in the page's HTML; this lets it be drawn before the landing page's
// own code is fetched and the app starts. (What every screen starts with, React and the router, is imported
// statically with this file and evaluated with it: see docs/decisions/008.)
import './styles.css';
// The toast area loads at idle (components/toast/DeferredToaster.tsx); its styles come with the page's stylesheet,
// since a stylesheet added at idle would make the browser restyle the whole page then.
import './components/toast/toaster.css';
import { isHomePath } from '#contracts/shared/clientRoutes.ts';
import { loadSavedCart } from './features/checkout/shop/cart/cartStore.ts';

const preloadBatch = 6;

loadSavedCart();

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
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    for (const href of modules.slice(i, i + preloadBatch)) {
      document.head.append(
        Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }),
      );
    }
  }
}

const { boot } = await import('./boot.tsx');
boot();
