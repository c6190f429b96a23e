// What every page says while payments run in test mode. A module of its own, with no imports, so the page shell
// can show it without carrying the checkout schemas.
export const testModeNotice = 'Test mode — no real card is charged';
