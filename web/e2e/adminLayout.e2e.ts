// Every admin screen on a recorded season (the golden log: 224 orders), at 1280 and 390 px: nothing cut, nothing
// covered, nothing axe finds serious. No text, table or chart label runs past the edge of the box that clips it or of
// the window, unless it is inside a region made to scroll sideways, and every such region can be reached from the
// keyboard and has a name; the test-mode strip lies over no other content; no splash holds the page. The screens are
// the route table's (infra/bench/adminScreens.ts), which holds every screen the header links to (decision 080).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminScreens } from '../../infra/bench/adminScreens.ts';
import { adminScreens as headerScreens } from '../src/lib/admin/screens.ts';
import { axeProblems } from './ordersOwner.ts';
import { viewports } from '../../infra/testing/browser.ts';
import { goldenShopAndBrowserFor, ownerPage } from '../../infra/testing/browserShop.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { underStrip } from './testModeStrip.ts';

const shots = 'test-results/admin-layout';
mkdirSync(shots, { recursive: true });

const { golden, shop, browser } = await goldenShopAndBrowserFor(test, { recordedClock: true });
const seen = { timeout: 30_000 };
const token = signAdminToken(shop.shop.deps.jwtSecret, golden.meta.admin.username);

/** A processing order (its page shows every panel and control), with its id as the address names it. */
async function processingOrder(): Promise<string> {
  const answer = await fetch(`${shop.url}/api/admin/orders`, { headers: { authorization: `Bearer ${token}` } });
  const orders = ((await answer.json()) as { orders: { orderId: string; status: string }[] }).orders;
  return orders.find((o) => o.status === 'processing')!.orderId;
}

/**
 * What on the page is cut or runs off: each visible element with text of its own, each table and each chart label,
 * whose box passes the right or left edge of an ancestor that clips it (overflow other than visible) or of the window.
 * An ancestor that scrolls sideways (overflow-x auto or scroll) is an explicit scroll region: what is inside it may
 * run past its edge, and is checked no further.
 */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    // (No named functions in here: the test runner's compiler would wrap them in a helper the page does not have.)
    const problems: string[] = [];
    const candidates = [...document.body.querySelectorAll('*')].filter((el) => {
      if (el.closest('.visually-hidden, [hidden]')) return false;
      if (el.tagName === 'TABLE' || (el.tagName === 'text' && el.closest('svg'))) return true;
      return [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
    });
    for (const el of candidates) {
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible' || style.display === 'none') continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const label = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      let inScrollRegion = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) {
          inScrollRegion = true;
          break;
        }
        const clips =
          getComputedStyle(up).overflowX !== 'visible' ||
          (up.tagName === 'svg' && getComputedStyle(up).overflow !== 'visible');
        if (!clips) continue;
        const edge = up.getBoundingClientRect();
        if (box.left < edge.left - 0.5 || box.right > edge.right + 0.5) {
          problems.push(`${label} is cut by its ${up.tagName.toLowerCase()}.${String(up.className).split(' ')[0]}`);
          break;
        }
      }
      if (!inScrollRegion && (box.left < -0.5 || box.right > window.innerWidth + 0.5))
        problems.push(`${label} runs off the window (${Math.round(box.left)}–${Math.round(box.right)} px)`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window`);
    return problems;
  });

const orderId = await processingOrder();

/** Each region that scrolls sideways, unless it is reachable from the keyboard (tabIndex 0) and named. */
const unreachableScrollers = (page: Page) =>
  page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter(
        (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1,
      )
      .filter(
        (el) =>
          (el as HTMLElement).tabIndex < 0 || !(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')),
      )
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} (${el.scrollWidth} px in ${el.clientWidth} px)`,
      ),
  );

test('the route table holds every screen the admin header links to', () => {
  const paths = adminScreens.map((s) => s.path);
  assert.equal(
    headerScreens.map((s) => s.path).filter((path) => !paths.includes(path)),
    [],
  );
});

for (const [width, viewport] of Object.entries(viewports)) {
  test(`every admin screen at ${viewport.width} px: nothing cut or off the window, axe finds nothing serious, the test-mode strip over nothing`, async () => {
    const { context, page } = await ownerPage(browser, shop, viewport);
    const found: string[] = [];
    try {
      for (const screen of adminScreens) {
        const path = screen.path.replace(':order', encodeURIComponent(orderId));
        await page.goto(`${shop.url}${path}`);
        await page.locator(screen.content).first().waitFor(seen);
        // The owner's pages come without the shop's welcome splash.
        assert.is(await page.locator('.splash').count(), 0, `${path} has no splash`);
        await page.getByTestId('site-test-mode').waitFor(seen);
        const file = `${screen.path.slice(1).replaceAll('/', '-').replace(':order', 'order')}-${width}`;
        await page.screenshot({ path: `${shots}/${file}.png`, fullPage: true });
        assert.equal(await overflowing(page), [], `${path} at ${viewport.width} px`);
        // Collected over every screen, so one run names them all.
        for (const problem of [...(await unreachableScrollers(page)), ...(await axeProblems(page))])
          found.push(`${path}: ${problem}`);
        assert.equal(await underStrip(page), [], `${path} at the top`);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        assert.equal(await underStrip(page), [], `${path} at the end`);
      }
      assert.equal(
        found,
        [],
        `scrolling regions without keyboard or name, and axe's serious findings, at ${viewport.width} px`,
      );
    } finally {
      await context.close();
    }
  });
}

test('the sales chart names its axis in whole pounds, every label inside the chart', async () => {
  const { context, page } = await ownerPage(browser, shop);
  try {
    await page.goto(`${shop.url}/admin/sales`);
    const chart = page.getByTestId('sales-chart');
    await chart.waitFor(seen);
    const labels = await chart.locator('text').allTextContents();
    assert.ok(
      labels.some((l) => /^£\d{1,3}(,\d{3})*$/.test(l)),
      `whole pounds on the axis: ${labels.join(' | ')}`,
    );
    const outside = await chart.evaluate((svg) => {
      const edge = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')]
        .filter((t) => {
          const r = t.getBoundingClientRect();
          return r.left < edge.left || r.right > edge.right;
        })
        .map((t) => t.textContent);
    });
    assert.equal(outside, []);
    // The table beside it has the page's width: every column shown without scrolling at 1280 px.
    const region = page.getByRole('region', { name: /Orders and revenue per/ });
    assert.ok(
      await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
      'the table fits its region at 1280 px',
    );
  } finally {
    await context.close();
  }
});

test.run();
