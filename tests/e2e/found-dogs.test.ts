import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOwner, apiUser, see, sessionContext, sidewaysOverflow, useE2e, VIEWPORTS } from '../helpers/e2e';
import { jpeg } from '../helpers/images';

const e2e = useE2e();
const LOOKS = 'Majhen rjav mešanec, rdeča ovratnica';

/**
 * A found dog without a known owner (issue 33 §5), from /pogresani: someone with no dog of her own posts it
 * with its looks and a photo; an owner nearby sees it in English, writes to her in the app, and she marks it
 * back with its owner.
 */
describe.each(Object.entries(VIEWPORTS))('found dogs on a %s', (name, options) => {
  it('a finder posts a dog she found; an owner nearby writes to her in English; it ends back with its owner', async () => {
    const fina = await apiUser(e2e.server, { fullName: 'Fina Kos', email: `fina.found.${name}@example.com` });
    const bor = await apiOwner(e2e.server, 'Bor Novak', `bor.found.${name}@example.com`, 'Rex');
    const finaContext = await sessionContext(e2e.browser, e2e.server, options, fina.token);
    const borContext = await sessionContext(e2e.browser, e2e.server, { ...options, locale: 'en' }, bor.token);
    const errors: string[] = [];
    const shot = (page: Page, step: string) =>
      page.screenshot({ path: path.join(os.tmpdir(), `found-${name}-${step}.png`), fullPage: true });
    try {
      const page = await finaContext.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${e2e.server.url}/pogresani`);
      const main = page.getByRole('main');
      // No dog of her own: she cannot report one lost, but she can post one she found.
      await see(main.getByRole('heading', { level: 1 }), 'Pogrešani psi');
      expect(await main.getByRole('button', { name: 'Moj pes se je izgubil' }).count()).toBe(0);
      await main.getByRole('button', { name: 'Našli ste psa?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Najden pes brez znanega lastnika' });
      await see(dialog, /Lastniki psov do 5 km od mesta, kjer ste ga našli, takoj dobijo obvestilo/);
      await dialog.getByRole('region', { name: 'Zemljevid: kje ste našli psa' }).waitFor();
      await dialog.getByLabel('Kakšen je').fill(LOOKS);
      await dialog.getByLabel('Kje je zdaj in kaj naj ve lastnik').fill('Je pri meni na varnem.');
      // A photo is what its owner knows it by: without one, it is not posted.
      await dialog.getByRole('button', { name: 'Obvesti lastnike v bližini' }).click();
      await see(dialog, 'Dodajte fotografijo psa: po njej ga bo lastnik prepoznal.');
      const photoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-found-')), 'pes.jpg');
      fs.writeFileSync(photoFile, await jpeg(900, 700));
      await dialog.locator('input[type="file"]').setInputFiles(photoFile);
      await dialog.getByRole('img', { name: 'Fotografija 1' }).waitFor();
      await shot(page, 'form');
      expect(await sidewaysOverflow(page)).toBe(0);
      await dialog.getByRole('button', { name: 'Obvesti lastnike v bližini' }).click();
      await see(page, 'Najdeni pes je objavljen. Obveščamo lastnike v bližini.');
      const card = main
        .getByRole('region', { name: 'Moja opozorila' })
        .getByRole('article', { name: 'Najden pes' });
      await see(card, 'Najden');
      await see(card, LOOKS);
      await see(card, /^Najden: /);
      await see(card, 'Okolica kraja Ljubljana');
      expect(await card.getByRole('button').allTextContents()).toEqual([
        'Pes je pri lastniku',
        'Razširi na 10 km',
        'Podaljšaj za 30 dni',
        'Prekliči opozorilo',
      ]);
      await shot(page, 'mine');
      expect(await sidewaysOverflow(page)).toBe(0);
      const [alert] = (await fina.api.lost.list.query()).mine;

      // Bor, whose dog lives in Ljubljana, opens the push's link in English: it might be his.
      const borPage = await borContext.newPage();
      borPage.on('pageerror', (error) => errors.push(error.message));
      await borPage.goto(`${e2e.server.url}/pogresani?alarm=${alert!.id}`);
      const seen = borPage
        .getByRole('main')
        .getByRole('region', { name: 'Near your dogs' })
        .getByRole('article', { name: 'Found dog' });
      await see(seen, `${LOOKS} · Fina Kos`);
      await see(seen, /^Found: /);
      await see(seen, 'Je pri meni na varnem.');
      // No sightings of a dog that is with its finder: the one thing to do is to write to her.
      expect(await seen.getByRole('button').allTextContents()).toEqual(['Yours? Write to the finder']);
      await shot(borPage, 'near-en');
      expect(await sidewaysOverflow(borPage)).toBe(0);
      await seen.getByRole('button', { name: 'Yours? Write to the finder' }).click();
      await borPage.waitForURL(/\/klepet\?chat=/);
      const borChat = borPage.getByRole('region', { name: 'Found dog', exact: true });
      await borChat.getByRole('textbox', { name: 'Message' }).fill('It’s my Piko! He has a spot on his ear.');
      await borChat.getByRole('textbox', { name: 'Message' }).press('Enter');
      await see(borChat.getByRole('log', { name: 'Messages' }), 'It’s my Piko!');
      await shot(borPage, 'chat-en');
      expect(await sidewaysOverflow(borPage)).toBe(0);

      // Fina reads him in the same conversation, about the found dog.
      await page.goto(borPage.url());
      const chat = page.getByRole('region', { name: 'Najden pes', exact: true });
      await see(chat.getByRole('log', { name: 'Sporočila' }), 'It’s my Piko! He has a spot on his ear.');

      // He has him back: everyone told hears so, and the card says where the dog is.
      await page.goto(`${e2e.server.url}/pogresani`);
      await card.getByRole('button', { name: 'Pes je pri lastniku' }).click();
      await see(page, 'Čudovito! Vsi obveščeni bodo izvedeli, da je pes spet pri lastniku.');
      await see(card, 'Pri lastniku');
      expect(await card.getByRole('button').count()).toBe(0);
      await borPage.goto(`${e2e.server.url}/pogresani`);
      await see(borPage.getByRole('main'), 'No dogs are missing near your dogs right now.');
      expect(errors).toEqual([]);
    } finally {
      await Promise.all([finaContext.close(), borContext.close()]);
    }
  });
});
