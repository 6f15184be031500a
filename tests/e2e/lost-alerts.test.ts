import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lostAlerts } from '../../server/db/schema';
import { apiOwner, see, sessionContext, sidewaysOverflow, useE2e, VIEWPORTS } from '../helpers/e2e';
import { jpeg } from '../helpers/images';

const e2e = useE2e();

/** Lost-dog alerts (issue 33 §5, 8) from /pogresani: the owner raises one, a neighbour sees it, it ends found. */
describe.each(Object.entries(VIEWPORTS))('lost-dog alerts on a %s', (name, options) => {
  it('an owner marks her dog lost; an owner nearby sees it in English from the link and shares its public page; found, it leaves his list', async () => {
    const ana = await apiOwner(e2e.server, 'Ana Kos', `ana.lost.${name}@example.com`, 'Aro');
    const bor = await apiOwner(e2e.server, 'Bor Novak', `bor.lost.${name}@example.com`, 'Rex');
    const anaContext = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    const borContext = await sessionContext(e2e.browser, e2e.server, { ...options, locale: 'en' }, bor.token);
    const errors: string[] = [];
    try {
      const page = await anaContext.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${e2e.server.url}/pogresani`);
      const main = page.getByRole('main');
      await see(main.getByRole('heading', { level: 1 }), 'Pogrešani psi');
      await main.getByRole('button', { name: 'Moj pes se je izgubil' }).click();
      const dialog = page.getByRole('dialog');
      await see(
        dialog,
        /Lastniki psov do 5 km od mesta, kjer je bil pes nazadnje viden, takoj dobijo obvestilo\./,
      );
      // Her only dog; its town centres the map.
      expect(await dialog.getByLabel('Kraj').inputValue()).toBe('Ljubljana');
      await dialog.getByLabel('Kaj naj vedo tisti, ki iščejo').fill('Plašen je, ne lovite ga.');
      // A new photo instead of the profile's (Aro has none).
      const photoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-lost-')), 'aro.jpg');
      fs.writeFileSync(photoFile, await jpeg(900, 700));
      await dialog.locator('input[type="file"]').setInputFiles(photoFile);
      await dialog.getByRole('img', { name: 'Fotografija 1' }).waitFor();
      await page.screenshot({ path: path.join(os.tmpdir(), `lost-${name}-form.png`), fullPage: true });
      expect(await sidewaysOverflow(page)).toBe(0);
      await dialog.getByRole('button', { name: 'Obvesti lastnike v bližini' }).click();
      await see(page, 'Opozorilo je objavljeno. Obveščamo lastnike v bližini.');
      const mine = main.getByRole('region', { name: 'Moja opozorila' });
      const card = mine.getByRole('article', { name: 'Aro' });
      await see(card, 'Pogrešan');
      await see(card, 'Okolica kraja Ljubljana');
      await see(card, 'Plašen je, ne lovite ga.');
      await page.screenshot({ path: path.join(os.tmpdir(), `lost-${name}-mine.png`), fullPage: true });
      expect(await sidewaysOverflow(page)).toBe(0);
      const [alert] = await e2e.server.app.deps.db
        .select({ id: lostAlerts.id })
        .from(lostAlerts)
        .where(eq(lostAlerts.userId, ana.id));

      // Bor, whose dog lives in Ljubljana too, opens the push's link in English.
      const borPage = await borContext.newPage();
      borPage.on('pageerror', (error) => errors.push(error.message));
      await borPage.goto(`${e2e.server.url}/pogresani?alarm=${alert!.id}`);
      const near = borPage.getByRole('main').getByRole('region', { name: 'Near your dogs' });
      const seen = near.getByRole('article', { name: 'Aro' });
      await see(seen, 'Missing');
      await see(seen, 'Around Ljubljana');
      await see(seen, /^Last seen: /);
      await see(seen, 'Plašen je, ne lovite ga.');
      // Only the owner acts on an alert; others may say they saw the dog.
      expect(await seen.getByRole('button').allTextContents()).toEqual(['I saw this dog']);
      await borPage.screenshot({ path: path.join(os.tmpdir(), `lost-${name}-near-en.png`), fullPage: true });
      expect(await sidewaysOverflow(borPage)).toBe(0);

      // He shares it: the public page opens in a new tab, in his language.
      const [shared] = await Promise.all([
        borContext.waitForEvent('page'),
        seen.getByRole('link', { name: 'Share or print a poster' }).click(),
      ]);
      await see(shared.getByRole('heading', { level: 1 }), 'Lost dog: Aro');
      expect(shared.url()).toBe(`${e2e.server.url}/pogresan/${alert!.id}?lang=en`);
      // Someone with no account opens the link in German: the dog, the area, what to do; never Ana's name.
      const visitorContext = await e2e.browser.newContext({ ...options, locale: 'de-DE' });
      try {
        const visitor = await visitorContext.newPage();
        visitor.on('pageerror', (error) => errors.push(error.message));
        await visitor.goto(`${e2e.server.url}/pogresan/${alert!.id}`);
        await see(visitor.getByRole('heading', { level: 1 }), 'Hund vermisst: Aro');
        // Her new photo, also what a shared link shows.
        const shown = visitor.getByRole('img', { name: 'Aro, Mešanec' });
        await expect
          .poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
        expect(await visitor.locator('meta[property="og:image"]').getAttribute('content')).toBe(
          e2e.server.url + (await shown.getAttribute('src'))!,
        );
        await see(visitor.getByRole('main'), 'in der Nähe von Ljubljana (etwa 1 km)');
        await see(visitor.getByRole('main'), 'Plašen je, ne lovite ga.');
        await see(visitor.getByRole('main'), /^Lauf ihm nicht nach und ruf ihn nicht/);
        expect(await visitor.getByRole('main').textContent()).not.toContain('Ana');
        await visitor.screenshot({
          path: path.join(os.tmpdir(), `lost-${name}-public-de.png`),
          fullPage: true,
        });
        expect(await sidewaysOverflow(visitor)).toBe(0);
        // The poster: its QR code leads back to the page; printed, the hint to print is left out.
        await visitor.getByRole('link', { name: 'Plakat zum Drucken (A4)' }).click();
        await visitor
          .getByRole('img', { name: `QR-Code mit dem Link ${e2e.server.url}/pogresan/${alert!.id}?lang=de` })
          .waitFor();
        await see(visitor.getByRole('heading', { level: 1 }), 'HUND VERMISST Aro');
        expect(await sidewaysOverflow(visitor)).toBe(0);
        await visitor.emulateMedia({ media: 'print' });
        expect(await visitor.getByText(/^Drucke diese Seite auf A4/).isVisible()).toBe(false);
        await visitor.screenshot({
          path: path.join(os.tmpdir(), `lost-${name}-poster-de.png`),
          fullPage: true,
        });
      } finally {
        await visitorContext.close();
      }

      // Aro is back: the alert ends, and it leaves Bor's list.
      await card.getByRole('button', { name: 'Pes je spet doma' }).click();
      await see(card, 'Spet doma');
      await see(page, 'Čudovito! Vsi obveščeni bodo izvedeli, da je Aro doma.');
      await borPage.reload();
      await see(borPage.getByRole('main'), 'No dogs are missing near your dogs right now.');
      expect(errors).toEqual([]);
    } finally {
      await Promise.all([anaContext.close(), borContext.close()]);
    }
  });
});
