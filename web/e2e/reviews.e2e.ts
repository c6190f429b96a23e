import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopContent } from '../../contracts/catalog/content.ts';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { browserFor } from '../../infra/testing/browserShop.ts';
import { call, startTestShop, testAdmin } from '../../infra/testing/shop.ts';

const browser = await browserFor(test);

const title = (id: number) => shopContent.books.find((b) => b.id === id)!.title;
const wait = { timeout: 15_000 };
const toastShows = async (page: Page, title: string, description?: string) => {
  await page.getByText(title, { exact: true }).last().waitFor(wait);
  if (description) await page.getByText(description, { exact: true }).last().waitFor(wait);
};

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Shopper's review is published only after the owner approves it; another is rejected only with a reason (${name})`, async () => {
    const shop = await startTestShop();
    const { context, page } = await newPage(browser, viewport);
    try {
      await page.goto(`${shop.url}/#reviews`);
      const reviews = page.locator('#reviews');
      const book2Tab = reviews.getByRole('tab', { name: title(2) });
      await book2Tab.waitFor(wait);
      assert.is(await book2Tab.getAttribute('aria-selected'), 'true', 'book 2 is the default tab');
      await reviews.getByText('No reviews yet. Be the first to share your thoughts!').waitFor(wait);

      // The tabs take the keyboard as Radix's did: the arrows go round them and select the tab they reach, End and
      // Home go to the last and the first; the selected tab is the one tab stop and names its panel.
      const selected = (id: number) => reviews.getByRole('tab', { name: title(id), selected: true });
      await book2Tab.focus();
      await page.keyboard.press('ArrowRight');
      await selected(1).waitFor(wait);
      assert.ok(await selected(1).evaluate((tab) => tab === document.activeElement), 'the arrow moves focus too');
      await page.keyboard.press('ArrowRight');
      await selected(2).waitFor(wait);
      await page.keyboard.press('End');
      await selected(1).waitFor(wait);
      await page.keyboard.press('Home');
      await selected(2).waitFor(wait);
      assert.equal(
        await reviews.getByRole('tab').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('tabindex'))),
        ['0', '-1'],
      );
      const panel = reviews.getByRole('tabpanel', { name: title(2) });
      assert.is(await panel.getAttribute('id'), await book2Tab.getAttribute('aria-controls'));

      // The dialog checks the fields with the server's messages before sending anything.
      await reviews.getByRole('button', { name: 'Write the First Review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Write a Review' });
      await dialog.waitFor(wait);
      await dialog.getByRole('button', { name: 'Submit Review' }).click();
      for (const message of [
        'Name must be at least 2 characters',
        'Please enter a valid email address',
        'Review must be at least 5 characters',
      ]) {
        await dialog.getByText(message).waitFor(wait);
      }
      assert.is(
        await dialog.getByRole('button', { name: '5 stars' }).getAttribute('aria-pressed'),
        'true',
        'five stars by default',
      );
      // Stars are chosen with the keyboard as well as the pointer.
      await dialog.getByRole('button', { name: '4 stars' }).focus();
      await page.keyboard.press('Space');
      assert.is(await dialog.getByRole('button', { name: '4 stars' }).getAttribute('aria-pressed'), 'true');
      await dialog.getByLabel('Your Name').fill('Maryam');
      await dialog.getByLabel('Email').fill('maryam@example.com');
      await dialog.getByLabel('Your Review').fill('<b>Bedtime favourite</b> — my son asks for it every night.');
      await dialog.getByRole('button', { name: 'Submit Review' }).click();
      await toastShows(page, 'Review Submitted', 'Thank you for your review! It has been submitted for approval.');
      await dialog.waitFor({ state: 'hidden', ...wait });

      // A second review, of book 1, arrives through the API.
      const other = await call(`${shop.url}/api/reviews/submit`, {
        body: {
          bookId: 1,
          customerName: 'Yusuf',
          customerEmail: 'yusuf@example.com',
          rating: 2,
          reviewText: 'Please send me a discount code',
        },
      });
      assert.is(other.status, 201);

      // Not public yet.
      await page.reload();
      await page.locator('#reviews').getByText('No reviews yet. Be the first to share your thoughts!').waitFor(wait);

      // The owner logs in; a wrong password first.
      await page.goto(`${shop.url}/admin/login`);
      await page.getByLabel('Username').fill(testAdmin.username);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Log In' }).click();
      await toastShows(page, 'Login Failed', 'Invalid username or password');
      await page.getByLabel('Password').fill(testAdmin.password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await toastShows(page, 'Login Successful', 'Welcome to the admin dashboard');
      await page.waitForURL('**/admin/dashboard', wait);
      assert.is(
        await page.getByRole('tab', { name: 'Pending' }).getAttribute('aria-selected'),
        'true',
        'pending is the default tab',
      );

      const maryam = page.getByRole('article', { name: 'Maryam' });
      await maryam.waitFor(wait);
      await maryam.getByText('Submitted by Maryam').waitFor(wait);
      await maryam.getByLabel('Message (optional to approve, required to reject)').fill('Thank you for sharing!');
      await maryam.getByRole('button', { name: 'Approve' }).click();
      await toastShows(page, 'Review Approved', 'The review has been approved and published');
      await maryam.waitFor({ state: 'detached', ...wait });

      // Rejecting needs a reason.
      const yusuf = page.getByRole('article', { name: 'Yusuf' });
      await yusuf.getByRole('button', { name: 'Reject' }).click();
      await toastShows(page, 'Message Required', 'Please provide a reason for rejection');
      assert.ok(await yusuf.isVisible(), 'still pending without a reason');
      await yusuf
        .getByLabel('Message (optional to approve, required to reject)')
        .fill('Reviews are for the story itself');
      await yusuf.getByRole('button', { name: 'Reject' }).click();
      await toastShows(page, 'Review Rejected');
      await page.getByText('No reviews are waiting for approval.').waitFor(wait);

      await page.getByRole('tab', { name: 'Approved' }).click();
      await page
        .getByRole('article', { name: 'Maryam' })
        .getByText(/Approved by admin on .+ — “Thank you for sharing!”/)
        .waitFor(wait);
      await page.getByRole('tab', { name: 'Rejected' }).click();
      await page
        .getByRole('article', { name: 'Yusuf' })
        .getByText(/Rejected by admin on .+ — “Reviews are for the story itself”/)
        .waitFor(wait);
      await page.getByRole('tab', { name: 'All' }).click();
      await page.getByRole('article').nth(1).waitFor(wait);
      assert.is(await page.getByRole('article').count(), 2);
      assert.is(await page.getByRole('button', { name: 'Approve' }).count(), 0, 'no actions on decided reviews');

      // Public now, under the right book, as plain text.
      await page.goto(`${shop.url}/#reviews`);
      const published = page.locator('#reviews').getByRole('article');
      await published.first().waitFor(wait);
      assert.is(await published.count(), 1);
      const text = await published.innerText();
      assert.match(text, 'Maryam');
      assert.match(text, '<b>Bedtime favourite</b> — my son asks for it every night.');
      assert.is(await published.locator('b').count(), 0, 'the markup is shown, not applied');
      assert.match(
        text,
        new Date().toLocaleDateString('en-GB', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'Europe/London',
        }),
      );
      assert.ok(await published.getByRole('img', { name: 'Rated 4 out of 5' }).isVisible());
      await page
        .locator('#reviews')
        .getByRole('tab', { name: title(1) })
        .click();
      await page.locator('#reviews').getByText('No reviews yet. Be the first to share your thoughts!').waitFor(wait);

      // Logging out ends the session.
      await page.goto(`${shop.url}/admin-dashboard`);
      const token = await page.evaluate(() => localStorage.getItem('adminToken'));
      await page.getByRole('button', { name: 'Log Out' }).click();
      await toastShows(page, 'Logged Out');
      await page.waitForURL('**/admin/login', wait);
      assert.is(await page.evaluate(() => localStorage.getItem('adminToken')), null);
      // The server ended the session too: the old token opens nothing any more.
      assert.is(
        (await fetch(`${shop.url}/api/admin/reviews`, { headers: { authorization: `Bearer ${token}` } })).status,
        401,
      );
    } finally {
      await context.close();
      await shop.close();
    }
  });
}

test.run();
