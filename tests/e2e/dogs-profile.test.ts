import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dogProfiles, users } from '../../server/db/schema';
import { apiUser, see, sessionContext, signedInContext, useE2e, VIEWPORTS } from '../helpers/e2e';
import { jpeg } from '../helpers/images';

const e2e = useE2e();
let photoFile: string;

beforeAll(async () => {
  photoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-photo-')), 'piki.jpg');
  fs.writeFileSync(photoFile, await jpeg(1200, 900));
});
afterAll(() => {
  if (photoFile) fs.rmSync(path.dirname(photoFile), { recursive: true, force: true });
});

/** The birth month and year of a dog `months` old this month, as the form's selects take them. */
function bornMonthsAgo(months: number) {
  const now = new Date();
  const index = now.getFullYear() * 12 + now.getMonth() - months;
  return { month: String((index % 12) + 1).padStart(2, '0'), year: String(Math.floor(index / 12)) };
}

/** Chooses the birth month and year in the dog form. */
async function chooseBirth(dialog: Locator, months: number) {
  const { month, year } = bornMonthsAgo(months);
  await dialog.getByLabel('Leto rojstva').selectOption(year);
  await dialog.getByLabel('Mesec rojstva').selectOption(month);
}

/** Type into a picker and choose the suggestion. */
async function pick(scope: Locator, label: string, text: string, option: string) {
  await scope.getByRole('combobox', { name: label }).fill(text);
  await scope.getByRole('option', { name: option, exact: true }).click();
}

describe.each(Object.entries(VIEWPORTS))('dogs and profile on a %s', (name, options) => {
  it('starts the first dog with the name given at sign-up', async () => {
    const email = `tina.${name}@example.com`;
    const context = await signedInContext(e2e.browser, e2e.server, options, {
      fullName: 'Tina Zorko',
      email,
    });
    await e2e.server.app.deps.db.update(users).set({ signupDogName: 'Luna' }).where(eq(users.email, email));
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/moji-psi`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Dodaj psa' }).click();
      const dialog = page.getByRole('dialog', { name: 'Dodaj psa' });
      expect(await dialog.getByLabel('Ime psa').inputValue()).toBe('Luna');
    } finally {
      await context.close();
    }
  });

  it('adds a puppy of 4 months: "4 mesece" on its card, in its details and in another owner’s deck', async () => {
    const puppy = `Mucek ${name}`;
    const context = await signedInContext(e2e.browser, e2e.server, options, {
      fullName: 'Pia Kralj',
      email: `pia.${name}@example.com`,
    });
    const other = await apiUser(e2e.server, { fullName: 'Rok Zupan', email: `rok.${name}@example.com` });
    const deckContext = await sessionContext(e2e.browser, e2e.server, options, other.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${e2e.server.url}/moji-psi`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Dodaj psa' }).click();
      const dialog = page.getByRole('dialog', { name: 'Dodaj psa' });
      await dialog.getByLabel('Ime psa').fill(puppy);
      await pick(dialog, 'Pasma', 'zlati pri', 'Zlati prinašalec');
      await chooseBirth(dialog, 4);
      await see(dialog, 'Starost: 4 mesece');
      await dialog.getByText('Samec', { exact: true }).click();
      await pick(dialog, 'Lokacija', 'Ljublj', 'Ljubljana');
      await page.screenshot({ path: path.join(os.tmpdir(), `dogs-puppy-form-${name}.png`) });
      await dialog.getByRole('button', { name: 'Dodaj psa', exact: true }).click();
      await see(page, 'Uspešno ustvarjeno');
      const card = main.getByRole('article').filter({ hasText: puppy });
      await see(card, '4 mesece');
      await card.getByRole('button', { name: puppy, exact: true }).click();
      await see(page.getByRole('dialog', { name: puppy }), '4 mesece');
      expect(errors).toEqual([]);

      // Another owner, looking for puppies only, meets it in the deck with its age.
      await other.api.dogs.create.mutate({
        name: 'Bruno',
        breed: 'Mešanec',
        birthMonth: '2022-03',
        gender: 'male',
        location: 'Ljubljana',
      });
      await other.api.dogs.setDeckFilters.mutate({ ageMax: 0 });
      const deck = await deckContext.newPage();
      deck.on('pageerror', (error) => errors.push(error.message));
      await deck.goto(`${e2e.server.url}/ujemanja`);
      const deckCard = deck.getByRole('article', { name: puppy });
      await see(deckCard, '4 mesece');
      await deck.screenshot({ path: path.join(os.tmpdir(), `dogs-puppy-deck-${name}.png`) });
      expect(errors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: path.join(os.tmpdir(), `dogs-puppy-${name}.png`), fullPage: true });
      throw error;
    } finally {
      other.api.close();
      await Promise.all([context.close(), deckContext.close()]);
      // The next viewport's deck shows its own puppy alone.
      await e2e.server.app.deps.db.delete(dogProfiles).where(eq(dogProfiles.name, puppy));
    }
  });

  it('adds a dog with a photo, shows, edits and deletes it, then edits the profile', async () => {
    const email = `mojca.${name}@example.com`;
    const context = await signedInContext(e2e.browser, e2e.server, options, { fullName: 'Mojca Kos', email });
    const page = await context.newPage();
    const errors: string[] = [];
    const fullRequests: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (request.url().includes('_full.webp')) fullRequests.push(request.url());
    });
    try {
      await page.goto(`${e2e.server.url}/moji-psi`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Moji psi', level: 1 }).waitFor();
      await see(main, 'Še nimate dodanega psa');
      expect(await page.title()).toBe('Moji psi · Tačke');

      // Add: the shared schema refuses an empty form, in Slovenian, on the fields.
      await main.getByRole('button', { name: 'Dodaj psa' }).click();
      const dialog = page.getByRole('dialog', { name: 'Dodaj psa' });
      await dialog.waitFor();
      const submit = dialog.getByRole('button', { name: 'Dodaj psa', exact: true });
      // No gender is chosen for the owner (issue 30): both are offered, neither is preselected.
      for (const gender of ['Samec', 'Samica'])
        expect(await dialog.getByRole('radio', { name: gender }).isChecked()).toBe(false);
      await submit.click();
      await see(dialog, 'Ime psa je obvezno');
      await see(dialog, 'Izberite mesec in leto rojstva.');
      await see(dialog, 'Izberite spol psa.');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');

      await dialog.getByLabel('Ime psa').fill('Piki');
      await pick(dialog, 'Pasma', 'zlati pri', 'Zlati prinašalec');
      // Birth month and year: this year back to a dog 20 years old, newest first; no month still to come.
      const thisYear = new Date().getFullYear();
      const years = await dialog
        .getByLabel('Leto rojstva')
        .locator('option:not([disabled])')
        .allTextContents();
      expect(years).toEqual(Array.from({ length: 21 }, (_, i) => String(thisYear - i)));
      await dialog.getByLabel('Leto rojstva').selectOption(String(thisYear));
      const months = await dialog
        .getByLabel('Mesec rojstva')
        .locator('option:not([disabled])')
        .allTextContents();
      expect(months).toHaveLength(new Date().getMonth() + 1);
      expect(months[0]).toBe('januar');
      await chooseBirth(dialog, 36);
      await see(dialog, 'Starost: 3 leta');
      await dialog.getByText('Samica', { exact: true }).click();
      expect(await dialog.getByRole('radio', { name: 'Samica' }).isChecked()).toBe(true);
      expect(await dialog.getByText('Izberite spol psa.').count()).toBe(0);
      // The weight is checked as it is typed; a decimal comma is a number.
      const weight = dialog.getByLabel('Teža (kg)');
      await weight.fill('abc');
      await see(dialog, 'Vpišite število, npr. 12,5.');
      expect(await weight.getAttribute('aria-invalid')).toBe('true');
      await weight.fill('0,5');
      expect(await dialog.getByText('Vpišite število, npr. 12,5.').count()).toBe(0);
      expect(await weight.getAttribute('aria-invalid')).toBeNull();
      await pick(dialog, 'Lokacija', 'Ljublj', 'Ljubljana');
      const description = Array.from({ length: 40 }, (_, i) => `beseda${i + 1}`).join(' ');
      await dialog.getByLabel('Opis').fill(description);
      await see(dialog, `${description.length}/1500`);
      for (const trait of ['Igriv', 'Zvest', 'Vesel', 'Miren'])
        await dialog.getByRole('button', { name: trait, exact: true }).click();

      // The photo: uploaded with progress, then shown as the main photo.
      // The upload is held back a little: saving waits for it (the submit button is disabled meanwhile).
      await page.route('**/api/uploads?*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await dialog.locator('input[type="file"]').setInputFiles(photoFile);
      await dialog.getByRole('progressbar').waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await see(page, 'Slika je bila uspešno optimizirana in naložena!');
      await page.unroute('**/api/uploads?*');
      await expect.poll(() => submit.isDisabled()).toBe(false);
      const uploaded = dialog.getByRole('img', { name: 'Fotografija 1' });
      await uploaded.waitFor();
      await see(dialog, 'Glavna');
      // The variant that fills its tile at the screen's density (a third of a phone at 2×: 512 px), never 1920.
      await expect
        .poll(() => uploaded.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(name === 'phone' ? /_med\.webp/ : /_thumb\.webp/);

      await submit.click();
      await see(page, 'Uspešno ustvarjeno');
      await dialog.waitFor({ state: 'detached' });

      // The card: thumbnail or medium variant (never full), breed, age, place, 3 traits and +1, preview.
      const card = main.getByRole('article').filter({ hasText: 'Piki' });
      await card.waitFor();
      const photo = card.getByRole('img', { name: 'Fotografija psa Piki' });
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
        .toMatch(/_(thumb|med)\.webp$/);
      for (const text of ['Zlati prinašalec', '3 leta', 'Samica', 'Ljubljana, Slovenija', 'Igriv', '+1'])
        await see(card, text);
      expect(await card.getByText('Miren').count()).toBe(0);
      await see(card, 'beseda30…');
      expect(await card.getByText('beseda31').count()).toBe(0);

      // Details: everything, including the fourth trait and the whole description.
      await card.getByRole('button', { name: 'Piki', exact: true }).click();
      const details = page.getByRole('dialog', { name: 'Piki' });
      await details.waitFor();
      for (const text of [
        'Zlati prinašalec',
        '3 leta',
        'Ljubljana, Slovenija',
        'Miren',
        'beseda40',
        'Mojca Kos',
        '0,5 kg',
      ])
        await see(details, text);
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });

      // Edit: new name and age; the form starts from what was saved (the weight as this language writes it).
      await card.getByRole('button', { name: 'Uredi Piki' }).click();
      const edit = page.getByRole('dialog', { name: 'Uredi profil psa' });
      await edit.waitFor();
      expect(await edit.getByLabel('Ime psa').inputValue()).toBe('Piki');
      expect(await edit.getByLabel('Leto rojstva').inputValue()).toBe(bornMonthsAgo(36).year);
      expect(await edit.getByLabel('Mesec rojstva').inputValue()).toBe(bornMonthsAgo(36).month);
      expect(await edit.getByRole('radio', { name: 'Samica' }).isChecked()).toBe(true);
      expect(await edit.getByLabel('Teža (kg)').inputValue()).toBe('0,5');
      await edit.getByLabel('Ime psa').fill('Piki Junior');
      await chooseBirth(edit, 60);
      await edit.getByRole('button', { name: 'Shrani spremembe' }).click();
      await see(page, 'Uspešno posodobljeno');
      await edit.waitFor({ state: 'detached' });
      const edited = main.getByRole('article').filter({ hasText: 'Piki Junior' });
      await see(edited, '5 let');
      await see(edited, 'Samica');

      // Delete asks first: cancelling keeps the dog; confirming removes it for good.
      await edited.getByRole('button', { name: 'Izbriši Piki Junior' }).click();
      const confirm = page.getByRole('dialog', { name: 'Izbrišem psa Piki Junior?' });
      await see(confirm, 'Izbrisani bodo tudi fotografije, zahteve in klepeti o tem psu.');
      await confirm.getByRole('button', { name: 'Prekliči' }).click();
      await confirm.waitFor({ state: 'detached' });
      await edited.waitFor();
      await edited.getByRole('button', { name: 'Izbriši Piki Junior' }).click();
      await confirm.getByRole('button', { name: 'Izbriši psa' }).click();
      await see(page, 'Uspešno izbrisano');
      await see(main, 'Še nimate dodanega psa');
      await page.waitForTimeout(500);
      expect(await main.getByRole('article').count()).toBe(0);
      expect(fullRequests).toEqual([]);

      // Profile: no dogs, so matching is disabled with a hint.
      await page.goto(`${e2e.server.url}/profil`);
      await main.getByRole('heading', { name: 'Mojca Kos', level: 1 }).waitFor();
      await see(main, 'Dodajte vsaj enega psa');
      expect(await main.getByRole('button', { name: 'Poišči ujemanja' }).isDisabled()).toBe(true);

      await main.getByRole('button', { name: 'Uredi profil' }).click();
      const profile = page.getByRole('dialog', { name: 'Uredi profil' });
      await profile.waitFor();
      // The picker offers only 13–99, so 'Starost mora biti od 13 do 99 let' cannot be chosen.
      const profileAges = await profile
        .getByLabel('Starost (neobvezno)')
        .locator('option:not([disabled])')
        .allTextContents();
      expect(profileAges).toEqual(Array.from({ length: 87 }, (_, i) => String(i + 13)));
      await profile.getByLabel('Ime in priimek').fill('Mojca Novak');
      await profile.getByLabel('Starost (neobvezno)').selectOption('34');
      await pick(profile, 'Država', 'Avstr', 'Avstrija');
      await pick(profile, 'Kraj', 'Grad', 'Gradec');
      await profile.locator('input[type="file"]').setInputFiles(photoFile);
      await see(page, 'Slika je bila uspešno optimizirana in naložena!');
      await profile.locator('img[src*="profiles/"]').waitFor();
      await profile.getByRole('button', { name: 'Shrani', exact: true }).click();
      await see(page, 'Profil je posodobljen');
      await profile.waitFor({ state: 'detached' });
      await main.getByRole('heading', { name: 'Mojca Novak', level: 1 }).waitFor();
      await see(main, '34 let');
      await see(main, 'Gradec, Avstrija');
      // The avatar is the new photo's 512 px variant.
      expect(await main.locator('img[src*="profiles/"]').first().getAttribute('src')).toMatch(/_med\.webp$/);

      // Changing the country again clears a place that is not in the new country.
      await main.getByRole('button', { name: 'Uredi profil' }).click();
      await profile.waitFor();
      await pick(profile, 'Država', 'Slovenij', 'Slovenija');
      await expect.poll(() => profile.getByRole('combobox', { name: 'Kraj' }).inputValue()).toBe('');
      await page.keyboard.press('Escape');

      expect(errors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: path.join(os.tmpdir(), `dogs-profile-${name}.png`), fullPage: true });
      throw error;
    } finally {
      await context.close();
    }
  });
});
