import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lostSightings } from '../../server/db/schema';
import { apiOwner, apiUser, see, sessionContext, sidewaysOverflow, useE2e, VIEWPORTS } from '../helpers/e2e';
import { TEST_PASSWORD } from '../helpers/factories';

const e2e = useE2e();

/**
 * Sightings of a lost dog (issue 33 §6): a neighbour says where and when he saw it; its owner sees it at once,
 * on the alert's map and in the bell, and the two talk in a conversation of their own.
 */
describe.each(Object.entries(VIEWPORTS))('lost-dog sightings on a %s', (name, options) => {
  it('a neighbour reports a sighting in English; the owner sees it live on the map and in the bell, and they write to each other', async () => {
    const ana = await apiOwner(e2e.server, 'Ana Kos', `ana.sight.${name}@example.com`, 'Aro');
    const bor = await apiOwner(e2e.server, 'Bor Novak', `bor.sight.${name}@example.com`, 'Rex');
    const alertId = randomUUID();
    await ana.api.lost.report.mutate({
      id: alertId,
      dogId: ana.dog.id,
      lat: 46.0511,
      lon: 14.5051,
      seenAt: new Date(Date.now() - 3_600_000),
      note: 'Plašen je.',
    });
    const anaContext = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    const borContext = await sessionContext(e2e.browser, e2e.server, { ...options, locale: 'en' }, bor.token);
    const errors: string[] = [];
    const shot = (page: Page, step: string) =>
      page.screenshot({ path: path.join(os.tmpdir(), `lost-sight-${name}-${step}.png`), fullPage: true });
    try {
      // Ana has her alert open: nobody has seen Aro yet.
      const page = await anaContext.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${e2e.server.url}/pogresani`);
      const card = page
        .getByRole('main')
        .getByRole('region', { name: 'Moja opozorila' })
        .getByRole('article', { name: 'Aro' });
      await see(card, 'Ko ga kdo vidi, boste takoj obveščeni in opažanje bo tukaj.');

      // Bor saw him: where (the map starts at the alert's area), when, what he did.
      const borPage = await borContext.newPage();
      borPage.on('pageerror', (error) => errors.push(error.message));
      await borPage.goto(`${e2e.server.url}/pogresani?alarm=${alertId}`);
      const seen = borPage.getByRole('main').getByRole('article', { name: 'Aro' });
      await see(seen, 'Nobody has seen it yet. Have you? Say where and when.');
      await seen.getByRole('button', { name: 'I saw this dog' }).click();
      const dialog = borPage.getByRole('dialog', { name: 'Seen Aro?' });
      await see(dialog, /^Say where and when you saw it\. The owner is told at once\./);
      await dialog.getByRole('region', { name: 'Map: where you saw the dog' }).waitFor();
      await dialog.getByLabel('What did you see').fill('Ran towards Tivoli, red collar.');
      // When, as English writes it (not the browser's own date and AM/PM field): today, then typed at midnight.
      expect(await dialog.getByLabel('Day', { exact: true }).inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      const time = dialog.getByLabel('Time', { exact: true });
      expect(await time.inputValue()).toMatch(/^\d{2}:\d{2}$/);
      await time.fill('0.00');
      await shot(borPage, 'form-en');
      expect(await sidewaysOverflow(borPage)).toBe(0);
      await dialog.getByRole('button', { name: 'Tell the owner' }).click();
      await see(borPage, 'Thank you! Aro’s owner has been told.');
      await see(seen.getByRole('heading', { level: 4 }), '1 sighting');
      await see(seen, 'Your sighting');
      await see(seen, 'Ran towards Tivoli, red collar.');
      const [stored] = await e2e.server.app.deps.db
        .select({ seenAt: lostSightings.seenAt })
        .from(lostSightings)
        .where(eq(lostSightings.alertId, alertId));
      expect(stored!.seenAt).toEqual(new Date(new Date().setHours(0, 0, 0, 0)));
      await seen.getByRole('region', { name: 'Map of sightings: Aro' }).waitFor();
      await shot(borPage, 'added-en');
      expect(await sidewaysOverflow(borPage)).toBe(0);

      // Ana's open page shows it without a reload: on the map, numbered, with who saw it.
      await see(card.getByRole('heading', { level: 4 }), '1 opažanje');
      await see(card, 'Poroča: Bor Novak');
      await see(card, 'Ran towards Tivoli, red collar.');
      const map = card.getByRole('region', { name: 'Zemljevid opažanj: Aro' });
      await map.waitFor();
      // The last-seen area and the sighting, joined in time order.
      expect(await map.locator('.leaflet-marker-icon').allTextContents()).toEqual(['!', '1']);
      expect(await map.locator('path.stroke-primary').count()).toBe(1);
      await shot(page, 'owner');
      expect(await sidewaysOverflow(page)).toBe(0);

      // And the bell tells her, under updates, with the way to the sightings.
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Obvestila/ })
        .click();
      const bell = page.getByRole('dialog', { name: 'Obvestila' });
      await bell.getByRole('tab', { name: /^Posodobitve/ }).click();
      const notice = bell.getByRole('article').filter({ hasText: 'poroča o opažanju psa' });
      await see(notice, 'Bor Novak poroča o opažanju psa Aro blizu kraja Ljubljana.');
      expect(await notice.getByRole('link', { name: 'Odpri opažanja' }).getAttribute('href')).toBe(
        `/pogresani?alarm=${alertId}`,
      );
      await page.keyboard.press('Escape');
      await bell.waitFor({ state: 'detached' });

      // She writes to him: a conversation about the lost dog, not a match.
      await card.getByRole('button', { name: 'Pišite osebi Bor Novak' }).click();
      await page.waitForURL(/\/klepet\?chat=/);
      const chat = page.getByRole('region', { name: 'Aro (Mešanec) · pogrešan pes' });
      await see(chat, 'Bor Novak');
      await chat.getByRole('textbox', { name: 'Sporočilo' }).fill('Hvala! Je bil sam?');
      await chat.getByRole('textbox', { name: 'Sporočilo' }).press('Enter');
      await see(chat.getByRole('log', { name: 'Sporočila' }), 'Hvala! Je bil sam?');
      await shot(page, 'chat');
      expect(await sidewaysOverflow(page)).toBe(0);

      // Bor answers from his sighting: the same conversation.
      await seen.getByRole('button', { name: 'Write to the owner' }).click();
      await borPage.waitForURL(page.url());
      const borChat = borPage.getByRole('region', { name: /^Aro \(.*\) · lost dog$/ });
      await see(borChat.getByRole('log', { name: 'Messages' }), 'Hvala! Je bil sam?');
      await borChat.getByRole('textbox', { name: 'Message' }).fill('Yes, alone.');
      await borChat.getByRole('textbox', { name: 'Message' }).press('Enter');
      await see(chat.getByRole('log', { name: 'Sporočila' }), 'Yes, alone.');
      expect(errors).toEqual([]);
    } finally {
      // Aro is home: the next viewport's neighbour sees only its own alert.
      await ana.api.lost.found.mutate({ id: alertId });
      await Promise.all([anaContext.close(), borContext.close()]);
    }
  });

  it('someone with the poster’s link signs in from the public page and comes back to the alert to report a sighting', async () => {
    const ana = await apiOwner(e2e.server, 'Ana Kos', `ana.poster.${name}@example.com`, 'Aro');
    const email = `cene.poster.${name}@example.com`;
    await apiUser(e2e.server, { fullName: 'Cene Mlakar', email });
    const alertId = randomUUID();
    await ana.api.lost.report.mutate({
      id: alertId,
      dogId: ana.dog.id,
      lat: 46.0511,
      lon: 14.5051,
      seenAt: new Date(Date.now() - 3_600_000),
    });
    const context = await e2e.browser.newContext(options);
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${e2e.server.url}/pogresan/${alertId}?lang=sl`);
      await see(page.getByRole('main'), /Nato ga sporočite v Tačkah: lastnik bo takoj obveščen/);
      await page.getByRole('link', { name: 'Sporočite opažanje v Tačkah' }).click();
      await page.getByRole('main').getByRole('link', { name: 'Prijava' }).click();
      await page.waitForURL(/\/auth\?next=/);
      await page.getByLabel('E-pošta').fill(email);
      await page.getByLabel('Geslo').fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Prijavi se' }).click();
      // Back at the alert, not the profile: it is first, with the way to say he saw Aro.
      await page.waitForURL(`${e2e.server.url}/pogresani?alarm=${alertId}`);
      const linked = page.getByRole('main').getByRole('region', { name: 'Opozorilo iz povezave' });
      await linked.getByRole('button', { name: 'Sporočite opažanje' }).click();
      await page.getByRole('dialog', { name: 'Ste videli psa Aro?' }).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await ana.api.lost.found.mutate({ id: alertId });
      await context.close();
    }
  });
});
