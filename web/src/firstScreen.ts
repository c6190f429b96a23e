// The landing page's first screen that index.html shows before any script has run (see build/prerenderLanding.ts).

/** Removes it: the app's own screen is in place (or this is not the landing page). */
export function dropFirstScreen(): void {
  document.getElementById('first-screen')?.remove();
}
