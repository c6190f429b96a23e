// The audit console on a recorded season (the golden log: 946 streams): the streams a page at a time with their count,
// a search that survives a reload, and the diff between two earlier moments picked in UK time, which says what the
// auditor's CLI says for the same moments (`npm run events -- diff --from --to --text`).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toLondonInput } from '../../contracts/shared/londonTime.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { goldenShopAndBrowserFor, ownerPage } from '../../infra/testing/browserShop.ts';
import { eventsCli } from '../../infra/testing/eventsCli.ts';
import { axeProblems } from './ordersOwner.ts';

const shots = 'test-results/audit-golden';
mkdirSync(shots, { recursive: true });

const { shop, browser } = await goldenShopAndBrowserFor(test);
const seen = { timeout: 20_000 };

test.before(async () => {
  const head = await shop.shop.deps.events.headPosition();
  await eventually(
    async () => ((await shop.shop.deps.reads.checkpoint('auditStreams')) ?? 0) >= head,
    60_000,
    'the streams read model to catch up',
  );
});

const count = (page: Page) => page.getByTestId('streams-count');

test('every stream a page at a time with the count, and a search kept in the address', async () => {
  const streams = (await shop.shop.deps.events.listStreams()).length;
  const { context, page } = await ownerPage(browser, shop);
  try {
    await page.goto(`${shop.url}/admin/audit`);
    await page.getByText(`Streams 1–50 of ${streams}`, { exact: true }).waitFor(seen);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Streams 51–100 of ${streams}`, { exact: true }).waitFor(seen);
    await page.waitForURL((url) => url.searchParams.get('page') === '2', seen);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText(`Streams 1–50 of ${streams}`, { exact: true }).waitFor(seen);

    await page.getByLabel('Stream name contains').fill('ORDER-CS_SANDBOX_NUIPO');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Streams 1–1 of 1', { exact: true }).waitFor(seen);
    await page.reload();
    await page.getByText('Streams 1–1 of 1', { exact: true }).waitFor(seen);
    assert.is(await page.getByLabel('Stream name contains').inputValue(), 'ORDER-CS_SANDBOX_NUIPO');
    await page.getByRole('button', { name: 'order-cs_sandbox_nUiPOAUKiPsDGh3BMIPlQYvu' }).waitFor(seen);
    assert.match(await count(page).innerText(), /of 1$/);
    assert.equal(await axeProblems(page), []);
  } finally {
    await context.close();
  }
});

test('the diff between two earlier moments picked in UK time is the CLI diff --to of the same moments', async () => {
  const stream = 'order-cs_sandbox_nUiPOAUKiPsDGh3BMIPlQYvu';
  const events = await shop.shop.deps.events.readStream(stream);
  assert.ok(events.length >= 6, `${stream} has ${events.length} events`);
  // Two earlier moments, to the second: just after the second event and just after the second to last.
  const after = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000 + 1000).toISOString();
  const from = after(events[1]!.metadata.at);
  const to = after(events.at(-2)!.metadata.at);

  const cli = await eventsCli(['diff', stream, '--from', from, '--to', to, '--text'], { DATA_DIR: shop.dataDir });
  assert.is(cli.code, 0, cli.stdout + cli.stderr);
  const [, ...cliRows] = cli.stdout.trimEnd().split('\n');
  assert.ok(cliRows.length > 0 && cliRows[0] !== 'Nothing changed.', cli.stdout);

  const { context, page } = await ownerPage(browser, shop);
  try {
    await page.goto(`${shop.url}/admin/audit?stream=${stream}`);
    await page.getByRole('heading', { name: 'Time travel' }).waitFor(seen);
    // The pickers hold London wall times (the season is in GMT, so the same figures as UTC, but read as London's).
    await page.getByLabel('As of (UK time)').fill(toLondonInput(from));
    await page.getByLabel('Compared with (UK time, empty for now)').fill(toLondonInput(to));
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const table = page.getByRole('region', { name: 'Differences' });
    await table.waitFor(seen);
    const rows = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const [field, before, after] = [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '');
        return `${field}: ${before} → ${after}`;
      }),
    );
    assert.equal(rows, cliRows);
    assert.ok(
      rows.some((row) => /^[A-Z][a-z]+( [a-zA-Z]+)*( ›|:)/.test(row)),
      `fields read as words: ${rows.join('\n')}`,
    );
    await page.screenshot({ path: `${shots}/diff.png`, fullPage: true });
    assert.equal(await axeProblems(page), []);
  } finally {
    await context.close();
  }
});

test.run();
