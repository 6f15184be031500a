import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e, VIEWPORTS } from '../helpers/e2e';

// Unlike the other e2e files, contexts here start as a first visit: the terms are not accepted yet.
const e2e = useE2e({ termsAccepted: false });

const TITLE = 'Pogoji uporabe in zasebnost';
const dialog = (page: Page) => page.getByRole('dialog', { name: TITLE });
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('tacke.termsAccepted'));

describe.each(Object.entries(VIEWPORTS))('terms dialog on a %s', (name, options) => {
  it('opens 2 s into a first visit; accepting keeps it away, the footer link reopens it', async () => {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${e2e.server.url}/`);
      await page.getByRole('heading', { level: 1, name: 'Tačke' }).waitFor();
      const shownAfter = Date.now();
      // Not at once: the page is readable first.
      await page.waitForTimeout(1000);
      expect(await dialog(page).count()).toBe(0);
      await dialog(page).waitFor({ timeout: 5000 });
      expect(Date.now() - shownAfter).toBeGreaterThanOrEqual(1000);

      // The text: dated, the ages, the data kept, photos, messages, export and deletion, contact.
      const text = await dialog(page).innerText();
      expect(text).toContain('Veljavno od 20. 8. 2025');
      expect(text).toContain('stare najmanj 13 let');
      expect(text).toContain('18 let ali več');
      expect(text).toContain('odstranimo metapodatke');
      expect(text).toContain('vidita le udeleženca pogovora');
      expect(text).toContain('izvozite njihovo kopijo in trajno izbrišete račun');
      expect(text).toContain('Podprite Tačke');
      expect(await dialog(page).getByRole('heading', { level: 3 }).count()).toBe(8);

      // The accept button is in view without scrolling through the text.
      const accept = dialog(page).getByRole('button', { name: 'Sprejmem pogoje' });
      const box = await accept.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(options.viewport.height);
      await accept.click();
      await dialog(page).waitFor({ state: 'detached' });
      expect(new Date((await stored(page)) ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);

      // Never again by itself, not after a reload either.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Tačke' }).waitFor();
      await page.waitForTimeout(3000);
      expect(await page.getByRole('dialog').count()).toBe(0);

      // The small link at the bottom of every page opens it again, saying when it was accepted.
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

describe('terms dialog', () => {
  it('comes back on the next visit when closed without accepting', async () => {
    const context = await e2e.browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/ujemanja`);
      await dialog(page).waitFor({ timeout: 5000 });
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
      expect(await stored(page)).toBeNull();
      await page.reload();
      await dialog(page).waitFor({ timeout: 5000 });
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
      const english = page.getByRole('dialog', { name: 'Terms of use and privacy' });
      await english.waitFor({ timeout: 5000 });
      await english.getByText('Effective from 20 August 2025').waitFor();
      await english.getByRole('button', { name: 'I accept the terms' }).click();
      await english.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'WhatsApp/2.23.20.0',
  ])('never opens for a crawler (%s)', async (userAgent) => {
    const context = await e2e.browser.newContext({ ...VIEWPORTS.desktop, userAgent });
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/`);
      await page.getByRole('heading', { level: 1, name: 'Tačke' }).waitFor();
      await page.waitForTimeout(3000);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // The link still works for anyone who asks.
      await page.getByRole('button', { name: 'Pogoji in zasebnost' }).click();
      await dialog(page).waitFor();
    } finally {
      await context.close();
    }
  });
});
