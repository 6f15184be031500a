import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matches, spots } from '../../server/db/schema';
import { PLACE_COORDINATES } from '#shared/data/coordinates';
import { apiOwner, see, sessionContext, sidewaysOverflow, useE2e, VIEWPORTS } from '../helpers/e2e';

const e2e = useE2e();

/** "We're here now" (issue 33 §4), from the place's page: the owner, a match, a visitor. */
describe.each(Object.entries(VIEWPORTS))('check-ins on a %s', (name, options) => {
  it('an owner says they are here; their match sees the dog by name, a visitor only how many; then they leave', async () => {
    const [lat, lon] = PLACE_COORDINATES.SI.Maribor!;
    const spotName = `Pasji park ob Dravi (${name})`;
    const [park] = await e2e.server.app.deps.db
      .insert(spots)
      .values({
        countryCode: 'SI',
        location: 'Maribor',
        lat,
        lon,
        kind: 'dogPark',
        name: spotName,
        status: 'published',
      })
      .returning({ id: spots.id });
    const ana = await apiOwner(e2e.server, 'Ana Kos', `ana.here.${name}@example.com`, 'Aro');
    const bor = await apiOwner(e2e.server, 'Bor Novak', `bor.here.${name}@example.com`, 'Rex');
    await e2e.server.app.deps.db
      .insert(matches)
      .values({ user1Id: ana.id, dog1Id: ana.dog.id, user2Id: bor.id, dog2Id: bor.dog.id });
    const anaContext = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    const borContext = await sessionContext(e2e.browser, e2e.server, { ...options, locale: 'en' }, bor.token);
    const visitorContext = await e2e.browser.newContext(options);
    const errors: string[] = [];
    try {
      const page = await anaContext.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${e2e.server.url}/mesta?kraj=${park!.id}`);
      const dialog = page.getByRole('dialog');
      const here = dialog.getByRole('region', { name: 'Zdaj tu' });
      await see(here, 'Zdaj tu ni nobenega psa.');
      // Her only dog is chosen; an hour and a half, seen by her matches (the default).
      expect(await here.getByRole('button', { name: 'Aro' }).getAttribute('aria-pressed')).toBe('true');
      await here.getByLabel('Koliko časa boste tu').selectOption('90');
      expect(await here.getByRole('radio', { name: 'Samo moja ujemanja' }).isChecked()).toBe(true);
      await see(here, 'Drugi vidijo le, koliko psov je tu. Nikoli ne pokažemo več kot kraj.');
      await page.screenshot({ path: path.join(os.tmpdir(), `check-in-${name}-form.png`), fullPage: true });
      expect(await sidewaysOverflow(page)).toBe(0);
      await here.getByRole('button', { name: 'Smo tu' }).click();
      await see(page, /^Zabeleženo: tu ste do približno \d\d:\d\d\.$/);
      await see(here, 'Zdaj je tu 1 pes.');
      await see(here, /^Vi in Aro: tu do približno \d\d:\d\d$/);
      await see(here, 'Vidijo vas: Samo moja ujemanja');
      await page.screenshot({ path: path.join(os.tmpdir(), `check-in-${name}-mine.png`), fullPage: true });
      expect(await sidewaysOverflow(page)).toBe(0);

      // Bor, her match, in English: Aro by name, marked as a match.
      const borPage = await borContext.newPage();
      borPage.on('pageerror', (error) => errors.push(error.message));
      await borPage.goto(`${e2e.server.url}/mesta?kraj=${park!.id}`);
      const borHere = borPage.getByRole('dialog').getByRole('region', { name: 'Here now' });
      await see(borHere, '1 dog here now.');
      const row = borHere.getByRole('listitem');
      await see(row, 'Aro');
      expect(await row.innerText()).toMatch(/Ana Kos\s*Match · until about \d\d:\d\d/);
      await borPage.screenshot({
        path: path.join(os.tmpdir(), `check-in-${name}-match-en.png`),
        fullPage: true,
      });
      expect(await sidewaysOverflow(borPage)).toBe(0);

      // A visitor: the count in the list and on the page, no name.
      const visitor = await visitorContext.newPage();
      visitor.on('pageerror', (error) => errors.push(error.message));
      await visitor.goto(`${e2e.server.url}/mesta`);
      const main = visitor.getByRole('main');
      await main.getByLabel('Blizu kraja').selectOption('Maribor');
      const card = main.getByRole('listitem').filter({ hasText: spotName });
      await see(card, '1 pes zdaj tu');
      await card.getByRole('button', { name: spotName }).click();
      const visitorHere = visitor.getByRole('dialog').getByRole('region', { name: 'Zdaj tu' });
      await see(visitorHere, 'Zdaj je tu 1 pes.');
      await visitorHere.getByRole('link', { name: 'Prijavite se in povejte, da ste tu' }).waitFor();
      expect(await visitorHere.getByText('Aro').count()).toBe(0);

      // Ana leaves: the count is back to none.
      await here.getByRole('button', { name: 'Odhajamo' }).click();
      await see(page, 'Obisk je zaključen.');
      await see(here, 'Zdaj tu ni nobenega psa.');
      await here.getByRole('button', { name: 'Smo tu' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await anaContext.close();
      await borContext.close();
      await visitorContext.close();
      await ana.api.close();
      await bor.api.close();
    }
  });
});
