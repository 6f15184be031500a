import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e, VIEWPORTS } from '../helpers/e2e';

// Unlike the other e2e files, contexts here start as a first visit: the terms are not accepted yet.
const e2e = useE2e({ termsAccepted: false });

const TITLE = 'Pogoji uporabe in zasebnost';
const dialog = (page: Page) => page.getByRole('dialog', { name: TITLE });
const notice = (page: Page) => page.getByRole('region', { name: 'Pogoji uporabe' });
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('tacke.termsAccepted'));

describe.each(Object.entries(VIEWPORTS))('terms notice on a %s', (name, options) => {
  it('slides in 2 s into a first visit without taking the focus; the full text is a tap away; accepting keeps it away', async () => {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${e2e.server.url}/auth`);
      // Typing through the moment it appears: every key lands in the field, which keeps the focus.
      const email = page.getByLabel('E-pošta').first();
      await email.click();
      const shownAfter = Date.now();
      await email.pressSequentially('ana.kos@example.com', { delay: 150 });
      await notice(page).waitFor({ timeout: 5000 });
      expect(Date.now() - shownAfter).toBeGreaterThanOrEqual(1000);
      await email.pressSequentially('.si', { delay: 50 });
      expect(await email.inputValue()).toBe('ana.kos@example.com.si');
      expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // Small: one line of text and two buttons, never what the page is about.
      const box = await notice(page).boundingBox();
      expect(box!.height).toBeLessThan(name === 'phone' ? 160 : 90);
      // Above the phone's bottom bar, not over it.
      if (name === 'phone') {
        const bar = await page.getByRole('navigation', { name: 'Glavni meni' }).last().boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y + 1);
      }

      // The text: dated, the ages, the data kept, photos, messages, export and deletion, contact.
      await notice(page).getByRole('button', { name: 'Preberi pogoje' }).click();
      const text = await dialog(page).innerText();
      expect(text).toContain('Veljavno od 20. 8. 2025');
      expect(text).toContain('stare najmanj 13 let');
      expect(text).toContain('18 let ali več');
      expect(text).toContain('odstranimo metapodatke');
      expect(text).toContain('vidita le udeleženca pogovora');
      expect(text).toContain('izvozite njihovo kopijo in trajno izbrišete račun');
      expect(text).toContain('Podprite Tačke');
      expect(await dialog(page).getByRole('heading', { level: 3 }).count()).toBe(8);
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });

      // Closed, the dialog gives the focus back to the notice's button that opened it.
      const focused = (name: string) =>
        notice(page)
          .getByRole('button', { name })
          .evaluate((el) => el === document.activeElement);
      await expect.poll(() => focused('Preberi pogoje')).toBe(true);
      // Accepted with the keyboard: the notice goes and the focus does not fall to the page's start.
      await page.keyboard.press('Tab');
      expect(await focused('Sprejmem pogoje')).toBe(true);
      await page.keyboard.press('Enter');
      await notice(page).waitFor({ state: 'detached' });
      expect(new Date((await stored(page)) ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);

      // Never again, not after a reload either.
      await page.reload();
      await page.waitForTimeout(3000);
      expect(await notice(page).count()).toBe(0);

      // The small link at the bottom of every page opens the text, saying when it was accepted.
      await page.goto(`${e2e.server.url}/events`);
      await page.getByRole('contentinfo').getByRole('button', { name: 'Pogoji in zasebnost' }).click();
      await dialog(page).waitFor();
      await dialog(page)
        .getByText(/^Pogoje ste sprejeli \d+\. \d+\. \d{4}\.$/)
        .waitFor();
      expect(await dialog(page).getByRole('button', { name: 'Sprejmem pogoje' }).count()).toBe(0);
      await dialog(page).getByRole('button', { name: 'Zapri' }).first().click();
      await dialog(page).waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `test-results/terms-${name}.png` });
      throw error;
    } finally {
      await context.close();
    }
  });
});

describe('terms notice', () => {
  it('asks at sign-up until accepted, and the sign-up records the acceptance', async () => {
    const context = await e2e.browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/auth`);
      await page.getByRole('tab', { name: 'Registracija' }).click();
      const form = page.getByRole('tabpanel', { name: 'Registracija' });
      await form.getByLabel('Ime in priimek').fill('Nina Novak');
      await form.getByLabel('E-pošta').fill('nina.terms@example.com');
      await form.getByLabel('Geslo').fill('dolgo-in-varno-geslo');
      await form.getByRole('button', { name: 'Ustvari račun' }).click();
      await form.getByText('Za registracijo sprejmite pogoje uporabe.').waitFor();
      const box = form.getByRole('checkbox', { name: /Sprejemam pogoje uporabe/ });
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await stored(page)).toBeNull();
      await box.check();
      await form.getByRole('button', { name: 'Ustvari račun' }).click();
      await page.getByText('Potrdite email!').first().waitFor();
      expect(await stored(page)).not.toBeNull();
      await page.waitForTimeout(2500);
      expect(await notice(page).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it.each(['/events', '/auth'])('is never the largest paint of %s', async (path) => {
    const context = await e2e.browser.newContext(VIEWPORTS.phone);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}${path}`);
      await notice(page).waitFor({ timeout: 5000 });
      await page.waitForTimeout(500);
      const largest = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            new PerformanceObserver((list) => {
              const element = (list.getEntries().at(-1) as unknown as { element: Element | null }).element;
              resolve(
                !element
                  ? 'none'
                  : element.closest('[role="dialog"], section[aria-label="Pogoji uporabe"]')
                    ? 'terms'
                    : element.tagName,
              );
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      expect(largest).not.toBe('terms');
      expect(largest).not.toBe('none');
    } finally {
      await context.close();
    }
  });

  it('comes back on the next visit when not accepted', async () => {
    const context = await e2e.browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/ujemanja`);
      await notice(page).waitFor({ timeout: 5000 });
      expect(await stored(page)).toBeNull();
      await page.reload();
      await notice(page).waitFor({ timeout: 5000 });
    } finally {
      await context.close();
    }
  });

  it('speaks the chosen language', async () => {
    const context = await e2e.browser.newContext(VIEWPORTS.phone);
    await context.addCookies([{ name: 'tacke.locale', value: 'en', url: e2e.server.url }]);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/`);
      const english = page.getByRole('region', { name: 'Terms of use' });
      await english.waitFor({ timeout: 5000 });
      await english.getByText('By using Tačke you accept').waitFor();
      await english.getByRole('button', { name: 'Read the terms' }).click();
      await page
        .getByRole('dialog', { name: 'Terms of use and privacy' })
        .getByText('Effective from 20 August 2025')
        .waitFor();
      await page.getByRole('button', { name: 'I accept the terms' }).click();
      await english.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'WhatsApp/2.23.20.0',
  ])('never shows for a crawler (%s)', async (userAgent) => {
    const context = await e2e.browser.newContext({ ...VIEWPORTS.desktop, userAgent });
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/`);
      await page.getByRole('heading', { level: 1, name: 'Tačke' }).waitFor();
      await page.waitForTimeout(3000);
      expect(await notice(page).count()).toBe(0);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // The link still works for anyone who asks.
      await page.getByRole('button', { name: 'Pogoji in zasebnost' }).click();
      await dialog(page).waitFor();
    } finally {
      await context.close();
    }
  });
});
