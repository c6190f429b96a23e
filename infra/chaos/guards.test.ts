import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { statusMoveMessages } from '../../contracts/orders/statusMoves.ts';
import { refundMessages } from '../../contracts/orders/refunds.ts';
import { defaultLimits } from '../../service/http/limits.ts';
import { heavyWorkMessages } from '../../service/http/heavyWork.ts';
import { sandboxShopEnv } from '../testing/checkout.ts';
import { floodLimits, startTestShop } from '../testing/shop.ts';
import {
  checkoutWithForgedHost,
  forgedNotice,
  noticeFlood,
  ownerMisuse,
  parallelVerify,
  productionWithoutPublicUrl,
} from './guards.ts';

test('a forged owner notice: subject and figures from the catalogue, its links inert, its amounts not shown', async () => {
  const shop = await startTestShop(sandboxShopEnv);
  try {
    const notice = await forgedNotice(shop);
    assert.is(notice.status, 200);
    assert.is(notice.subject, 'Not paid yet — a shopper opened the payment page for Together We Shine');
    assert.match(notice.text, 'Nothing has been paid.');
    assert.equal(notice.linksLeft, []);
    assert.equal(notice.amountsLeft, []);
    assert.equal(notice.figures, ['£9.99']);
    assert.match(notice.text, 'hxxp[://]evil[.]example/r/0');
  } finally {
    await shop.close();
  }
});

test('1,000 forged notices from 1,000 addresses: the notice e-mails stop at their cap, a paid order still e-mails its owner and its buyer', async () => {
  const shop = await startTestShop({ ...sandboxShopEnv, TRUST_PROXY: '1' });
  try {
    const flood = await noticeFlood(shop, 1000);
    assert.is(flood.accepted, 1000);
    assert.is(flood.noticeMails, defaultLimits.noticeMails.points);
    assert.is(flood.withheld, 1000 - defaultLimits.noticeMails.points);
    assert.equal(flood.paidOrderMails, ['order-confirmation', 'order-to-owner']);
  } finally {
    await shop.close();
  }
});

test('20 parallel verify calls: every one answered, each refused one with a clear message', async () => {
  const shop = await startTestShop();
  try {
    const run = await parallelVerify(shop, 20);
    // How many run depends on how fast one verification of this small log is; that they take turns and every
    // refusal says why is what holds (service/http/heavyWork.test.ts holds one open and counts exactly one).
    assert.ok(run.ran >= 1);
    assert.is(run.ran + run.refused, 20);
    assert.equal(run.otherStatuses, []);
    for (const message of run.messages) assert.is(message, heavyWorkMessages.busy('verify'));
  } finally {
    await shop.close();
  }
});

test("the owner's API misused: repeated refund lines, no revision, moves back unconfirmed — each a 4xx with a message, nothing appended", async () => {
  const shop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits });
  try {
    const results = await ownerMisuse(shop);
    const by = Object.fromEntries(results.map((r) => [r.name, r]));
    assert.equal(
      [by['refund listing a line bought once twice']!.status, by['refund listing a line bought once twice']!.message],
      [400, refundMessages.repeatedLine(0)],
    );
    assert.equal(
      [
        by['refund listing a line three times in parts']!.status,
        by['refund listing a line three times in parts']!.message,
      ],
      [400, refundMessages.repeatedLine(1)],
    );
    assert.equal(
      [by['status change without expectedRevision']!.status, by['status change without expectedRevision']!.message],
      [400, statusMoveMessages.missingRevision],
    );
    assert.is(by['status change with expectedRevision null']!.status, 400);
    assert.equal(
      [
        by['shipped → pending without confirmBackward']!.status,
        by['shipped → pending without confirmBackward']!.message,
      ],
      [409, statusMoveMessages.unconfirmed('shipped', 'pending')],
    );
    assert.equal(
      [
        by['cancelled → shipped without confirmBackward']!.status,
        by['cancelled → shipped without confirmBackward']!.message,
      ],
      [409, statusMoveMessages.unconfirmed('cancelled', 'shipped')],
    );
    assert.is(by['cancelled → shipped with confirmBackward "yes"']!.status, 400);
    for (const r of results) assert.is(r.appended, 0, r.name);
  } finally {
    await shop.close();
  }
});

test('a forged Host or X-Forwarded-Host: the payment page and its return addresses stay on PUBLIC_URL', async () => {
  const shop = await startTestShop({ PUBLIC_URL: 'https://shop.example', TRUST_PROXY: '1', RATE_LIMITS: floodLimits });
  try {
    for (const headers of [
      { host: 'evil.example' },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    ] as Record<string, string>[]) {
      const url = await checkoutWithForgedHost(shop.url, headers);
      assert.is(new URL(url).origin, 'https://shop.example', JSON.stringify(headers));
    }
  } finally {
    await shop.close();
  }
});

test('production without PUBLIC_URL: the entry point refuses to start and names it', () => {
  const run = productionWithoutPublicUrl();
  assert.is(run.exitCode, 1);
  assert.is(run.stderr, 'Invalid configuration: production needs PUBLIC_URL');
});

test.run();
