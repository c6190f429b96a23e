// While the shop takes test payments (the sandbox, or Stripe with a test key) every page says so: a strip above the
// page, in its flow, taking room of its own so it never covers what the page shows. A page that says it in its own
// words already (the checkout pages' notice) hides the strip, so the sentence is never on the screen twice.
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { testModeNotice } from '#contracts/shared/testMode.ts';

let pageNotices = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const setPageNotices = (change: number) => {
  pageNotices += change;
  for (const listener of listeners) listener();
};

/** Called by a page's own test-mode notice while it is shown. */
export function useOwnTestModeNotice() {
  useLayoutEffect(() => {
    setPageNotices(1);
    return () => setPageNotices(-1);
  }, []);
}

/** The label itself; whether the shop takes test payments is the payments configuration's to say (shell/). */
export function SiteTestModeNotice({ testMode }: { testMode: boolean }) {
  const pageSaysSo = useSyncExternalStore(subscribe, () => pageNotices > 0);
  if (!testMode || pageSaysSo) return null;
  return (
    <p className="site-test-mode" role="note" data-testid="site-test-mode">
      {testModeNotice}
    </p>
  );
}
