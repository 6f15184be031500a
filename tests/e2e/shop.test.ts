import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiUser, see, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';

const e2e = useE2e();

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(os.tmpdir(), `shop-${name}.png`), fullPage: true });
}

/** The placeholder every visitor sees: the heading and the three categories. */
async function seePlaceholder(page: Page) {
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Kmalu na voljo!', level: 1 }).waitFor({ timeout: 10_000 });
  for (const category of ['Igrače', 'Hrana', 'Dodatki'])
    await main.getByRole('heading', { name: category, level: 3 }).waitFor();
  expect(await page.title()).toBe('Trgovina · Tačke');
  return main;
}

describe.each(Object.entries(VIEWPORTS))('shop on a %s', (name, options) => {
  it('shows a signed-out visitor the categories, the prompt and the way to sign in', async () => {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      // The second name leads to the one address.
      await page.goto(`${e2e.server.url}/shop`);
      await page.waitForURL((url) => url.pathname === '/trgovina');
      const main = await seePlaceholder(page);
      await see(main, 'Prijavite se in obvestili vas bomo, ko bo trgovina odprta.');
      expect(await main.getByRole('button', { name: 'Obvesti me' }).count()).toBe(0);
      await shot(page, `${name}-signed-out`);
      await main.getByRole('link', { name: 'Prijava' }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('records a signed-in owner’s wish to hear when it opens, and remembers it', async () => {
    const ana = await apiUser(e2e.server, { fullName: 'Ana Kos', email: `ana.shop.${name}@example.com` });
    const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${e2e.server.url}/trgovina`);
      const main = await seePlaceholder(page);
      await see(main, 'Sporočili vam bomo, ko bo trgovina odprta.');
      expect(await main.getByRole('link', { name: 'Prijava' }).count()).toBe(0);
      expect(await ana.api.shop.status.query()).toEqual({ notified: false });
      await shot(page, `${name}-signed-in`);

      await main.getByRole('button', { name: 'Obvesti me' }).click();
      await see(main, 'Obvestili vas bomo');
      expect(await main.getByRole('button', { name: 'Obvesti me' }).count()).toBe(0);
      expect(await ana.api.shop.status.query()).toEqual({ notified: true });
      await shot(page, `${name}-notified`);

      // After a reload the page still knows.
      await page.reload();
      await seePlaceholder(page);
      await see(main, 'Obvestili vas bomo');
      await see(main, 'Hvala za zanimanje! Vaša želja je shranjena.');
      expect(await main.getByRole('button', { name: 'Obvesti me' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await ana.api.close();
    }
  });
});
