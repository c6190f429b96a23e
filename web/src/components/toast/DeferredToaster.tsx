// The toast area, loaded once the browser is idle after the first screen: no toast can come before the shopper has
// done something, and its code then stays out of what every page needs to show itself. A toast raised before the
// area has loaded waits in the store and shows when it arrives.
import { lazy, Suspense, useEffect, useState } from 'react';

// Its styles are in the page's own stylesheet (see main.tsx).
const Toaster = lazy(() => import('./Toaster.tsx').then((module) => ({ default: module.Toaster })));

export function DeferredToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(want, { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(want, 500);
    return () => clearTimeout(id);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
