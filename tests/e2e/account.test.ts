import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { dogProfiles, users } from '../../server/db/schema';
import { createApiClient } from '#shared/client';
import { LIMITS } from '#shared/limits';
import { apiUser, see, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';

const e2e = useE2e();

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(os.tmpdir(), `account-${name}.png`), fullPage: true });
}

const password = 'moji-psi-so-super';

/** A confirmed user with one dog, made through the API. */
async function owner(email: string, dogName: string) {
  const user = await apiUser(e2e.server, { fullName: 'Mojca Kos', email, password });
  await user.api.dogs.create.mutate({
    name: dogName,
    breed: 'Mešanec',
    age: 4,
    gender: 'male',
    location: 'Ljubljana',
  });
  return user;
}

describe.each(Object.entries(VIEWPORTS))('account settings on a %s', (name, options) => {
  it('exports my data as a JSON file', async () => {
    const mojca = await owner(`mojca.export.${name}@example.com`, 'Piki');
    const context = await sessionContext(e2e.browser, e2e.server, options, mojca.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${e2e.server.url}/profil`);
      const settings = page.getByRole('region', { name: 'Nastavitve' });
      await settings.waitFor({ timeout: 10_000 });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        settings.getByRole('button', { name: 'Izvozi moje podatke' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^tacke-izvoz-\d{4}-\d{2}-\d{2}\.json$/);
      const text = fs.readFileSync(await download.path(), 'utf8');
      const data = JSON.parse(text) as unknown;
      expect(typeof data).toBe('object');
      expect(text).toContain('Piki');
      expect(text).toContain(`mojca.export.${name}@example.com`);
      await see(page, 'Vaši podatki so izvoženi');

      // The hour's other exports (a script would use them up): the next is refused, and the page says why.
      for (let i = 1; i < LIMITS.accountExportsPerHour; i++) await mojca.api.account.export.mutate();
      let downloads = 0;
      page.on('download', () => downloads++);
      await settings.getByRole('button', { name: 'Izvozi moje podatke' }).click();
      await see(page, 'Izvoz podatkov ni uspel');
      await see(page, `Svoje podatke lahko prenesete največ ${LIMITS.accountExportsPerHour}-krat na uro.`);
      expect(downloads).toBe(0);

      // Without DONATION_URL the support popup explains, but offers no payment button (DECISIONS 14).
      await page.getByRole('button', { name: 'Podprite Tačke' }).click();
      const support = page.getByRole('dialog', { name: 'Podprite Tačke' });
      await see(support, 'Možnost podpore bo na voljo kmalu.');
      expect(await support.getByRole('link').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await mojca.api.close();
    }
  });

  it('deletes the account after an explicit confirmation; the old credentials no longer work', async () => {
    const email = `mojca.delete.${name}@example.com`;
    const mojca = await owner(email, 'Luna');
    const { db } = e2e.server.app.deps;
    const context = await sessionContext(e2e.browser, e2e.server, options, mojca.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${e2e.server.url}/profil`);
      const settings = page.getByRole('region', { name: 'Nastavitve' });
      await settings.waitFor({ timeout: 10_000 });
      await settings.getByRole('button', { name: 'Izbriši račun' }).click();

      // The dialog says what goes, and the delete button waits for the typed confirmation.
      const dialog = page.getByRole('dialog', { name: 'Izbrisati račun?' });
      await dialog.waitFor();
      for (const text of [
        'profile vaših psov in njihove fotografije',
        'dogodke, ki ste jih ustvarili, in vaše prijave na dogodke',
        'vaša sporočila in klepete',
        'osebne podatke: profil, e-poštni naslov in geslo',
        'V klepetih z drugimi lastniki boste prikazani kot »Izbrisan uporabnik«.',
      ])
        await see(dialog, text);
      const confirm = dialog.getByRole('button', { name: 'Trajno izbriši račun' });
      const word = dialog.getByLabel('Za potrditev vpišite IZBRIŠI');
      expect(await confirm.isDisabled()).toBe(true);
      await word.fill('IZBRIS');
      expect(await confirm.isDisabled()).toBe(true);
      await word.fill('IZBRIŠI');
      expect(await confirm.isEnabled()).toBe(true);
      await shot(page, `${name}-confirm`);

      // A failure keeps everything and says so.
      await page.route(/\/trpc\/account\.delete\b/, (route) => route.fulfill({ status: 500, body: '' }), {
        times: 1,
      });
      await confirm.click();
      await see(page, 'Napaka pri brisanju računa');
      expect(await dialog.isVisible()).toBe(true);

      await confirm.click();
      await see(page, 'POPOLNOMA IZBRISANO!');
      await see(
        page,
        'Vaš račun, e-poštni naslov in geslo so trajno izbrisani. Prijava z njimi ni več mogoča.',
      );
      await page.waitForURL((url) => url.pathname === '/');
      // The tab is signed out at once.
      const nav = page.getByRole('navigation', { name: 'Glavni meni' });
      await nav.getByRole('link', { name: 'Prijava' }).waitFor({ timeout: 10_000 });
      await shot(page, `${name}-deleted`);

      expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect(await db.select().from(dogProfiles).where(eq(dogProfiles.name, 'Luna'))).toEqual([]);
      expect(await mojca.api.auth.me.query()).toBeNull();

      // Signing in with the old e-mail and password fails.
      await page.goto(`${e2e.server.url}/auth`);
      await page.getByLabel('E-pošta').fill(email);
      await page.getByLabel('Geslo').fill(password);
      await page.getByRole('button', { name: 'Prijavi se' }).click();
      await page.getByRole('alert').filter({ hasText: 'Napačen e-poštni naslov ali geslo.' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth');
      const anonymous = createApiClient({ url: e2e.server.url, WebSocket: WebSocket as never });
      try {
        await expect(anonymous.auth.signIn.mutate({ email, password })).rejects.toThrow();
      } finally {
        await anonymous.close();
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await mojca.api.close();
    }
  });
});
