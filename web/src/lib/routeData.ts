// What a route's loader fetches before its screen shows.

/**
 * Waits for a screen's data; a failure is left to the screen, whose own query shows it (an error notice, or the
 * session's end on a refused token) as it would without the loader.
 */
export async function loadForScreen(loading: Promise<unknown>): Promise<void> {
  try {
    await loading;
  } catch {
    // Shown by the screen.
  }
}
