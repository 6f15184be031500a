import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { spots, users } from '../../server/db/schema';
import { PLACE_COORDINATES } from '#shared/data/coordinates';
import { apiUser, see, sessionContext, sidewaysOverflow, useE2e, VIEWPORTS } from '../helpers/e2e';

const e2e = useE2e();

/**
 * Suggesting a correction to a place (issue 33 §2): an owner corrects its name and amenities from the place's
 * page; the place stays as it was until a moderator reads the change beside it and applies it.
 */
describe.each(Object.entries(VIEWPORTS))('suggested corrections to places on a %s', (name, options) => {
  it('an owner suggests a correction; a moderator applies it from the queue; the place shows it', async () => {
    const [lat, lon] = PLACE_COORDINATES.SI.Ljubljana!;
    const [spot] = await e2e.server.app.deps.db
      .insert(spots)
      .values({
        kind: 'dogPark',
        name: `Pasji travnik (${name})`,
        countryCode: 'SI',
        location: 'Ljubljana',
        lat: lat + 0.004,
        lon,
        amenities: ['fenced'],
        status: 'published',
      })
      .returning({ id: spots.id });
    const bor = await apiUser(e2e.server, {
      fullName: 'Bor Novak',
      email: `bor.suggest.${name}@example.com`,
    });
    const adminEmail = `admin.suggest.${name}@example.com`;
    const admin = await apiUser(e2e.server, { fullName: 'Admin Tačke', email: adminEmail });
    await e2e.server.app.deps.db.update(users).set({ role: 'admin' }).where(eq(users.email, adminEmail));
    const borContext = await sessionContext(e2e.browser, e2e.server, options, bor.token);
    const adminContext = await sessionContext(e2e.browser, e2e.server, options, admin.token);
    const errors: string[] = [];
    const shot = (page: Page, step: string) =>
      page.screenshot({ path: path.join(os.tmpdir(), `suggest-${name}-${step}.png`), fullPage: true });
    try {
      const page = await borContext.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${e2e.server.url}/mesta?kraj=${spot!.id}`);
      const details = page.getByRole('dialog', { name: `Pasji travnik (${name})` });
      await details.getByRole('button', { name: 'Predlagaj popravek' }).click();
      const form = page.getByRole('dialog', { name: 'Predlagajte popravek' });
      // The form holds the place as it is: sent unchanged, it says so.
      expect(await form.getByLabel('Ime kraja').inputValue()).toBe(`Pasji travnik (${name})`);
      await form.getByRole('button', { name: 'Pošlji predlog' }).click();
      await see(form, 'Nič niste spremenili. Popravite, kar je narobe, nato pošljite predlog.');
      await form.getByLabel('Ime kraja').fill(`Pasji travnik ob Savi (${name})`);
      await form.getByRole('button', { name: 'Voda', exact: true }).click();
      await form.getByLabel('Zakaj (neobvezno)').fill('Tako piše na tabli, pitnik je pri vhodu.');
      await shot(page, 'form');
      expect(await sidewaysOverflow(page)).toBe(0);
      await form.getByRole('button', { name: 'Pošlji predlog' }).click();
      await see(page, 'Hvala! Predlog bo pregledal moderator.');
      await form.waitFor({ state: 'detached' });
      // Until a moderator decides, the place is as it was.
      await see(details.getByRole('heading', { level: 2 }), `Pasji travnik (${name})`);

      const adminPage = await adminContext.newPage();
      adminPage.on('pageerror', (error) => errors.push(error.message));
      await adminPage.goto(`${e2e.server.url}/admin`);
      await adminPage.getByRole('tab', { name: 'Predlogi' }).click();
      const card = adminPage.getByRole('listitem', { name: `Pasji travnik (${name})` });
      await see(card, /^Predlaga: Bor Novak · /);
      await see(card, 'Tako piše na tabli, pitnik je pri vhodu.');
      const rows = card.getByRole('row');
      // Each changed field's name over the place's value now and the suggested one.
      expect(await rows.allInnerTexts()).toEqual([
        expect.stringMatching(/^Zdaj\s+Predlog$/),
        'Ime kraja',
        expect.stringMatching(
          new RegExp(`^Pasji travnik \\(${name}\\)\\s+Pasji travnik ob Savi \\(${name}\\)$`),
        ),
        'Kaj ima',
        expect.stringMatching(/^Ograjeno\s+Ograjeno, Voda$/),
      ]);
      await shot(adminPage, 'queue');
      expect(await sidewaysOverflow(adminPage)).toBe(0);
      await card.getByRole('button', { name: 'Uporabi' }).click();
      await see(adminPage, 'Kraj je popravljen.');
      await card.waitFor({ state: 'detached' });

      // The place now reads as corrected.
      await page.reload();
      await see(
        page
          .getByRole('dialog', { name: `Pasji travnik ob Savi (${name})` })
          .getByRole('heading', { level: 2 }),
        `Pasji travnik ob Savi (${name})`,
      );
      // Bor hears what became of his suggestion.
      await page.goto(`${e2e.server.url}/?obvestila=1`);
      const notices = page.getByRole('dialog', { name: 'Obvestila' });
      await notices.getByRole('tab', { name: /^Posodobitve/ }).click();
      await see(
        notices,
        `Vaš predlog popravka za kraj Pasji travnik ob Savi (${name}) smo upoštevali. Hvala!`,
      );
      expect(errors).toEqual([]);
    } finally {
      await Promise.all([borContext.close(), adminContext.close()]);
    }
  });
});
