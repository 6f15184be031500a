import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PHONE_SIZES, sidewaysOverflow, signedInContext, useE2e, VIEWPORTS } from '../helpers/e2e';

const e2e = useE2e();

const FEATURES = [
  'Pametno ujemanje',
  'Skupnost',
  'Sporočila',
  'Varnost',
  'Brezplačna uporaba',
  'Takojšnje ujemanje',
];

const hero = (page: Page) => page.getByRole('region', { name: 'Tačke' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Glavni meni' });

/** Opens the home page and follows a hero link, checking where it leads. */
async function follow(page: Page, link: string, path: string) {
  await page.goto(`${e2e.server.url}/`);
  await hero(page).getByRole('link', { name: link, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/** The parts of the page that are the same whoever looks: headings, hero, feature cards, demo note. */
async function commonChecks(page: Page) {
  await page.goto(`${e2e.server.url}/`);
  await page.getByRole('heading', { level: 1, name: 'Tačke' }).waitFor();
  expect(await page.title()).toBe('Tačke');

  // One h1, then h2 sections with h3 cards: a heading outline without gaps.
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  expect(await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual([
    'Vse, kar potrebujeta vi in vaš pes',
    'Kako deluje',
    expect.any(String),
  ]);

  await hero(page).getByText('Novi prijatelji za vašega psa').waitFor();
  // DECISIONS 12: the demo marking.
  await hero(page).getByText('Demo različica · brezplačno').waitFor();
  await hero(page)
    .getByText(/Psi, ki jih vidite brez prijave, so demo podatki/)
    .waitFor();

  const features = page.getByRole('region', { name: 'Vse, kar potrebujeta vi in vaš pes' });
  expect(await features.getByRole('listitem').count()).toBe(6);
  expect(await features.getByRole('heading', { level: 3 }).allTextContents()).toEqual(FEATURES);
  for (const card of await features.getByRole('listitem').all())
    expect((await card.innerText()).length).toBeGreaterThan(40);

  // Nothing is wider than the screen (no sideways scrolling on a phone).
  expect(await sidewaysOverflow(page)).toBe(0);

  await follow(page, 'Poišči ujemanja', '/ujemanja');
  await follow(page, 'Dogodki', '/events');
  await follow(page, 'Trgovina', '/trgovina');
}

describe.each(Object.entries(VIEWPORTS))('home page on a %s', (name, options) => {
  it('signed out: hero actions, six feature cards, and the closing call to action leads to sign-in', async () => {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await commonChecks(page);

      await page.goto(`${e2e.server.url}/`);
      const closing = page.getByRole('region', { name: 'Pridružite se Tačkam' });
      await closing.getByText('Registracija je brezplačna').waitFor();
      // No greeting for a visitor.
      expect(await page.getByText(/^Pozdravljeni/).count()).toBe(0);
      await closing.getByRole('link', { name: 'Prijava ali registracija' }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      expect(errors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `test-results/home-signed-out-${name}.png`, fullPage: true });
      throw error;
    } finally {
      await context.close();
    }
  });

  it('signed in: greeting, the same hero actions, and the closing call to action leads to matching', async () => {
    const context = await signedInContext(e2e.browser, e2e.server, options, {
      fullName: 'Ana Novak',
      email: `ana.home.${name}@example.com`,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await commonChecks(page);

      await page.goto(`${e2e.server.url}/`);
      await hero(page).getByText('Pozdravljeni, Ana!').waitFor();
      const closing = page.getByRole('region', { name: 'Nov prijatelj za vašega psa že čaka' });
      await closing.getByRole('link', { name: 'Poišči ujemanja' }).click();
      await page.waitForURL((url) => url.pathname === '/ujemanja');
      expect(errors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `test-results/home-signed-in-${name}.png`, fullPage: true });
      throw error;
    } finally {
      await context.close();
    }
  });
});

describe('prerendered landing page', () => {
  it('arrives rendered in the chosen language, works without JavaScript, and the app takes it over', async () => {
    const html = async (cookie?: string) =>
      (
        await fetch(`${e2e.server.url}/`, { headers: { accept: 'text/html', ...(cookie && { cookie }) } })
      ).text();
    expect(await html()).toContain('Novi prijatelji za vašega psa – le nekaj tačk stran.');
    expect(await html('tacke.locale=en')).toMatch(/<html lang="en">[^]*New friends for your dog/);

    // Without JavaScript: the content and every link are there (a crawler or a slow phone sees the page).
    const plain = await e2e.browser.newContext({ ...VIEWPORTS.phone, javaScriptEnabled: false });
    try {
      const page = await plain.newPage();
      await page.goto(`${e2e.server.url}/`);
      await hero(page).getByText('Novi prijatelji za vašega psa').waitFor();
      expect(await hero(page).getByRole('link', { name: 'Poišči ujemanja' }).getAttribute('href')).toBe(
        '/ujemanja',
      );
      expect(await page.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(6);
    } finally {
      await plain.close();
    }

    const context = await e2e.browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    try {
      await page.goto(`${e2e.server.url}/`);
      // Hydrated: the session is known and the language menu answers.
      await page.getByRole('link', { name: 'Prijava ali registracija' }).first().waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'Jezik' }).click();
      await page.getByRole('menuitemradio', { name: 'English' }).click();
      await hero(page).getByText('New friends for your dog').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      // The choice is a cookie, so the server sends the English page from now on.
      expect((await context.cookies()).find((cookie) => cookie.name === 'tacke.locale')?.value).toBe('en');
      const reloaded = await page.reload();
      expect(await reloaded?.text()).toContain('<html lang="en">');
      await hero(page).getByText('New friends for your dog').waitFor();
      await page.getByRole('link', { name: 'Sign in or sign up' }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The landing page's sign-up, in each language. */
const SIGN_UP = {
  sl: 'Registrirajte se',
  en: 'Sign up for free',
  de: 'Jetzt registrieren',
  it: 'Registrati gratis',
};

describe('sign-up on the landing page (issue 30)', () => {
  it.each([...PHONE_SIZES, [1280, 800] as const])(
    'is in the first view of a %i×%i screen in every language, and opens the sign-up form',
    async (width, height) => {
      const phone = width < 768;
      const context = await e2e.browser.newContext(
        phone ? { ...VIEWPORTS.phone, viewport: { width, height } } : { viewport: { width, height } },
      );
      const page = await context.newPage();
      try {
        for (const [locale, name] of Object.entries(SIGN_UP)) {
          await context.addCookies([{ name: 'tacke.locale', value: locale, url: e2e.server.url }]);
          await page.goto(`${e2e.server.url}/`);
          const link = hero(page).getByRole('link', { name, exact: true });
          await link.waitFor();
          const box = (await link.boundingBox())!;
          const top = (await page.getByRole('banner').boundingBox())!;
          // Between the top bar and the bottom edge (the phone's bottom bar), without scrolling.
          const bottom = phone ? (await page.getByRole('navigation').last().boundingBox())!.y : height;
          expect(box.y, locale).toBeGreaterThanOrEqual(top.y + top.height);
          expect(box.y + box.height, locale).toBeLessThanOrEqual(bottom);
          expect(await page.evaluate(() => window.scrollY), locale).toBe(0);
          // One line: the label does not wrap.
          expect(box.height, locale).toBeLessThan(56);
          expect(await sidewaysOverflow(page), locale).toBe(0);
        }
        await context.addCookies([{ name: 'tacke.locale', value: 'sl', url: e2e.server.url }]);
        await page.goto(`${e2e.server.url}/`);
        await hero(page).getByRole('link', { name: SIGN_UP.sl }).click();
        await page.waitForURL((url) => url.pathname === '/auth' && url.search === '?tab=signUp');
        await page.getByRole('tab', { name: 'Registracija', selected: true }).waitFor();
        await page.getByRole('button', { name: 'Ustvari račun' }).waitFor();
      } catch (error) {
        await page.screenshot({ path: `test-results/home-sign-up-${width}x${height}.png` });
        throw error;
      } finally {
        await context.close();
      }
    },
  );

  it("is the signed-in user's dogs instead, in the same place", async () => {
    const context = await signedInContext(e2e.browser, e2e.server, VIEWPORTS.phone, {
      fullName: 'Ana Novak',
      email: 'ana.home.dogs@example.com',
    });
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/`);
      await hero(page).getByText('Pozdravljeni, Ana!').waitFor();
      expect(await hero(page).getByRole('link', { name: SIGN_UP.sl }).count()).toBe(0);
      await hero(page).getByRole('link', { name: 'Moji psi' }).click();
      await page.waitForURL((url) => url.pathname === '/moji-psi');
    } finally {
      await context.close();
    }
  });
});

describe("a first visit in the browser's language (issue 30)", () => {
  it('opens the landing page and the app in German for a German browser; a language chosen in the app stays', async () => {
    const context = await e2e.browser.newContext({ ...VIEWPORTS.desktop, locale: 'de-DE' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      // The landing page arrives prerendered in German, and the app takes it over in German.
      const landing = await page.goto(`${e2e.server.url}/`);
      expect(await landing?.text()).toMatch(/<html lang="de">[^]*Neue Freunde für deinen Hund/);
      await page.getByRole('banner').getByRole('button', { name: 'Sprache' }).waitFor();
      await hero(page).getByRole('link', { name: SIGN_UP.de }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      // Any page of the app, opened directly.
      await page.goto(`${e2e.server.url}/events`);
      await page.getByRole('heading', { level: 1, name: 'Veranstaltungen' }).waitFor();
      // Nothing was chosen yet: no cookie.
      expect((await context.cookies()).find((cookie) => cookie.name === 'tacke.locale')).toBeUndefined();

      await page.getByRole('banner').getByRole('button', { name: 'Sprache' }).click();
      await page.getByRole('menuitemradio', { name: 'Slovenščina' }).click();
      await page.getByRole('heading', { level: 1, name: 'Dogodki' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dogodki' }).waitFor();
      const home = await page.goto(`${e2e.server.url}/`);
      expect(await home?.text()).toContain('<html lang="sl">');
      await hero(page).getByText('Novi prijatelji za vašega psa').waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'Jezik' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('starts in Slovenian for a browser in a language the app does not speak', async () => {
    const context = await e2e.browser.newContext({ ...VIEWPORTS.phone, locale: 'fr-FR' });
    const page = await context.newPage();
    try {
      const landing = await page.goto(`${e2e.server.url}/`);
      expect(await landing?.text()).toContain('<html lang="sl">');
      await page.goto(`${e2e.server.url}/events`);
      await page.getByRole('heading', { level: 1, name: 'Dogodki' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('home page loading state', () => {
  it('paints at once and shows a loading state where the session decides, until it is known', async () => {
    const context = await e2e.browser.newContext(VIEWPORTS.phone);
    const page = await context.newPage();
    try {
      // Hold the session request until the loading state has been seen.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('auth.me'),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await page.goto(`${e2e.server.url}/`);
      // The hero is there while the session is still unknown; the closing call to action waits for it.
      await page.getByRole('heading', { level: 1, name: 'Tačke' }).waitFor();
      await page.getByRole('main').getByRole('status').getByText('Nalaganje...').waitFor();
      expect(await page.getByRole('link', { name: 'Prijava ali registracija' }).count()).toBe(0);
      release();
      await page.getByRole('link', { name: 'Prijava ali registracija' }).first().waitFor();
      expect(await page.getByRole('status').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('navigation (SPEC §2 Navigation)', () => {
  let context: BrowserContext | undefined;
  afterAll(async () => {
    await context?.close();
  });

  it('desktop: top bar links, bell, language and sign-out; the current item is highlighted', async () => {
    context = await signedInContext(e2e.browser, e2e.server, VIEWPORTS.desktop, {
      fullName: 'Bor Kranjc',
      email: 'bor.nav@example.com',
    });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Tačke' }).waitFor();
    // The page paints before the session is known; the signed-in bar follows it.
    await page.getByRole('banner').getByRole('button', { name: 'Odjava' }).waitFor();
    const links = await nav(page)
      .getByRole('link')
      .evaluateAll((items) => items.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
    expect(links).toEqual([
      ['Profil', '/profil'],
      ['Moji psi', '/moji-psi'],
      ['Klepet', '/klepet'],
      ['Ujemanja', '/ujemanja'],
      ['Dogodki', '/events'],
      ['Trgovina', '/trgovina'],
    ]);
    // Home is none of them.
    expect(await nav(page).locator('a[aria-current="page"]').count()).toBe(0);
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: /^Obvestila/ }).waitFor();
    await banner.getByRole('button', { name: 'Jezik' }).waitFor();
    await banner.getByRole('button', { name: 'Odjava' }).waitFor();

    await nav(page).getByRole('link', { name: 'Dogodki' }).click();
    await page.waitForURL((url) => url.pathname === '/events');
    await nav(page)
      .getByRole('link', { name: 'Dogodki' })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    expect(await nav(page).locator('a[aria-current="page"]').allTextContents()).toEqual(['Dogodki']);
    // The chat list as cards belongs to the chat section.
    await page.goto(`${e2e.server.url}/chat`);
    await nav(page)
      .getByRole('link', { name: 'Klepet' })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    expect(await nav(page).locator('a[aria-current="page"]').allTextContents()).toEqual(['Klepet']);
  });

  it('phone, signed out: five items, dogs and chat lead to sign-in, only "Prijava" lights up there', async () => {
    const phone = await e2e.browser.newContext(VIEWPORTS.phone);
    try {
      const page = await phone.newPage();
      await page.goto(`${e2e.server.url}/ujemanja`);
      const bottom = nav(page);
      await bottom.getByRole('link', { name: 'Prijava' }).waitFor();
      const links = await bottom
        .getByRole('link')
        .evaluateAll((items) => items.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
      expect(links).toEqual([
        ['Ujemanja', '/ujemanja'],
        ['Dogodki', '/events'],
        ['Psi', '/auth'],
        ['Klepet', '/auth'],
        ['Prijava', '/auth'],
      ]);
      expect(await bottom.locator('a[aria-current="page"]').allTextContents()).toEqual(['Ujemanja']);
      await bottom.getByRole('link', { name: 'Psi' }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await bottom
        .getByRole('link', { name: 'Prijava' })
        .and(page.locator('[aria-current="page"]'))
        .waitFor();
      expect(await bottom.locator('a[aria-current="page"]').allTextContents()).toEqual(['Prijava']);
    } finally {
      await phone.close();
    }
  });
});
