// `npm run screenshots`: runs the browser tests that photograph the shop's main screens (the shopper's and the owner's,
// at desktop and phone widths), then copies those pictures into docs/screenshots, where the README shows them. The
// pictures are the tests' own, so they stay as current as the tests: run it after a change to what a screen looks like.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const out = join(root, 'docs', 'screenshots');

/** Which test takes each picture, and the name it has in docs/screenshots. */
const pictures = [
  { test: 'web/e2e/shopScreens.e2e.ts', from: 'shop-screens/landing-desktop.png', to: 'landing-desktop.png' },
  { test: 'web/e2e/shopScreens.e2e.ts', from: 'shop-screens/landing-mobile.png', to: 'landing-mobile.png' },
  { test: 'web/e2e/shopScreens.e2e.ts', from: 'shop-screens/book-desktop.png', to: 'book-desktop.png' },
  { test: 'web/e2e/shopScreens.e2e.ts', from: 'shop-screens/cart-mobile.png', to: 'cart-mobile.png' },
  { test: 'web/e2e/giftRecipient.e2e.ts', from: 'gift-recipient/cart-success.png', to: 'gift-success.png' },
  { test: 'web/e2e/adminLayout.e2e.ts', from: 'admin-layout/admin-orders-desktop.png', to: 'admin-orders.png' },
  {
    test: 'web/e2e/adminLayout.e2e.ts',
    from: 'admin-layout/admin-orders-order-desktop.png',
    to: 'admin-order.png',
  },
  { test: 'web/e2e/adminLayout.e2e.ts', from: 'admin-layout/admin-sales-desktop.png', to: 'admin-sales.png' },
] as const;

const tests = [...new Set(pictures.map((p) => p.test))];
const build = process.argv.includes('--no-build') ? ['--no-build'] : [];
const run = spawnSync('node', ['--import', 'tsx', 'infra/scripts/test.ts', ...build, ...tests], {
  stdio: 'inherit',
  cwd: root,
});
if (run.status !== 0) {
  console.error('The browser tests failed, so no screenshot was copied.');
  process.exit(1);
}
mkdirSync(out, { recursive: true });
for (const picture of pictures) {
  const from = join(root, 'test-results', picture.from);
  if (!existsSync(from)) {
    console.error(`${picture.test} left no ${picture.from}`);
    process.exit(1);
  }
  copyFileSync(from, join(out, picture.to));
  console.log(`docs/screenshots/${picture.to}`);
}
