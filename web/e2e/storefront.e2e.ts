// The landing page as a shopper sees it: splash, header, hero, the story sections, footer, 404, and an axe check.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Response } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { timings } from '../../contracts/shared/constants.ts';
import { shopContent } from '../../contracts/catalog/content.ts';
import { newPage, newContext, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { openLanding, pastSplash, scrolledTo, type Storefront } from './storefrontLanding.ts';

const storefront: Storefront = await shopAndBrowserFor(test);

for (const [name, viewport] of Object.entries(viewports)) {
  for (const motion of ['no-preference', 'reduce'] as const) {
    test(`Shopper sees "Loading story..." for about 3 seconds, then the landing page (${name}, motion: ${motion})`, async () => {
      // With reduced motion too: the splash must still go, and take no clicks once it has.
      const { context, page } = await newPage(storefront.browser, viewport, { reducedMotion: motion });
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(storefront.shop.url + '/', { waitUntil: 'commit' });
      // Read from the page itself rather than by watching it, so a slow test machine cannot miss the 3 seconds.
      const splash = page.getByText('Loading story...', { exact: true });
      await splash.waitFor({ state: 'attached' });
      assert.is(await page.locator('.splash img').count(), 2, 'the two characters are in the splash');
      // The splash's own fade-out ends 3 s after it first showed, and the page is usable beneath it.
      const timing = await page.evaluate(() => {
        const fade = document
          .querySelector('.splash')!
          .getAnimations()
          .find((a) => (a as CSSAnimation).animationName === 'splash-out')!;
        return { startedAt: Number(fade.startTime), endsAfter: Number(fade.effect!.getComputedTiming().endTime) };
      });
      assert.is(timing.endsAfter, timings.splashMs);
      await splash.waitFor({ state: 'hidden' });
      const goneAt = await page.evaluate(() => performance.now());
      assert.ok(
        goneAt >= timing.startedAt + timings.splashMs,
        `gone at ${Math.round(goneAt)} ms, shown at ${Math.round(timing.startedAt)} ms`,
      );
      assert.not.ok(await splash.isVisible());
      assert.ok(
        await page.evaluate(() => !document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest('.splash')),
        'the page beneath takes the clicks',
      );
      await page.getByRole('heading', { level: 1, name: "Heartwarming Children's Stories" }).waitFor();
      assert.ok(
        await page
          .getByText(
            'Rooted in faith, love, and compassion — helping children explore values like kindness, unity, and courage.',
            { exact: true },
          )
          .isVisible(),
      );
      await page.getByTestId('book-card').first().waitFor();
      assert.equal(errors, [], 'nothing goes wrong while the page loads');
      await context.close();
    });
  }

  test(`Shopper jumps from the hero to the books and to the about section (${name})`, async () => {
    const { context, page } = await openLanding(storefront, viewport, '/', { motion: true });
    const card = page.locator('.hero__card');
    assert.ok(await card.getByRole('heading', { name: 'Faith-Inspired Stories for Young Readers' }).isVisible());
    assert.ok(
      await card
        .getByText('Beautifully illustrated books that nurture character and values.', { exact: true })
        .isVisible(),
    );

    const animations = await page.evaluate(() =>
      ['.hero__text', '.hero__card'].map((selector) => {
        const timing = document.querySelector(selector)!.getAnimations()[0]?.effect?.getTiming();
        return { duration: timing?.duration, delay: timing?.delay };
      }),
    );
    assert.equal(animations, [
      { duration: 600, delay: 0 },
      { duration: 800, delay: 200 },
    ]);

    await page.getByRole('link', { name: 'Explore the Books' }).click();
    assert.ok(await scrolledTo(page, 'books'), 'Explore the Books shows #books');
    assert.match(page.url(), /#books$/);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.getByRole('link', { name: 'Learn More' }).click();
    assert.ok(await scrolledTo(page, 'about'), 'Learn More shows #about');
    await context.close();
  });

  test(`Header's shadow grows once the page scrolls past 10 px (${name})`, async () => {
    const { context, page } = await openLanding(storefront, viewport);
    const header = page.locator('header.site-header');
    const shadow = () => header.evaluate((el) => getComputedStyle(el).boxShadow);
    assert.is(await header.getAttribute('data-scrolled'), 'false');
    const resting = await shadow();
    // The page has handled the scroll to 10 px and drawn two frames since: the header has answered it by then.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), {
            once: true,
          });
          window.scrollTo({ top: 10, behavior: 'instant' });
        }),
    );
    assert.is(await header.getAttribute('data-scrolled'), 'false', '10 px is not yet past the threshold');
    await page.evaluate(() => window.scrollTo({ top: 11, behavior: 'instant' }));
    await page.locator('header.site-header[data-scrolled="true"]').waitFor();
    await header.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)).then(() => undefined));
    assert.is.not(await shadow(), resting);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.locator('header.site-header[data-scrolled="false"]').waitFor();
    await context.close();
  });

  test(`Shopper reads about the author, meets the characters and the families' testimonials (${name})`, async () => {
    const { context, page } = await openLanding(storefront, viewport);
    const about = page.locator('#about');
    await about.scrollIntoViewIfNeeded();
    assert.ok(await about.getByRole('heading', { level: 2, name: shopContent.about.heading }).isVisible());
    for (const line of shopContent.about.verse)
      assert.ok(await about.getByText(line, { exact: true }).isVisible(), line);
    assert.ok(await about.getByText(`— ${shopContent.about.verseAuthor}`).isVisible());
    assert.is(await about.getByRole('link', { name: 'Get in Touch' }).getAttribute('href'), '#contact');

    const characters = page.locator('#characters');
    await characters.scrollIntoViewIfNeeded();
    assert.ok(await characters.getByRole('heading', { level: 2, name: 'Meet the Characters' }).isVisible());
    assert.is(shopContent.characters.length, 2);
    for (const character of shopContent.characters) {
      assert.ok(await characters.getByRole('heading', { level: 3, name: character.name }).isVisible());
      assert.ok(await characters.getByRole('img', { name: character.imageAlt }).isVisible());
      const traits = characters.getByRole('list', { name: `What ${character.name} is like` });
      assert.equal(await traits.getByRole('listitem').allInnerTexts(), character.traits);
    }

    assert.ok(await page.locator('#reviews').count(), 'the reviews section has its place');

    const testimonials = page.locator('#testimonials');
    await testimonials.scrollIntoViewIfNeeded();
    const ratings = await testimonials
      .getByRole('img', { name: /^Rated / })
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    assert.equal(ratings, ['Rated 5 out of 5', 'Rated 5 out of 5', 'Rated 4.5 out of 5']);
    const halfStars = testimonials.locator('figure').nth(2).locator('.star[data-fill="half"]');
    assert.is(await halfStars.count(), 1, 'the 4.5 rating shows a half star');
    assert.is(await testimonials.locator('figure').nth(2).locator('.star[data-fill="full"]').count(), 4);
    for (const t of shopContent.testimonials) {
      assert.ok(await testimonials.getByText(t.author, { exact: true }).isVisible());
      assert.ok(await testimonials.getByText(t.role, { exact: true }).isVisible());
      assert.ok(await testimonials.getByText(`“${t.text}”`).isVisible());
    }
    await context.close();
  });

  test(`Footer carries the tagline, links, social links, the Instagram QR image and this year (${name})`, async () => {
    const { context, page } = await openLanding(storefront, viewport);
    const footer = page.locator('footer.site-footer');
    await footer.scrollIntoViewIfNeeded();
    assert.ok(
      await footer
        .getByText("Heartwarming children's stories rooted in faith, love, and compassion.", { exact: true })
        .isVisible(),
    );
    const links = footer.getByRole('navigation', { name: 'Quick Links' });
    // Beside them, the shop's policies (decision 089).
    assert.equal(await footer.getByRole('navigation', { name: 'Shop policies' }).getByRole('link').allInnerTexts(), [
      'Delivery',
      'Returns & cancellations',
      'Privacy',
      'Terms',
      'Our details',
    ]);
    assert.equal(await links.getByRole('link').allInnerTexts(), [
      'Home',
      'Books',
      'Meet the characters',
      'About',
      'Contact',
      'Find your order',
    ]);
    assert.equal(await links.getByRole('link').evaluateAll((els) => els.map((el) => el.getAttribute('href'))), [
      '#home',
      '#books',
      '#characters',
      '#about',
      '#contact',
      '/order',
    ]);
    assert.is(
      await footer.getByRole('link', { name: 'Instagram', exact: true }).getAttribute('href'),
      shopContent.shop.instagramUrl,
    );
    assert.is(
      await footer.getByRole('link', { name: 'Facebook', exact: true }).getAttribute('href'),
      shopContent.shop.facebookUrl,
    );
    assert.is(
      await footer.getByRole('link', { name: 'Twitter', exact: true }).getAttribute('href'),
      shopContent.shop.twitterUrl,
    );
    const qr = footer.getByRole('img', { name: 'QR code for Amanah House on Instagram' });
    await qr.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await qr.elementHandle(),
    );
    // The year where the page runs (the browser is in London), not where the test process runs.
    const year = new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Europe/London' }).format(new Date());
    assert.ok(await footer.getByText(`© ${year} Amanah House. All rights reserved.`, { exact: true }).isVisible());
    await context.close();
  });
}

test('The Instagram QR image is drawn from the configured link', async () => {
  const res = await fetch(storefront.shop.url + '/art/instagram-qr.svg');
  assert.is(res.status, 200);
  const svg = await res.text();
  assert.match(svg, /^<svg/);
  assert.match(svg, /<path/);
});

test('Shopper on a laptop follows every header anchor and "Shop Now"', async () => {
  const { context, page } = await openLanding(storefront, viewports.desktop);
  const nav = page.getByRole('navigation', { name: 'Main' });
  assert.equal(await nav.getByRole('link').allInnerTexts(), [
    'Home',
    'Books',
    'About Us',
    'Meet the Characters',
    'Reviews',
    'Contact',
  ]);
  assert.not.ok(await page.getByRole('button', { name: 'Toggle menu' }).isVisible(), 'no toggle menu at 1280 px');
  for (const [label, anchor] of [
    ['Contact', 'contact'],
    ['Reviews', 'reviews'],
    ['Meet the Characters', 'characters'],
    ['About Us', 'about'],
    ['Books', 'books'],
    ['Home', 'home'],
  ] as const) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    assert.ok(await scrolledTo(page, anchor), `${label} shows #${anchor}`);
  }
  await page.getByRole('link', { name: 'Shop Now' }).click();
  assert.ok(await scrolledTo(page, 'books'), 'Shop Now shows #books');
  await context.close();
});

test('An address with a section, such as /#contact, opens the landing page at that section once it is built', async () => {
  for (const viewport of Object.values(viewports)) {
    const { context, page } = await openLanding(storefront, viewport, '/#contact');
    assert.ok(await scrolledTo(page, 'contact'), `#contact is in view at ${viewport.width} px`);
    await context.close();
  }
});

test('Shopper on a phone opens the toggle menu, and a link closes it', async () => {
  const { context, page } = await openLanding(storefront, viewports.mobile);
  assert.not.ok(
    await page.getByRole('navigation', { name: 'Main' }).isVisible(),
    'the wide nav is folded away below 768 px',
  );
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  assert.is(await toggle.getAttribute('aria-expanded'), 'false');
  await toggle.click();
  assert.is(await toggle.getAttribute('aria-expanded'), 'true');
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  assert.equal(await menu.getByRole('link').allInnerTexts(), [
    'Home',
    'Books',
    'About Us',
    'Meet the Characters',
    'Reviews',
    'Contact',
    'Shop Now',
  ]);
  await menu.getByRole('link', { name: 'Meet the Characters' }).click();
  assert.ok(await scrolledTo(page, 'characters'));
  // A menu that stayed open would time these waits out.
  await menu.waitFor({ state: 'hidden' });
  await toggle.click();
  await menu.getByRole('link', { name: 'Shop Now' }).click();
  assert.ok(await scrolledTo(page, 'books'));
  await menu.waitFor({ state: 'hidden' });
  await toggle.click();
  // Open before Escape, or its closing the menu would prove nothing.
  await menu.waitFor();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  await context.close();
});

test('The landing page also answers at /app, and an address with #contact lands on the contact section', async () => {
  const { context, page } = await openLanding(storefront, viewports.mobile, '/app#contact');
  assert.ok(await page.getByRole('heading', { level: 1, name: "Heartwarming Children's Stories" }).count());
  assert.ok(await scrolledTo(page, 'contact'));
  await context.close();
});

test('Shopper on an unknown page sees the not-found screen', async () => {
  const { context, page } = await newPage(storefront.browser, viewports.mobile);
  const response = await page.goto(storefront.shop.url + '/no-such-page');
  assert.is(response?.status(), 404);
  // The splash fades after 3 s whether or not the app has drawn beneath it yet.
  await pastSplash(page);
  await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  assert.ok(await page.getByText('Did you forget to add the page to the router?', { exact: true }).isVisible());
  assert.is(await page.locator('svg[stroke="#dc2626"]').count(), 1, 'the red icon');
  await context.close();
});

test('Every Radix class the pages use keeps its styles: the build drops only rules nothing can match', async () => {
  const radixCss = readFileSync(createRequire(import.meta.url).resolve('@radix-ui/themes/styles.css'), 'utf8');
  const selectorOf = (name: string) => `.${name.replace(/:/g, '\\:')}`;
  const styledByRadix = (css: string, name: string) =>
    new RegExp(`${selectorOf(name).replace(/[.\\-]/g, '\\$&')}(?![\\w-])`).test(css);
  const unstyled = new Set<string>();
  const check = async (page: import('playwright-core').Page, where: string) => {
    const { classes, sheets } = await page.evaluate(() => ({
      classes: [...new Set([...document.querySelectorAll('[class]')].flatMap((e) => [...e.classList]))].filter((c) =>
        /^(-|[a-z]{2}:)?-?rt-/.test(c),
      ),
      sheets: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href),
    }));
    const served = (await Promise.all(sheets.map(async (href) => (await fetch(href)).text()))).join('\n');
    for (const name of classes)
      if (styledByRadix(radixCss, name) && !styledByRadix(served, name)) unstyled.add(`${name} (${where})`);
    return classes.length;
  };
  for (const viewport of Object.values(viewports)) {
    const { context, page } = await openLanding(storefront, viewport);
    assert.ok((await check(page, 'landing page')) > 20, 'the landing page uses Radix classes');
    await page.getByRole('button', { name: /^Cart, / }).click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'cart');
    await page.keyboard.press('Escape');
    await page.getByTestId('book-card').first().getByRole('button', { name: 'Preview Pages' }).click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'page preview');
    await page.goto(storefront.shop.url + '/admin/login');
    await page
      .getByRole('button', { name: /sign in|log in/i })
      .first()
      .waitFor();
    await check(page, 'admin sign-in');
    await context.close();
  }
  assert.equal([...unstyled], []);
});

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

for (const [name, viewport] of Object.entries(viewports)) {
  test(`axe finds no serious or critical problems on the landing page, its cart and its dialogs (${name})`, async () => {
    // The shop's CSP forbids inline scripts, so this one context lets the test inject axe.
    const context = await newContext(storefront.browser, viewport, { bypassCSP: true });
    const page = await context.newPage();
    await page.goto(storefront.shop.url + '/');
    await pastSplash(page);
    await page.getByRole('heading', { name: shopContent.books[0]!.title }).waitFor();
    await page.addScriptTag({ content: axeSource });
    const problems = async (where: string) => {
      const result = await page.evaluate(async () => {
        const run = await (
          window as unknown as {
            axe: {
              run(
                context: Document,
                options: object,
              ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
            };
          }
        ).axe.run(document, {
          resultTypes: ['violations'],
        });
        return run.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      assert.equal(result, [], `${where}: ${result.join('; ')}`);
    };
    await problems('landing page');
    await page.getByRole('button', { name: /^Cart, / }).click();
    await page.getByRole('dialog').waitFor();
    await problems('empty cart');
    await page.keyboard.press('Escape');
    await page.getByTestId('book-card').first().getByRole('button', { name: 'Preview Pages' }).click();
    await page.getByRole('dialog').waitFor();
    await problems('page preview');
    await context.close();
  });
}

/** Every script the page fetches while it loads and settles (the idle toast area included), as text. */
async function scriptsOf(path: string): Promise<string[]> {
  const { context, page } = await newPage(storefront.browser, viewports.mobile);
  const bodies: Promise<string>[] = [];
  const collect = (response: Response) => {
    // Read at once, while the page is open; a body that cannot be read says so, and fails the checks below.
    if (response.request().resourceType() === 'script')
      bodies.push(response.text().catch((error: Error) => `unreadable ${response.url()}: ${error.message}`));
  };
  page.on('response', collect);
  await page.goto(storefront.shop.url + path, { waitUntil: 'networkidle' });
  // Settled: the splash has faded on its own, and the toast area, the last code loaded at idle, is in the page.
  await page.getByText('Loading story...', { exact: true }).waitFor({ state: 'hidden' });
  await page.locator('.shop-toast-viewport').waitFor({ state: 'attached' });
  page.off('response', collect);
  const scripts = await Promise.all(bodies);
  await context.close();
  assert.equal(
    scripts.filter((s) => s.startsWith('unreadable ')),
    [],
    'every script was read',
  );
  return scripts;
}

test("The landing page's scripts hold none of the owner's screens", async () => {
  // Texts only the owner's screens show; the sign-in screen's scripts must hold them, or the check proves nothing.
  const ownerTexts = [
    'Invalid username or password',
    'Welcome to the admin dashboard',
    'Reviews Dashboard',
    'Orders Dashboard',
  ];
  const signIn = (await scriptsOf('/admin/login')).join('\n');
  assert.ok(signIn.includes(ownerTexts[0]!), 'the sign-in screen loads its own code');
  const landing = await scriptsOf('/');
  assert.ok(landing.length > 1, 'the landing page loads its scripts');
  for (const text of ownerTexts) {
    assert.not.ok(
      landing.some((script) => script.includes(text)),
      `"${text}" is in the landing page's scripts`,
    );
  }
});

test.run();
