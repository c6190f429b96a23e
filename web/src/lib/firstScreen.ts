// The landing page's first screen that index.html shows before any script has run (see build/prerenderLanding.ts).

/** Removes it: the app's own screen is in place (or this is not the landing page). */
export function dropFirstScreen(): void {
  document.getElementById('first-screen')?.remove();
}

/** Whether the page's HTML holds a book's page the server filled in (decision 114), which its own page replaces. */
export function keepsBookScreen(): boolean {
  return document.querySelector('#first-screen[data-page="book"]') !== null;
}
