// The contact section: its links and e-mail, the form's messages, the send to the shop thanked after 2 s, and the toast
// it raises (F8 focuses the toast area, a swipe right dismisses it, 5 s on screen).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { shopContent } from '../../contracts/catalog/content.ts';
import { viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { openLanding, type Storefront } from './storefrontLanding.ts';

const storefront: Storefront = await shopAndBrowserFor(test);

const contactForm = (page: Page) => page.getByRole('form', { name: 'Send us a message' });

async function sendMessage(page: Page) {
  const form = contactForm(page);
  await form.getByLabel('Name').fill('Sara Malik');
  await form.getByLabel('Email').fill('sara@example.com');
  await form.getByLabel('Message').fill('Do you offer a discount for weekend schools?');
  await form.getByRole('button', { name: 'Send Message' }).click();
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Contact shows the social links and e-mail, and the form's messages for what is missing (${name})`, async () => {
    const { context, page } = await openLanding(storefront, viewport);
    const contact = page.locator('#contact');
    await contact.scrollIntoViewIfNeeded();
    assert.ok(await contact.getByRole('heading', { level: 2, name: 'Get in Touch' }).isVisible());
    assert.is(
      await contact.getByRole('link', { name: shopContent.shop.contactEmail }).getAttribute('href'),
      `mailto:${shopContent.shop.contactEmail}`,
    );
    assert.is(
      await contact.getByRole('link', { name: 'Instagram' }).getAttribute('href'),
      shopContent.shop.instagramUrl,
    );
    assert.ok(await contact.getByRole('link', { name: 'Facebook' }).isVisible());
    assert.ok(await contact.getByRole('link', { name: 'Twitter' }).isVisible());

    const form = contactForm(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    assert.ok(await form.getByText('Name must be at least 2 characters.', { exact: true }).isVisible());
    assert.ok(await form.getByText('Please enter a valid email address.', { exact: true }).isVisible());
    assert.ok(await form.getByText('Message must be at least 10 characters.', { exact: true }).isVisible());
    assert.ok(
      await form.getByLabel('Name').evaluate((el) => el === document.activeElement),
      'the first field with a problem has focus',
    );
    assert.is(await form.getByLabel('Name').getAttribute('aria-invalid'), 'true');

    await form.getByLabel('Name').fill('S');
    await form.getByLabel('Email').fill('sara@');
    await form.getByLabel('Message').fill('Too short');
    assert.ok(await form.getByText('Name must be at least 2 characters.', { exact: true }).isVisible());
    assert.ok(await form.getByText('Please enter a valid email address.', { exact: true }).isVisible());
    assert.ok(await form.getByText('Message must be at least 10 characters.', { exact: true }).isVisible());
    await form.getByLabel('Name').fill('Sa');
    await form.getByLabel('Email').fill('sara@example.com');
    await form.getByLabel('Message').fill('Long enough now');
    assert.is(await form.getByRole('alert').count(), 0, 'the messages go once the fields are right');
    await context.close();
  });

  test(`Sending a message says "Message sent!" after 2 seconds and sends it to the shop once (${name})`, async () => {
    // The page's timers are the test's: the 2 seconds are counted on its clock, paused from before the click, so a
    // loaded machine (or a slow answer from the shop) neither shortens nor stretches them.
    const { context, page } = await openLanding(storefront, viewport, '/', { clock: true });
    const calls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/messages') && calls.push(request.method()));
    await contactForm(page).getByText('Send me news about new books and offers').click();
    assert.ok(await contactForm(page).getByRole('checkbox').isChecked());
    const twoSeconds = 2000; // the spec's "after 2 seconds", not the constant the page reads
    const pausedAt = Date.now() + 1000;
    await page.clock.pauseAt(pausedAt);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/messages'));
    await sendMessage(page);
    const sending = contactForm(page).getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    assert.ok(await sending.isDisabled());
    assert.is((await answered).status(), 201, 'the shop took the message');
    const toast = page.locator('.shop-toast');
    await page.clock.runFor(twoSeconds - 1);
    assert.not.ok(await toast.isVisible(), 'no thanks a millisecond before 2 seconds, though the shop has answered');
    assert.ok(await sending.isVisible());
    await page.clock.runFor(1);
    await toast.getByText('Message sent!', { exact: true }).waitFor();
    assert.ok(
      await toast.getByText("Thank you for your message. We'll get back to you soon.", { exact: true }).isVisible(),
    );
    assert.is(await contactForm(page).getByLabel('Name').inputValue(), '', 'the form is emptied');
    assert.not.ok(await contactForm(page).getByRole('checkbox').isChecked());
    assert.equal(calls, ['POST'], 'the message was sent to the shop once');
    // Left alone, the toast goes after 5 seconds.
    await page.clock.runFor(4999);
    assert.ok(await toast.isVisible(), 'the toast is still shown a millisecond before 5 seconds');
    await page.clock.runFor(1);
    await toast.waitFor({ state: 'hidden' });
    await context.close();
  });
}

test('F8 moves focus to the toast area, and a swipe right past 50 px dismisses the toast', async () => {
  // The page's timers are the test's, and stand still once the toast is up: left alone it would go after 5 seconds,
  // so only the swipe can take it away, however long a busy machine takes over the drags.
  const { context, page } = await openLanding(storefront, viewports.desktop, '/', { clock: true });
  await page.clock.pauseAt(Date.now() + 1000);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/messages'));
  await sendMessage(page);
  await contactForm(page).getByRole('button', { name: 'Sending...' }).waitFor();
  await answered;
  await page.clock.runFor(2000);
  const toast = page.locator('.shop-toast');
  await toast.getByText('Message sent!', { exact: true }).waitFor();
  await page.keyboard.press('F8');
  assert.ok(
    await page.evaluate(() => document.activeElement?.classList.contains('shop-toast-viewport')),
    'F8 focuses the toast area',
  );

  // A short drag springs back; a long one dismisses.
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + 40;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 30, y, { steps: 6 });
  await page.mouse.up();
  // The toast has taken the short drag as a cancelled swipe and sprung back.
  await page.locator('.shop-toast[data-swipe="cancel"]').waitFor();
  await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)).then(() => undefined));
  assert.ok(await toast.isVisible(), 'a 30 px swipe is not enough');
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 140, y, { steps: 12 });
  await page.mouse.up();
  await toast.waitFor({ state: 'hidden' });
  await context.close();
});

test.run();
