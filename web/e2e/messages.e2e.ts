// The shopper writing to the shop and the owner answering: a message sent from the contact form arrives in the owner's
// inbox (unread, counted) and in the outbox, the owner replies and the reply goes to the sender; an out-of-stock book
// takes an "e-mail me when it is back" request that its own link cancels without signing in. The new screens and
// forms have no serious accessibility findings, and work at 390 px.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopContent } from '../../contracts/catalog/content.ts';
import { messageTexts } from '../../contracts/messages/model.ts';
import { restockTexts, restockWording } from '../../contracts/messages/restock.ts';
import { unsubscribeTexts } from '../../contracts/messages/unsubscribe.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { outboxTexts } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, floodLimits } from '../../infra/testing/shop.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { axeProblems } from './ordersOwner.ts';
import { pastSplash } from './storefrontLanding.ts';

const ownerEmail = 'owner@amanahhouse.co.uk';
const { shop, browser } = await shopAndBrowserFor(test, {
  ADMIN_USERNAME: 'owner',
  OWNER_EMAIL: ownerEmail,
  RATE_LIMITS: floodLimits,
});
const mailsTo = (to: string) => outboxTexts(shop).filter((text) => text.includes(`To: ${to}`));

for (const [name, viewport] of Object.entries(viewports)) {
  test(`a contact message reaches the owner's inbox and the outbox, and the owner's reply reaches the sender (${name})`, async () => {
    const sender = `amina.${name}@example.com`;
    const words = `Could you sign a copy for my niece's birthday? (${name})`;
    const shopper = await newPage(browser, viewport, { bypassCSP: true });
    await shopper.page.goto(`${shop.url}/#contact`);
    await pastSplash(shopper.page);
    const form = shopper.page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Name').fill('Amina Rahman');
    await form.getByLabel('Email').fill(sender);
    await form.getByLabel('Message').fill(words);
    await form.getByText('Send me news about new books and offers').click();
    await form.getByRole('button', { name: 'Send Message' }).click();
    await shopper.page.locator('.shop-toast').getByText('Message sent!', { exact: true }).waitFor();
    await shopper.context.close();
    await eventually(() => mailsTo(ownerEmail).some((t) => t.includes(sender)), 20_000, "the owner's e-mail");

    const { context, page } = await newPage(browser, viewport, { bypassCSP: true });
    const token = signAdminToken(shop.shop.deps.jwtSecret, 'owner');
    await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
    await page.goto(`${shop.url}/admin/messages`);
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    assert.ok(await page.getByRole('link', { name: 'Messages' }).isVisible(), 'the screen is in the header');
    const card = page.getByRole('article').filter({ hasText: words });
    await card.waitFor();
    assert.ok(await card.getByText(sender).isVisible());
    assert.ok(await card.getByText('Unread').isVisible());
    assert.ok(await card.getByText('Wants the newsletter').isVisible());
    assert.match(await page.locator('main, body').first().innerText(), /\d+ unread messages?/);
    assert.equal(await axeProblems(page), []);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width, `the inbox fits ${viewport.width} px (${width})`);

    // By keyboard: the reply box, then its button.
    await card.getByLabel('Your reply to Amina Rahman').focus();
    await page.keyboard.type('Of course, Amina: tell us her name and we will sign it.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await card.getByRole('status').getByText(messageTexts.replied).waitFor();
    await card.getByText('Answered').waitFor();
    assert.not.ok(await card.getByText('Unread').isVisible(), 'answering is reading');
    await eventually(
      () => mailsTo(sender).some((t) => t.includes('tell us her name')),
      20_000,
      "the reply in the sender's outbox",
    );
    assert.equal(await axeProblems(page), []);
    await context.close();
  });
}

test('an out-of-stock book takes a back-in-stock request at 390 px, and its link cancels it without signing in', async () => {
  const book = shopContent.books[0]!;
  const owner = await adminHeaders(shop);
  const received = await call(`${shop.url}/api/admin/stock/${book.id}/received`, {
    body: { quantity: 1, note: 'last copy' },
    headers: owner,
  });
  assert.is(received.status, 200, received.text);
  const counted = await call(`${shop.url}/api/admin/stock/${book.id}/corrections`, {
    body: { delta: -1, reason: 'damaged' },
    headers: owner,
  });
  assert.is(counted.status, 200, counted.text);

  const { context, page } = await newPage(browser, viewports.mobile, { bypassCSP: true });
  await page.goto(`${shop.url}/books/${book.slug}`);
  await page.getByRole('heading', { level: 1, name: book.title }).waitFor();
  await page.getByRole('button', { name: restockTexts.offer }).click();
  const form = page.getByRole('form', { name: `E-mail me when “${book.title}” is back` });
  await form.getByLabel('Email').fill('waiting.reader@example.com');
  await form.getByRole('button', { name: 'Tell me when it is back' }).click();
  await form.getByRole('alert').getByText(restockTexts.consent).waitFor();
  assert.equal(await axeProblems(page), []);
  await form.getByLabel(restockWording).check();
  await form.getByRole('button', { name: 'Tell me when it is back' }).click();
  await page.getByRole('status').getByText(restockTexts.requested).waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= viewports.mobile.width, `the book page fits 390 px (${width})`);
  const waiting = await call(`${shop.url}/api/admin/stock/waiting`, { headers: owner });
  assert.is(waiting.json.waiting[String(book.id)], 1);

  await page.getByRole('link', { name: 'Cancel this e-mail' }).click();
  await page.getByRole('heading', { level: 1, name: 'Unsubscribe' }).waitFor();
  await page.getByText(`This link stops ${unsubscribeTexts.restock(book.title)}`, { exact: false }).waitFor();
  assert.equal(await axeProblems(page), []);
  await page.getByRole('button', { name: 'Unsubscribe me' }).click();
  await page.getByRole('status').getByText(unsubscribeTexts.done).waitFor();
  const after = await call(`${shop.url}/api/admin/stock/waiting`, { headers: owner });
  assert.is(after.json.waiting[String(book.id)], undefined);

  // A link the shop did not sign says so.
  await page.goto(`${shop.url}/unsubscribe/not-a-real-link`);
  await page.getByRole('alert').getByText(unsubscribeTexts.notFound).waitFor();
  await context.close();
});

test.run();
