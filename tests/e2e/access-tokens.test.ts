import { describe, expect, it } from 'vitest';
import { apiUser, see, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';

const e2e = useE2e();

describe.each(Object.entries(VIEWPORTS))('access tokens on a %s', (name, options) => {
  it('makes a token in the settings, shows it once to copy, lists its use, and revokes it', async () => {
    const mojca = await apiUser(e2e.server, {
      fullName: 'Mojca Kos',
      email: `mojca.tokens.${name}@example.com`,
    });
    const context = await sessionContext(e2e.browser, e2e.server, options, mojca.token);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const rest = (token: string) =>
      fetch(`${e2e.server.url}/api/v1/auth.me`, { headers: { authorization: `Bearer ${token}` } });
    try {
      await page.goto(`${e2e.server.url}/profil`);
      const settings = page.getByRole('region', { name: 'Nastavitve' });
      await see(settings, 'Nimate še nobenega žetona.');
      await settings.getByRole('button', { name: 'Nov žeton' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nov dostopni žeton' });
      await dialog.waitFor();
      // An admin scope is not offered to a user who is no admin.
      expect(await dialog.getByText('Skrbništvo').count()).toBe(0);
      await dialog.getByRole('checkbox', { name: /^Branje/ }).uncheck();
      await dialog.getByRole('button', { name: 'Ustvari žeton' }).click();
      await see(dialog, 'Vnesite ime žetona.');
      await see(dialog, 'Izberite vsaj eno dovoljenje.');
      expect(
        await dialog.getByLabel('Ime', { exact: true }).evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await dialog.getByLabel('Ime', { exact: true }).fill('Domači strežnik');
      await dialog.getByRole('checkbox', { name: /^Branje/ }).check();
      await dialog.getByRole('checkbox', { name: /^Pisanje/ }).check();
      await dialog.getByLabel('Velja').selectOption({ label: '90 dni' });
      await dialog.getByRole('button', { name: 'Ustvari žeton' }).click();

      const created = page.getByRole('dialog', { name: 'Vaš novi žeton' });
      await see(created, /prikazan je samo enkrat/);
      const token = await created.getByLabel('Žeton').inputValue();
      expect(token).toMatch(/^tacke_pat_[a-z2-7]{32}$/);
      await created.getByRole('button', { name: 'Kopiraj' }).click();
      await see(page, 'Žeton je kopiran.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      await created.getByRole('button', { name: 'Končano' }).click();
      await created.waitFor({ state: 'detached' });

      const row = settings.getByTestId('access-token');
      await see(row, 'Domači strežnik');
      await see(row, `…${token.slice(-4)}`);
      await see(row, 'Branje');
      await see(row, 'Pisanje');
      await see(row, 'še ni bil uporabljen');
      const expires = new Date(Date.now() + 90 * 86_400_000);
      await see(row, `Poteče ${new Intl.DateTimeFormat('sl-SI', { dateStyle: 'medium' }).format(expires)}`);

      // A script uses it: the list says so.
      expect((await rest(token)).status).toBe(200);
      await page.reload();
      await see(settings.getByTestId('access-token'), /nazadnje uporabljen/);

      await settings.getByRole('button', { name: 'Odvzemi dostop žetonu Domači strežnik' }).click();
      const confirm = page.getByRole('dialog', { name: 'Odvzamem dostop žetonu »Domači strežnik«?' });
      await see(confirm, 'Skripte, ki ga uporabljajo, bodo takoj nehale delovati.');
      await confirm.getByRole('button', { name: 'Odvzemi dostop' }).click();
      await see(page, 'Žeton nima več dostopa.');
      await see(settings, 'Nimate še nobenega žetona.');
      expect((await rest(token)).status).toBe(401);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await mojca.api.close();
    }
  });

  it('reads the API reference at /razvijalci (also /api/docs), under the strict CSP', async () => {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    try {
      await page.goto(`${e2e.server.url}/api/docs`);
      await page.waitForURL(/\/razvijalci$/);
      await page.getByRole('heading', { level: 1, name: 'API za razvijalce' }).waitFor();
      await see(page, 'Authorization: Bearer tacke_pat_…');
      const create = page.getByRole('article', { name: 'dogs.create' });
      await see(create, '/api/v1/dogs.create');
      await see(create, 'POST');
      await see(create, 'Dovoljenje: Pisanje');
      await see(create.getByRole('table', { name: 'Telo zahteve (JSON)' }), 'breed');
      await create.getByText('Primer s curl').click();
      await see(
        create,
        /--json '\{"name":"…","breed":"…","birthMonth":"2023-04","gender":"male","location":"…"\}'/,
      );

      await page.getByRole('searchbox', { name: 'Išči operacije' }).fill('dogs.de');
      await page.getByRole('article', { name: 'dogs.create' }).waitFor({ state: 'detached' });
      const found = await page
        .getByRole('article')
        .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
      expect(found).toEqual(['dogs.deck', 'dogs.deckFilters', 'dogs.demoDeck']);
      await see(page.getByRole('article', { name: 'dogs.deck' }), 'Dovoljenje: Branje');
      const json = await page.getByRole('link', { name: 'Dokument OpenAPI 3.1 (JSON)' }).getAttribute('href');
      expect((await (await fetch(`${e2e.server.url}${json}`)).json()).openapi).toBe('3.1.0');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
