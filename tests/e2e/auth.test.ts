import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createApiClient } from '#shared/client';
import { makeEvent, makeUser } from '../helpers/factories';
import { PHONE_SIZES, sidewaysOverflow, useE2e, VIEWPORTS } from '../helpers/e2e';

const e2e = useE2e();

/** Wait until the text is on the page (Playwright's auto-waiting, bounded). */
const see = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor({ timeout: 10_000 });

/** Wait until the field with this label is marked invalid. */
const invalid = (page: Page, label: string) =>
  page.getByLabel(label).and(page.locator('[aria-invalid="true"]')).waitFor({ timeout: 10_000 });

describe.each(Object.entries(VIEWPORTS))('account journey on a %s', (name, options) => {
  const email = `ana.${name}@example.com`;
  const password = 'moji-psi-so-super';

  it('signs up, confirms from the outbox, signs in, sees the profile and signs out', async () => {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${e2e.server.url}/auth`);
      await page.getByRole('tab', { name: 'Registracija' }).click();
      expect(await page.title()).toBe('Prijava · Tačke');
      // Client-side validation with the shared schemas, in Slovenian.
      await page.getByRole('button', { name: 'Ustvari račun' }).click();
      await see(page, 'Vpišite ime in priimek.');
      // Focus moves to the first invalid field.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('fullName');
      await page.getByLabel('Ime in priimek').fill('Ana Novak');
      await page.getByLabel('E-pošta').fill('ana@');
      await page.getByLabel('Geslo').fill('kratko');
      await page.getByRole('button', { name: 'Ustvari račun' }).click();
      await invalid(page, 'E-pošta');
      await invalid(page, 'Geslo');

      await page.getByLabel('E-pošta').fill(email);
      await page.getByLabel('Geslo').fill(password);
      await page.getByRole('button', { name: 'Ustvari račun' }).click();
      await see(page, 'Potrdite e-poštni naslov!');
      // The sign-in tab opens with the address filled in; sign-in is refused until the address is confirmed.
      expect(await page.getByLabel('E-pošta').inputValue()).toBe(email);
      await page.getByLabel('Geslo').fill(password);
      await page.getByRole('button', { name: 'Prijavi se' }).click();
      await page.getByRole('alert').filter({ hasText: 'ni potrjen' }).waitFor();

      // The confirmation link from the outbox signs in and counts down to the profile. The page's first
      // `auth.me` (sent before the cookie exists) is held back so it answers after the confirmation: the
      // stale "signed out" answer must not win.
      let held = false;
      await page.route(/\/trpc\/auth\.me\b/, async (route) => {
        if (held) return route.continue();
        held = true;
        const response = await route.fetch(); // answered now, without the cookie…
        await new Promise((resolve) => setTimeout(resolve, 1500)); // …and delivered late
        await route.fulfill({ response }).catch(() => {}); // the app may have cancelled it
      });
      await page.goto(await e2e.server.outboxLink(email));
      // The link alone activates nothing: the password chosen at sign-up does.
      await see(page, 'Aktivirajte račun');
      await page.getByLabel('Geslo').fill('ni-moje-geslo');
      await page.getByRole('button', { name: 'Aktiviraj račun' }).click();
      await page.getByRole('alert').filter({ hasText: 'To ni geslo, izbrano ob registraciji.' }).waitFor();
      await page.getByLabel('Geslo').fill(password);
      await page.getByRole('button', { name: 'Aktiviraj račun' }).click();
      await see(page, 'E-poštni naslov je potrjen!');
      await see(page, email);
      await page.waitForURL(/\/profil$/, { timeout: 10_000 });
      await see(page, 'Na Tačkah od');

      // Sign out, then sign in with the form.
      await page
        .getByRole('button', { name: /^Odjav/ })
        .first()
        .click();
      await see(page, 'Uspešna odjava');
      await page.goto(`${e2e.server.url}/auth`);
      await page.getByLabel('E-pošta').fill(email);
      await page.getByLabel('Geslo').fill('napacno-geslo');
      await page.getByRole('button', { name: 'Prijavi se' }).click();
      await page.getByRole('alert').first().waitFor();
      await page.getByLabel('Geslo').fill(password);
      await page.getByRole('button', { name: 'Prijavi se' }).click();
      await page.waitForURL(/\/profil$/);
      await see(page, 'Uspešna prijava');
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Ana Novak' }).waitFor();
      await main.getByText(email).first().waitFor();
      // A date in a sentence: the month in the genitive ("od 25. novembra 2026").
      const now = new Date();
      const month =
        'januarja februarja marca aprila maja junija julija avgusta septembra oktobra novembra decembra';
      const today = `${now.getDate()}. ${month.split(' ')[now.getMonth()]} ${now.getFullYear()}`;
      await main.getByText(`Na Tačkah od ${today}`).waitFor();
      expect(await page.title()).toBe('Profil · Tačke');

      // The visible navigation is the one for this screen size.
      const nav = page.getByRole('navigation', { name: 'Glavni meni' });
      expect(await nav.count()).toBe(1);
      const links = await nav.getByRole('link').allTextContents();
      expect(links.map((l) => l.trim())).toEqual(
        name === 'phone'
          ? ['Ujemanja', 'Dogodki', 'Psi', 'Klepet', 'Profil']
          : ['Profil', 'Moji psi', 'Klepet', 'Ujemanja', 'Dogodki', 'Trgovina'],
      );
      expect(await nav.getByRole('link', { name: 'Profil' }).getAttribute('aria-current')).toBe('page');

      // A signed-in visitor of /auth goes to the profile.
      await page.goto(`${e2e.server.url}/auth`);
      await page.waitForURL(/\/profil$/);

      await page
        .getByRole('button', { name: /^Odjav/ })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`${e2e.server.url}/profil`);
      await see(page, 'Prijava potrebna');
      expect(errors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `test-results/account-journey-${name}.png` });
      throw error;
    } finally {
      await context.close();
    }
  });

  it('shows the signed-out navigation and sends /klepet to /auth', async () => {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/klepet`);
      await page.waitForURL(/\/auth$/);
      const nav = page.getByRole('navigation', { name: 'Glavni meni' });
      const hrefs = await nav
        .getByRole('link')
        .evaluateAll((links) => links.map((l) => [l.textContent?.trim(), l.getAttribute('href')]));
      expect(hrefs).toEqual(
        name === 'phone'
          ? [
              ['Ujemanja', '/ujemanja'],
              ['Dogodki', '/events'],
              ['Psi', '/auth'],
              ['Klepet', '/auth'],
              ['Prijava', '/auth'],
            ]
          : [
              ['Ujemanja', '/ujemanja'],
              ['Dogodki', '/events'],
              ['Trgovina', '/trgovina'],
              ['Prijava', '/auth'],
            ],
      );
    } finally {
      await context.close();
    }
  });
});

describe('languages and unknown routes', () => {
  it('keeps the chosen language across a reload', async () => {
    const page = await e2e.browser.newPage(VIEWPORTS.desktop);
    try {
      await page.goto(`${e2e.server.url}/auth`);
      await page.getByRole('tab', { name: 'Prijava' }).waitFor();
      await page.getByRole('button', { name: 'Jezik' }).click();
      await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
      await page.getByRole('tab', { name: 'Registrieren' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      await page.reload();
      await page.getByRole('tab', { name: 'Registrieren' }).waitFor();
      await page.getByRole('button', { name: 'Sprache' }).click();
      await page.getByRole('menuitemradio', { name: 'Italiano' }).click();
      await page.getByRole('tab', { name: 'Registrati' }).waitFor();
    } finally {
      await page.close();
    }
  });

  it('opens the home page, and shows the 404 page with a way home', async () => {
    const page = await e2e.browser.newPage(VIEWPORTS.phone);
    try {
      await page.goto(e2e.server.url);
      await page.getByRole('main').getByRole('link', { name: 'Poišči ujemanja' }).waitFor();
      expect(await page.title()).toBe('Tačke');
      const response = await page.goto(`${e2e.server.url}/ni-take-strani`);
      expect(response?.status()).toBe(200);
      await see(page, 'Strani ni mogoče najti');
      expect(await page.title()).toBe('Strani ni mogoče najti · Tačke');
      await page.getByRole('main').getByRole('link', { name: 'Nazaj na domačo stran' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await page.close();
    }
  });

  it('shows the router error screen when a page cannot load', async () => {
    const page = await e2e.browser.newPage(VIEWPORTS.desktop);
    try {
      await page.route(/\/assets\/profile-[\w-]{8}\.js$/, (route) => route.abort());
      await page.goto(`${e2e.server.url}/profil`);
      await see(page, 'Nepričakovana napaka aplikacije');
      await page.getByRole('button', { name: 'Ponovno naloži' }).waitFor();
    } finally {
      await page.close();
    }
  });

  it('leaves the error screen for the last page on back', async () => {
    const page = await e2e.browser.newPage(VIEWPORTS.desktop);
    try {
      await page.route(/\/assets\/shop-page-[\w-]{8}\.js$/, (route) => route.abort());
      await page.goto(`${e2e.server.url}/`);
      await page
        .getByRole('navigation', { name: 'Glavni meni' })
        .getByRole('link', { name: 'Trgovina' })
        .click();
      await see(page, 'Nepričakovana napaka aplikacije');
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Tačke' }).waitFor();
      expect(await page.getByText('Nepričakovana napaka aplikacije').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('resets a forgotten password from the e-mailed link', async () => {
    const page = await e2e.browser.newPage(VIEWPORTS.phone);
    try {
      await page.goto(`${e2e.server.url}/auth?tab=reset`);
      await page.getByLabel('E-pošta').fill('ana.phone@example.com');
      await page.getByRole('button', { name: 'Pošlji povezavo' }).click();
      await see(page, 'E-pošta za ponastavitev poslana');
      await page.goto(await e2e.server.outboxLink('ana.phone@example.com'));
      await page.getByLabel('Novo geslo').fill('psi');
      await page.getByRole('button', { name: 'Shrani geslo' }).click();
      await invalid(page, 'Novo geslo');
      await page.getByLabel('Novo geslo').fill('cisto-novo-geslo');
      await page.getByRole('button', { name: 'Shrani geslo' }).click();
      await page.waitForURL(/\/profil$/);
      await see(page, 'Geslo je bilo spremenjeno');
    } finally {
      await page.close();
    }
  });

  it('an address someone else signed up is taken over by its owner with a password of their own', async () => {
    const email = 'tina@example.com';
    // Someone signs up Tina's address with a password of their choosing; the link goes to Tina.
    const attacker = createApiClient({ url: e2e.server.url, WebSocket: WebSocket as never });
    await attacker.auth.signUp.mutate({ fullName: 'Vsiljivec', email, password: 'podtaknjeno-geslo' });
    const page = await e2e.browser.newPage(VIEWPORTS.phone);
    try {
      await page.goto(await e2e.server.outboxLink(email));
      await see(page, 'Aktivirajte račun');
      await page.getByLabel('Geslo').fill('tinino-geslo-123');
      await page.getByRole('button', { name: 'Aktiviraj račun' }).click();
      await page.getByRole('alert').filter({ hasText: 'To ni geslo, izbrano ob registraciji.' }).waitFor();
      // She chooses her own password through a reset link instead.
      await page.getByRole('link', { name: /Ponastavite geslo/ }).click();
      await page.waitForURL(/\/auth\?tab=reset$/);
      await page.getByLabel('E-pošta').fill(email);
      await page.getByRole('button', { name: 'Pošlji povezavo' }).click();
      await see(page, 'E-pošta za ponastavitev poslana');
      await page.goto(await e2e.server.outboxLink(email));
      await page.getByLabel('Novo geslo').fill('tinino-geslo-123');
      await page.getByRole('button', { name: 'Shrani geslo' }).click();
      await page.waitForURL(/\/profil$/);
      await see(page, 'Geslo je bilo spremenjeno');
      // The planted password never worked and does not now.
      const refused = await attacker.auth.signIn.mutate({ email, password: 'podtaknjeno-geslo' }).then(
        () => null,
        (error: { data?: { appCode?: string } }) => error.data?.appCode,
      );
      expect(refused).toBe('INVALID_CREDENTIALS');
    } finally {
      await page.close();
      await attacker.close();
    }
  });
});

describe('moving between pages', () => {
  it('starts a new page at its top; back and a reload return to where the user was', async () => {
    const page = await e2e.browser.newPage(VIEWPORTS.phone);
    const scrollY = () => page.evaluate(() => window.scrollY);
    try {
      await page.goto(`${e2e.server.url}/`);
      const signUp = page
        .getByRole('region', { name: 'Pridružite se Tačkam' })
        .getByRole('link', { name: 'Prijava ali registracija' });
      await signUp.scrollIntoViewIfNeeded();
      const y = await scrollY();
      expect(y).toBeGreaterThan(500);

      await signUp.click();
      await page.getByRole('tab', { name: 'Prijava' }).waitFor();
      expect(await scrollY()).toBe(0);

      await page.goBack();
      await signUp.waitFor();
      await expect.poll(scrollY).toBe(y);
      await page.reload();
      await signUp.waitFor();
      await expect.poll(scrollY).toBe(y);
    } finally {
      await page.close();
    }
  });

  it('keeps the page where it is when a filter changes only the query', async () => {
    const { db } = e2e.server.app.deps;
    const organiser = await makeUser(db, { fullName: 'Društvo Tačke' });
    for (let i = 0; i < 12; i++) await makeEvent(db, organiser.id, { title: `Srečanje št. ${i + 1}` });
    const page = await e2e.browser.newPage(VIEWPORTS.phone);
    const scrollY = () => page.evaluate(() => window.scrollY);
    try {
      await page.goto(`${e2e.server.url}/events`);
      await page.getByText('Srečanje št. 12').waitFor();
      await page.evaluate(() => window.scrollTo(0, 400));
      await expect.poll(scrollY).toBe(400);
      // A click that does not scroll the chip into view first, as Playwright's would.
      const chip = page.getByRole('main').getByRole('button', { name: 'Srečanje', exact: true });
      await chip.evaluate((button: HTMLElement) => button.click());
      await page.waitForURL((url) => url.searchParams.get('type') === 'meetup');
      await chip.and(page.locator('[aria-pressed="true"]')).waitFor();
      // Not back at the top (the row of filters in force may shift it a little).
      expect(await scrollY()).toBeGreaterThan(200);
    } finally {
      await page.close();
    }
  });
});

describe('the sign-in tabs in every language', () => {
  it.each([...PHONE_SIZES, [1280, 800] as const])(
    'show each label whole, none over another, on a %i×%i screen',
    async (width, height) => {
      const context = await e2e.browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      try {
        for (const locale of ['sl', 'en', 'de', 'it']) {
          await context.addCookies([{ name: 'tacke.locale', value: locale, url: e2e.server.url }]);
          await page.goto(`${e2e.server.url}/auth`);
          await page.getByRole('tablist').waitFor();
          const tabs = await page.getByRole('tab').evaluateAll((elements) =>
            elements.map((tab) => {
              const text = document.createRange();
              text.selectNodeContents(tab);
              const { left, right, top, bottom } = tab.getBoundingClientRect();
              const label = text.getBoundingClientRect();
              return { left, right, top, bottom, labelLeft: label.left, labelRight: label.right };
            }),
          );
          const list = (await page.getByRole('tablist').boundingBox())!;
          expect(tabs, locale).toHaveLength(3);
          for (const [index, tab] of tabs.entries()) {
            // The label within its tab, the tab within the list.
            expect(tab.labelLeft, `${locale} ${index}`).toBeGreaterThanOrEqual(tab.left);
            expect(tab.labelRight, `${locale} ${index}`).toBeLessThanOrEqual(tab.right);
            expect(tab.right, `${locale} ${index}`).toBeLessThanOrEqual(list.x + list.width);
            // No two tabs share any ground.
            for (const other of tabs.slice(index + 1)) {
              const apart =
                other.left >= tab.right ||
                other.right <= tab.left ||
                other.top >= tab.bottom ||
                other.bottom <= tab.top;
              expect(apart, `${locale} ${index}`).toBe(true);
            }
          }
          expect(await sidewaysOverflow(page), locale).toBe(0);
        }
      } finally {
        await context.close();
      }
    },
  );
});

describe('page headings on the smallest phone', () => {
  it('fit their box in every language; a one-word heading stays one unbroken line', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 320, height: 568 }, isMobile: true });
    const page = await context.newPage();
    try {
      for (const locale of ['sl', 'en', 'de', 'it']) {
        await context.addCookies([{ name: 'tacke.locale', value: locale, url: e2e.server.url }]);
        for (const route of ['/events', '/auth', '/trgovina', '/razvijalci', '/no-such-page']) {
          await page.goto(`${e2e.server.url}${route}`);
          const heading = page.getByRole('heading', { level: 1 }).first();
          await heading.waitFor();
          const { fits, lines, words } = await heading.evaluate((h1) => ({
            fits: h1.scrollWidth <= h1.clientWidth,
            lines: Math.round(
              h1.getBoundingClientRect().height / parseFloat(getComputedStyle(h1).lineHeight),
            ),
            words: h1.textContent!.trim().split(/\s+/).length,
          }));
          expect(fits, `${locale} ${route}`).toBe(true);
          if (words === 1) expect(lines, `${locale} ${route}`).toBe(1);
        }
      }
    } finally {
      await context.close();
    }
  });
});
