import fs from 'node:fs';
import os from 'node:os';
import type { Locator } from 'playwright-core';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { lostAlerts, spots, users } from '../../server/db/schema';
import { SPOT_AMENITIES } from '#shared/domain/spots';
import { LOCALES } from '#shared/i18n';
import { LIMITS } from '#shared/limits';
import { PAGE_MODULES } from '../../web/src/app/page-modules';
import { apiOwner, apiUser, sessionContext, sidewaysOverflow, useE2e } from '../helpers/e2e';
import { makeUser } from '../helpers/factories';
import { jpeg } from '../helpers/images';
import { uploadedKey } from '../helpers/uploads';

// "Works" means on the narrowest phone too, in every language: no page is wider than a 320 px screen once
// its content (and what it loads after the first screen) is there. Long German and Italian words found the
// profile's grid sized to its widest word instead of the screen (a new member's, with no dog yet).

const e2e = useE2e();

/** A language's catalogue, to find the controls by their names in it. */
const messages = (locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../locales', `${locale}.json`), 'utf8'));

const PLACE_NAME = 'Hundeauslaufgebietsverwaltungsgesellschaft Tivoli';
/** A place with what widens a page most: a long word, hours on every day, every amenity. */
let place: Promise<{ id: string }>;
beforeAll(() => {
  place = e2e.server.app.deps.db
    .insert(spots)
    .values({
      countryCode: 'SI',
      location: 'Ljubljana',
      lat: 46.0569,
      lon: 14.4973,
      kind: 'dogPark',
      name: PLACE_NAME,
      description: 'Ograjen travnik.',
      amenities: [...SPOT_AMENITIES],
      leashRule: 'mixed',
      hours: Array.from({ length: 7 }, () => [
        { from: '06:00', to: '12:00' },
        { from: '13:00', to: '17:00' },
        { from: '18:00', to: '22:00' },
      ]),
      status: 'published',
    })
    .returning({ id: spots.id })
    .then(([row]) => row!);
});

describe('every page on a 320 px phone, signed in', () => {
  it.each(LOCALES.flatMap((locale) => [[locale, 'a new member'] as const, [locale, 'an owner'] as const]))(
    'fits the width in %s, for %s',
    async (locale, who) => {
      const email = `ozka.${locale}.${who.length}@example.com`;
      const owner =
        who === 'an owner'
          ? await apiOwner(e2e.server, 'Mojca Ozka', email, 'Piki')
          : await apiUser(e2e.server, { fullName: 'Mojca Ozka', email });
      const context = await sessionContext(
        e2e.browser,
        e2e.server,
        { viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true, locale },
        owner.token,
      );
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const wider: string[] = [];
      /** A dialog neither scrolls sideways nor reaches past the screen's right edge. */
      const fitsInside = async (dialog: Locator, what: string) => {
        const inside = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
        const box = await dialog.boundingBox();
        if (inside > 0 || box!.x + box!.width > 320) wider.push(`${what}: ${inside} px`);
      };
      try {
        for (const route of Object.keys(PAGE_MODULES)) {
          await page.goto(`${e2e.server.url}${route}`);
          await page.waitForLoadState('networkidle');
          await page.locator('#root fieldset[disabled]').waitFor({ state: 'detached' });
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) wider.push(`${route}: ${overflow} px`);
        }
        // A place's page over the list: its hours, amenities, reviews and the rating form.
        if (who === 'an owner') {
          const text = messages(locale);
          await page.goto(`${e2e.server.url}/mesta?kraj=${(await place).id}`);
          const dialog = page.getByRole('dialog', { name: PLACE_NAME });
          await dialog.getByRole('table').waitFor();
          await dialog.getByRole('button', { name: text['spots.here.submit'] }).waitFor();
          await page.screenshot({
            path: path.join(os.tmpdir(), `narrow-place-${locale}.png`),
            fullPage: true,
          });
          await fitsInside(dialog, 'place dialog');
          // Checked in there: the owner's own line, who sees it, and the way out.
          await dialog.getByRole('button', { name: text['spots.here.submit'] }).click();
          await dialog.getByRole('button', { name: text['spots.here.checkOut'] }).waitFor();
          await dialog.getByRole('button', { name: text['spots.here.checkOut'] }).scrollIntoViewIfNeeded();
          await page.screenshot({ path: path.join(os.tmpdir(), `narrow-place-here-${locale}.png`) });
          await fitsInside(dialog, 'place dialog, checked in');
          await page.keyboard.press('Escape');
          // The form to add one, its errors shown.
          await page.getByRole('main').getByRole('button', { name: text['spots.form.open'] }).click();
          const form = page.getByRole('dialog', { name: text['spots.form.title'] });
          await form.getByLabel(text['spots.form.hasHours']!).check();
          await form.getByRole('button', { name: text['spots.form.submit'] }).click();
          await form.getByText(text['validation.choiceInvalid']!).waitFor();
          await form.getByText(text['spots.form.copyMonday']!).scrollIntoViewIfNeeded();
          await page.screenshot({ path: path.join(os.tmpdir(), `narrow-place-form-${locale}.png`) });
          await fitsInside(form, 'place form');
          await page.keyboard.press('Escape');
          // The same form filled with the place, to suggest a correction: sent unchanged, its error shown.
          await page.goto(`${e2e.server.url}/mesta?kraj=${(await place).id}`);
          await dialog.getByRole('button', { name: text['spots.suggest.open'] }).click();
          const suggesting = page.getByRole('dialog', { name: text['spots.suggest.title'] });
          await suggesting.getByRole('button', { name: text['spots.suggest.submit'] }).click();
          await suggesting.getByText(text['errors.NOTHING_CHANGED']!).waitFor();
          await page.screenshot({ path: path.join(os.tmpdir(), `narrow-suggest-form-${locale}.png`) });
          await fitsInside(suggesting, 'suggestion form');
          // A dog found nearby, as its finder posts it: the form with its error.
          await page.goto(`${e2e.server.url}/pogresani`);
          await page.getByRole('main').getByRole('button', { name: text['lost.reportFound'] }).click();
          const finding = page.getByRole('dialog', { name: text['lost.foundForm.title'] });
          await finding.getByRole('button', { name: text['lost.form.submit'] }).click();
          await finding.getByText(text['validation.foundLooksRequired']!).waitFor();
          await page.screenshot({ path: path.join(os.tmpdir(), `narrow-found-form-${locale}.png`) });
          await fitsInside(finding, 'found dog form');
          await page.keyboard.press('Escape');
          await finding.waitFor({ state: 'detached' });
          // A lost dog: the report form, then the owner's alert with its actions.
          await page.goto(`${e2e.server.url}/pogresani`);
          await page.getByRole('main').getByRole('button', { name: text['lost.report'] }).click();
          const lost = page.getByRole('dialog', { name: text['lost.report'] });
          await lost.getByRole('button', { name: text['lost.form.submit'] }).scrollIntoViewIfNeeded();
          await page.screenshot({ path: path.join(os.tmpdir(), `narrow-lost-form-${locale}.png`) });
          await fitsInside(lost, 'lost dog form');
          await lost.getByRole('button', { name: text['lost.form.submit'] }).click();
          await page.getByRole('main').getByRole('button', { name: text['lost.found'] }).waitFor();
          await page.screenshot({
            path: path.join(os.tmpdir(), `narrow-lost-${locale}.png`),
            fullPage: true,
          });
          const lostOverflow = await sidewaysOverflow(page);
          if (lostOverflow > 0) wider.push(`lost dogs with an alert: ${lostOverflow} px`);
          // Someone saw Piki: the sightings' map and list, and the way to write to whoever saw it.
          const [alert] = await e2e.server.app.deps.db
            .select({ id: lostAlerts.id })
            .from(lostAlerts)
            .innerJoin(users, eq(users.id, lostAlerts.userId))
            .where(eq(users.email, email));
          const seer = await apiUser(e2e.server, {
            fullName: 'Maximilian Vogelsang-Zupančič',
            email: `videl.${locale}@example.com`,
          });
          await seer.api.lost.sight.mutate({
            id: crypto.randomUUID(),
            alertId: alert!.id,
            lat: 46.0611,
            lon: 14.5151,
            seenAt: new Date(),
            note: 'Tekel je ob Ljubljanici proti Tromostovju, brez povodca, z rdečo ovratnico.',
          });
          // …and found another dog near Piki's town, described at the longest a description may be.
          await seer.api.lost.reportFound.mutate({
            id: crypto.randomUUID(),
            lat: 46.0511,
            lon: 14.5051,
            seenAt: new Date(),
            looks: 'Großer schwarz-weißer Mischlingsrüde mit rotem Lederhalsband ohne Marke, '.padEnd(
              LIMITS.lostAlert.looksMax,
              'x',
            ),
            note: 'Ist bei mir in Sicherheit.',
            photo: await uploadedKey(e2e.server.app, seer.token, await jpeg(600, 400), 'lost'),
          });
          await seer.api.close();
          await page.reload();
          const mine = page.getByRole('main').getByRole('region', { name: text['lost.mine'] });
          await mine
            .getByRole('region', { name: text['lost.sightings.map']!.replace('{dog}', 'Piki') })
            .waitFor();
          await page
            .getByRole('main')
            .getByRole('button', { name: text['lost.writeFinder'] })
            .first()
            .waitFor();
          await page.screenshot({
            path: path.join(os.tmpdir(), `narrow-lost-sighting-${locale}.png`),
            fullPage: true,
          });
          const sightingOverflow = await sidewaysOverflow(page);
          if (sightingOverflow > 0) wider.push(`lost dogs with a sighting: ${sightingOverflow} px`);
          // Its public page and poster, which need no account.
          const share = page
            .getByRole('main')
            .getByRole('region', { name: text['lost.mine'] })
            .getByRole('link', { name: text['lost.publicPage'] });
          await page.goto(e2e.server.url + (await share.getAttribute('href'))!);
          await page.getByRole('link', { name: text['lostPage.posterLink'] }).waitFor();
          await page.screenshot({
            path: path.join(os.tmpdir(), `narrow-lost-public-${locale}.png`),
            fullPage: true,
          });
          const publicOverflow = await sidewaysOverflow(page);
          if (publicOverflow > 0) wider.push(`a lost dog's public page: ${publicOverflow} px`);
          await page.getByRole('link', { name: text['lostPage.posterLink'] }).click();
          await page.getByRole('img', { name: /^.+ https?:\/\// }).waitFor();
          await page.screenshot({
            path: path.join(os.tmpdir(), `narrow-lost-poster-${locale}.png`),
            fullPage: true,
          });
          const posterOverflow = await sidewaysOverflow(page);
          if (posterOverflow > 0) wider.push(`a lost dog's poster: ${posterOverflow} px`);
          // A moderator's queue of suggested corrections, with a long name and note suggested.
          await owner.api.spots.suggest.mutate({
            spotId: (await place).id,
            kind: 'dogPark',
            name: 'Hundeschwimmbeckenbetreibergenossenschaft Tivoli-Nord',
            country: 'SI',
            location: 'Ljubljana',
            lat: 46.0569,
            lon: 14.4973,
            amenities: ['fenced', 'water'],
            note: 'Der Name hat sich geändert; es gibt jetzt nur noch einen Zaun und Wasser, keine Beleuchtung mehr.',
          });
          const moderator = await makeUser(e2e.server.app.deps.db, {
            fullName: 'Ada Moderatorka',
            email: `ada.ozka.${locale}@example.com`,
            role: 'admin',
          });
          await context.addCookies([{ name: 'tacke_session', value: moderator.token, url: e2e.server.url }]);
          await page.goto(`${e2e.server.url}/admin`);
          await page.getByRole('tab', { name: text['admin.tabs.suggestions'] }).click();
          await page.getByRole('listitem', { name: PLACE_NAME }).first().waitFor();
          await page.screenshot({
            path: path.join(os.tmpdir(), `narrow-suggestions-${locale}.png`),
            fullPage: true,
          });
          const queueOverflow = await sidewaysOverflow(page);
          if (queueOverflow > 0) wider.push(`the suggestions' queue: ${queueOverflow} px`);
          // Its table of changes too, which would scroll on its own.
          await fitsInside(
            page.getByRole('listitem', { name: PLACE_NAME }).first().getByRole('table').locator('..'),
            "a suggestion's changes",
          );
        }
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
        expect(wider).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await owner.api.close();
      }
    },
  );
});
