// The page's script: small, so that it can let the first screen (already in the page's HTML) be drawn before the
// app's own code is fetched and run.
import './styles.css';
import { isHomePath } from '../../contracts/routes.ts';

// The first screen (in the page's HTML) is drawn before any script competes with it for the network or the main
// thread: wait for the next frame to be painted (or 100 ms, in a tab that is not drawing frames).
await new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 100);
});

// On the landing page, every module it needs starts downloading now, together (the build lists them).
if (isHomePath(window.location.pathname)) {
  const modules = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content.split(' ') ?? [];
  for (const href of modules.filter(Boolean)) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }));
  }
}

const { boot } = await import('./boot.tsx');
boot();
