import os from 'node:os';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { spots, users } from '../../server/db/schema';
import { LIMITS } from '#shared/limits';
import { CITY_COUNTRIES } from '#shared/data/city-countries';
import { PLACE_COORDINATES } from '#shared/data/coordinates';
import {
  apiOwner,
  see,
  sessionContext,
  sidewaysOverflow,
  startServer,
  type TestServer,
  useE2e,
  VIEWPORTS,
} from '../helpers/e2e';

const e2e = useE2e();

const near = (town: string, north: number) => {
  const [lat, lon] = PLACE_COORDINATES.SI[town]!;
  return { countryCode: 'SI', location: town, lat: lat + north, lon };
};

beforeAll(async () => {
  // Two places in Ljubljana (the park nearer its centre), one in Kranj.
  await e2e.server.app.deps.db.insert(spots).values([
    {
      ...near('Ljubljana', 0.005),
      kind: 'dogPark',
      name: 'Pasji park ob ribniku',
      amenities: ['fenced', 'water'],
      leashRule: 'offLeash',
      status: 'published',
    },
    {
      ...near('Ljubljana', 0.02),
      kind: 'vet',
      name: 'Veterinarska ambulanta Center',
      emergency: true,
      status: 'published',
    },
    { ...near('Kranj', 0.003), kind: 'trail', name: 'Pot ob Kokri', status: 'published' },
  ]);
});

/** The names of the places the list shows, in its order. */
const listed = (main: Locator) =>
  main.getByRole('listitem').getByRole('heading', { level: 2 }).allInnerTexts();

describe.each(Object.entries(VIEWPORTS))('dog places on a %s', (name, options) => {
  it('a visitor finds the places near a town, nearest first, and filters them by kind', async () => {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      // From the events page; the second name leads to the one address too.
      await page.goto(`${e2e.server.url}/events`);
      await page.getByRole('main').getByRole('link', { name: 'Kraji za pse v bližini' }).click();
      await page.waitForURL((url) => url.pathname === '/mesta');
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Kraji za pse', level: 1 }).waitFor();
      expect(await page.title()).toBe('Kraji za pse · Tačke');
      await see(main, '2 kraja do 5 km od kraja Ljubljana');
      expect(await listed(main)).toEqual(['Pasji park ob ribniku', 'Veterinarska ambulanta Center']);
      await see(main, 'Nujna pomoč 24 ur');
      await page.screenshot({ path: path.join(os.tmpdir(), `spots-${name}-visitor.png`), fullPage: true });
      expect(await sidewaysOverflow(page)).toBe(0);
      // The first place starts on the first screen.
      const first = await main.getByRole('listitem').first().boundingBox();
      expect(first!.y).toBeLessThan(options.viewport.height - 100);

      // On a phone the kinds and amenities are folded behind one button, which says how many are chosen.
      const fold = main.getByRole('button', { name: /^Vrste in oprema/ });
      if (name === 'phone') {
        expect(await main.getByRole('button', { name: 'Veterinar', exact: true }).isVisible()).toBe(false);
        expect(await fold.getAttribute('aria-expanded')).toBe('false');
        await fold.click();
        expect(await fold.getAttribute('aria-expanded')).toBe('true');
      } else expect(await fold.isVisible()).toBe(false);
      await main.getByRole('button', { name: 'Veterinar', exact: true }).click();
      await see(main, '1 kraj do 5 km od kraja Ljubljana');
      expect(await listed(main)).toEqual(['Veterinarska ambulanta Center']);
      if (name === 'phone') {
        expect(await fold.innerText()).toMatch(/1 izbran/);
        await page.screenshot({ path: path.join(os.tmpdir(), `spots-${name}-filters-open.png`) });
      }
      await main.getByRole('button', { name: 'Vse vrste' }).click();
      await main.getByLabel('Blizu kraja').selectOption('Kranj');
      await see(main, '1 kraj do 5 km od kraja Kranj');
      expect(await listed(main)).toEqual(['Pot ob Kokri']);
      await main.getByLabel('Oddaljenost').selectOption('1');
      await see(main, '1 kraj do 1 km od kraja Kranj');
      await main.getByRole('button', { name: 'Veterinar', exact: true }).click();
      await see(main, 'Ni krajev do 1 km od kraja Kranj');
      await see(main, 'Tu še ni krajev za pse');

      await page.goto(`${e2e.server.url}/places`);
      await page.waitForURL((url) => url.pathname === '/mesta');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an owner starts near their dog’s town, in their language', async () => {
    const owner = await apiOwner(e2e.server, 'Ana Kos', `ana.spots.${name}@example.com`, 'Reks');
    const { id, name: dogName, breed, gender } = owner.dog;
    await owner.api.dogs.update.mutate({ id, name: dogName, breed, gender, age: 3, location: 'Kranj' });
    const context = await sessionContext(e2e.browser, e2e.server, { ...options, locale: 'de' }, owner.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${e2e.server.url}/mesta`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Orte für Hunde', level: 1 }).waitFor();
      await see(main, '1 Ort im Umkreis von 5 km um Kranj');
      expect(await main.getByRole('button', { name: 'Bei Reks' }).getAttribute('aria-pressed')).toBe('true');
      expect(await listed(main)).toEqual(['Pot ob Kokri']);
      await page.screenshot({ path: path.join(os.tmpdir(), `spots-${name}-owner-de.png`), fullPage: true });
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await owner.api.close();
    }
  });

  it('an owner opens a shared place and rates it with a tip; a visitor opens it from the list, reads it and may report it', async () => {
    const [park] = await e2e.server.app.deps.db
      .insert(spots)
      .values({
        ...near('Celje', 0.004),
        kind: 'dogPark',
        name: `Travnik ob Savinji (${name})`,
        description: 'Ograjen travnik z drevoredom.',
        amenities: ['fenced', 'shade'],
        leashRule: 'offLeash',
        hours: [[{ from: '07:00', to: '21:00' }], [], [], [], [], [], []],
        status: 'published',
      })
      .returning({ id: spots.id });
    const owner = await apiOwner(e2e.server, 'Ana Kos', `ana.rates.${name}@example.com`, 'Reks');
    const ownerContext = await sessionContext(e2e.browser, e2e.server, options, owner.token);
    const visitorContext = await e2e.browser.newContext(options);
    const errors: string[] = [];
    try {
      // The owner follows a shared link: the place opens over the list.
      const page = await ownerContext.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${e2e.server.url}/mesta?kraj=${park!.id}`);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: `Travnik ob Savinji (${name})` }).waitFor();
      await see(dialog, 'Ograjen travnik z drevoredom.');
      expect(await dialog.getByRole('row', { name: /ponedeljek/i }).innerText()).toMatch(/07:00–21:00/);
      expect(await dialog.getByRole('row', { name: /torek/i }).innerText()).toMatch(/Zaprto/);
      await see(dialog, 'Še brez ocen');
      // Saving without a rating says what is missing; then four stars and a tip.
      await dialog.getByRole('button', { name: 'Shrani oceno' }).click();
      await see(dialog, 'Oceno izberite od 1 do 5.');
      // A tap on the fourth star; the stars are a group of radio buttons (arrow keys move the choice).
      await dialog.locator('label', { hasText: '4 zvezdice od 5' }).click();
      expect(await dialog.getByRole('radio', { name: '4 zvezdice od 5' }).isChecked()).toBe(true);
      await dialog.getByLabel('Nasvet (neobvezno)').fill('Zjutraj je mirno.');
      await dialog.getByRole('button', { name: 'Shrani oceno' }).click();
      await see(page, 'Ocena je shranjena.');
      await see(dialog, '4 od 5 (1 ocena)');
      await dialog.getByRole('button', { name: 'Posodobi oceno' }).waitFor();
      await page.screenshot({ path: path.join(os.tmpdir(), `spot-${name}-owner-rated.png`) });
      expect(await sidewaysOverflow(page)).toBe(0);
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => !url.searchParams.has('kraj'));

      // A visitor finds it near Celje and opens it from the list.
      const visitor = await visitorContext.newPage();
      visitor.on('pageerror', (error) => errors.push(error.message));
      await visitor.goto(`${e2e.server.url}/mesta`);
      const main = visitor.getByRole('main');
      await main.getByRole('heading', { name: 'Kraji za pse', level: 1 }).waitFor();
      await main.getByLabel('Blizu kraja').selectOption('Celje');
      await main.getByRole('button', { name: `Travnik ob Savinji (${name})` }).click();
      const details = visitor.getByRole('dialog');
      await see(details, 'Zjutraj je mirno.');
      await see(details, 'Ana Kos');
      expect(new URL(visitor.url()).searchParams.get('kraj')).toBe(park!.id);
      await details.getByRole('link', { name: 'Prijavite se in ocenite kraj' }).waitFor();
      await visitor.screenshot({ path: path.join(os.tmpdir(), `spot-${name}-visitor.png`) });
      expect(await sidewaysOverflow(visitor)).toBe(0);
      await details.getByRole('button', { name: 'Prijavi kraj' }).click();
      await visitor.getByRole('heading', { name: 'Prijavi kraj' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await ownerContext.close();
      await visitorContext.close();
      await owner.api.close();
    }
  });
});

describe.each(Object.entries(VIEWPORTS))('the places map on a %s', (name, options) => {
  /** A tile server of the test's own (MAP_TILE_URL): the map never fetches from outside. */
  const tiles = { requests: 0, failing: false, url: '' };
  let tileServer: http.Server;
  let server: TestServer;
  beforeAll(async () => {
    const png = await sharp({
      create: { width: 256, height: 256, channels: 3, background: '#e8efe4' },
    })
      .png()
      .toBuffer();
    tileServer = http.createServer((request, response) => {
      tiles.requests++;
      if (tiles.failing || !/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    await new Promise<void>((resolve) => tileServer.listen(0, '127.0.0.1', resolve));
    tiles.url = `http://127.0.0.1:${(tileServer.address() as AddressInfo).port}`;
    server = await startServer({ MAP_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png` });
    // Two places 50 m apart (one cluster at the first zoom), one 3 km north.
    const [lat, lon] = PLACE_COORDINATES.SI.Maribor!;
    await server.app.deps.db.insert(spots).values([
      {
        countryCode: 'SI',
        location: 'Maribor',
        lat,
        lon,
        kind: 'dogPark',
        name: 'Park ob Dravi',
        status: 'published',
      },
      {
        countryCode: 'SI',
        location: 'Maribor',
        lat: lat + 0.00045,
        lon,
        kind: 'cafe',
        name: 'Kavarna na Lentu',
        status: 'published',
      },
      {
        countryCode: 'SI',
        location: 'Maribor',
        lat: lat + 0.027,
        lon,
        kind: 'trail',
        name: 'Pot na Kalvarijo',
        status: 'published',
      },
    ]);
    return async () => {
      await server.close();
      await new Promise((resolve) => tileServer.close(resolve));
    };
  });

  /** /mesta near Maribor, its three places found, shown on the map. */
  async function mapOfMaribor(page: Page) {
    await page.goto(`${server.url}/mesta`);
    const main = page.getByRole('main');
    await main.getByLabel('Blizu kraja').selectOption('Maribor');
    await see(main, '3 kraji do 5 km od kraja Maribor');
    await main.getByRole('button', { name: 'Zemljevid' }).click();
    return main;
  }

  it('shows the places on tiles of MAP_TILE_URL, clustered; a cluster zooms in, a marker opens its place', async () => {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    const errors: string[] = [];
    const outside: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (new URL(request.url()).hostname !== '127.0.0.1') outside.push(request.url());
    });
    try {
      const main = await mapOfMaribor(page);
      const map = main.getByRole('region', { name: 'Zemljevid krajev za pse' });
      await map.getByRole('link', { name: 'OpenStreetMap' }).waitFor();
      await expect.poll(() => tiles.requests).toBeGreaterThan(0);
      // The two near ones are one cluster; the third its own marker.
      const cluster = map.getByRole('button', { name: '2 kraja tukaj: približaj' });
      await cluster.waitFor();
      await map.getByRole('button', { name: 'Pot na Kalvarijo' }).waitFor();
      await page.screenshot({ path: path.join(os.tmpdir(), `spots-map-${name}.png`) });
      expect(await sidewaysOverflow(page)).toBe(0);
      await cluster.click();
      const cafe = map.getByRole('button', { name: 'Kavarna na Lentu' });
      await cafe.waitFor();
      // By keyboard: a marker is a button; Enter opens its place.
      await cafe.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').getByRole('heading', { name: 'Kavarna na Lentu' }).waitFor();
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => !url.searchParams.has('kraj'));
      // A filter changes the markers, not the view: the map stays zoomed in, the third place out of it.
      if (name === 'phone') await main.getByRole('button', { name: /^Vrste in oprema/ }).click();
      await main.getByRole('button', { name: 'Pasji park', exact: true }).click();
      await see(main, '1 kraj do 5 km od kraja Maribor');
      await map.getByRole('button', { name: 'Park ob Dravi' }).waitFor();
      expect(await map.getByRole('button', { name: 'Kavarna na Lentu' }).count()).toBe(0);
      await main.getByRole('button', { name: 'Vse vrste' }).click();
      await see(main, '3 kraji do 5 km od kraja Maribor');
      await cafe.waitFor();
      expect(await map.getByRole('button', { name: 'Pot na Kalvarijo' }).count()).toBe(0);
      // Back to the list: the same places.
      await main.getByRole('button', { name: 'Seznam' }).click();
      expect(await listed(main)).toEqual(['Park ob Dravi', 'Kavarna na Lentu', 'Pot na Kalvarijo']);
      expect(outside).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an owner adds a place: kind, name, town, the point moved on the map by keyboard; a new account’s waits', async () => {
    const owner = await apiOwner(server, 'Ana Kos', `ana.adds.${name}@example.com`, 'Reks');
    const context = await sessionContext(e2e.browser, server, options, owner.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${server.url}/mesta`);
      await page.getByRole('main').getByRole('button', { name: 'Dodaj kraj' }).click();
      const form = page.getByRole('dialog', { name: 'Nov kraj za pse' });
      // Nothing chosen yet: every missing field says so.
      await form.getByRole('button', { name: 'Dodaj kraj' }).click();
      await see(form, 'Izberite eno od ponujenih možnosti.');
      await see(form, /Ime kraja mora imeti vsaj 2 znaka/);
      await form.getByLabel('Vrsta kraja').selectOption('vet');
      await form.getByLabel('Ime kraja').fill(`Ambulanta Tabor (${name})`);
      await form.getByRole('combobox', { name: 'Kraj', exact: true }).fill('Maribor');
      await form.getByRole('option', { name: 'Maribor', exact: true }).click();
      const pin = form.getByText(/^Bucika: /);
      await expect.poll(() => pin.innerText()).toBe('Bucika: 46,5547, 15,6467');
      // The map moves under the pin by keyboard.
      await form.getByRole('region', { name: 'Zemljevid za izbiro točke' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => pin.innerText()).not.toBe('Bucika: 46,5547, 15,6467');
      await form.getByLabel('Nujna pomoč 24 ur').check();
      await form.getByRole('button', { name: 'Senca' }).click();
      // Opening hours: Monday's copied to every day, Sunday closed, a second range on Saturday.
      await form.getByLabel('Ima delovni čas').check();
      await form.getByLabel('ponedeljek, od (1. razpon)').fill('07:30');
      await form.getByRole('button', { name: 'Vsi dnevi kot ponedeljek' }).click();
      await form.getByRole('button', { name: 'Odstrani 1. razpon: nedelja' }).click();
      await form.getByRole('button', { name: 'Dodaj razpon: sobota' }).click();
      await form.getByLabel('sobota, od (2. razpon)').fill('12:00');
      await form.getByLabel('sobota, do (2. razpon)').fill('11:00');
      await form.getByRole('button', { name: 'Dodaj kraj' }).click();
      await see(form, /Ure odprtja niso veljavne/);
      await form.getByLabel('sobota, od (2. razpon)').fill('17:00');
      await form.getByLabel('sobota, do (2. razpon)').fill('19:00');
      await page.screenshot({ path: path.join(os.tmpdir(), `spot-form-${name}.png`) });
      expect(await sidewaysOverflow(page)).toBe(0);
      await form.getByRole('button', { name: 'Dodaj kraj' }).click();

      await see(page, 'Kraj je shranjen in čaka na pregled moderatorja.');
      const details = page.getByRole('dialog', { name: `Ambulanta Tabor (${name})` });
      await see(details, 'Čaka na pregled moderatorja');
      const [row] = await server.app.deps.db
        .select()
        .from(spots)
        .where(eq(spots.name, `Ambulanta Tabor (${name})`));
      const [lat, lon] = PLACE_COORDINATES.SI.Maribor!;
      expect(row).toMatchObject({
        kind: 'vet',
        location: 'Maribor',
        emergency: true,
        amenities: ['shade'],
        status: 'pending',
      });
      const day = [{ from: '07:30', to: '16:00' }];
      expect(row!.hours).toEqual([
        ...Array.from({ length: 5 }, () => day),
        [...day, { from: '17:00', to: '19:00' }],
        [],
      ]);
      expect(Math.abs(row!.lat - lat)).toBeLessThan(0.01);
      expect(row!.lon).toBeGreaterThan(lon);
      expect(row!.lon - lon).toBeLessThan(0.02);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await owner.api.close();
    }
  });

  it('an owner adds a place abroad and finds it there, in Italian: Croatia’s towns, the pin at Rovinj', async () => {
    const owner = await apiOwner(server, 'Ana Kos', `ana.abroad.${name}@example.com`, 'Reks');
    // An account past its first days: its place is published at once, for all to find.
    await server.app.deps.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - (LIMITS.antiSpam.newAccountDays + 1) * 86_400_000) })
      .where(eq(users.id, owner.id));
    const context = await sessionContext(e2e.browser, server, { ...options, locale: 'it' }, owner.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${server.url}/mesta`);
      const main = page.getByRole('main');
      // Another country starts at its capital; its towns load with it, named in the language.
      await main.getByLabel('Paese', { exact: true }).selectOption('HR');
      await see(main, 'Nessun luogo entro 5 km da Zagabria');
      await main.getByLabel('Vicino a', { exact: true }).selectOption('Rovinj');
      await see(main, 'Nessun luogo entro 5 km da Rovigno');
      expect(await main.getByLabel('Vicino a', { exact: true }).locator('option:checked').innerText()).toBe(
        'Rovigno',
      );

      // The new place starts in the town looked near: Croatia, Rovinj, the pin at its centre.
      await main.getByRole('button', { name: 'Aggiungi un luogo' }).click();
      const form = page.getByRole('dialog', { name: 'Nuovo luogo per cani' });
      // Only the countries whose towns the page looks near (a place elsewhere could never be found).
      const country = form.getByLabel('Paese', { exact: true });
      expect(await country.inputValue()).toBe('HR');
      expect(await country.locator('option').count()).toBe(CITY_COUNTRIES.length);
      expect(await form.getByRole('combobox', { name: 'Località' }).inputValue()).toBe('Rovigno');
      await expect.poll(() => form.getByText(/^Spillo: /).innerText()).toBe('Spillo: 45,0827, 13,6346');
      await form.getByLabel('Tipo di luogo').selectOption('dogPark');
      await form.getByLabel('Nome del luogo').fill(`Spiaggia per cani (${name})`);
      await form.getByRole('button', { name: 'Aggiungi luogo' }).click();
      await see(page, 'Il luogo è stato aggiunto.');
      const [row] = await server.app.deps.db
        .select()
        .from(spots)
        .where(eq(spots.name, `Spiaggia per cani (${name})`));
      expect(row).toMatchObject({ countryCode: 'HR', location: 'Rovinj', lat: 45.0827, lon: 13.6346 });
      await page.keyboard.press('Escape');

      // Found near Rovinj, in the list and on the map.
      await see(main, '1 luogo entro 5 km da Rovigno');
      // The page is hidden from the accessibility tree until the dialog's exit has run.
      await expect.poll(() => listed(main)).toEqual([`Spiaggia per cani (${name})`]);
      await see(main.getByRole('listitem'), 'Rovigno');
      await page.screenshot({ path: path.join(os.tmpdir(), `spots-${name}-abroad-it.png`), fullPage: true });
      expect(await sidewaysOverflow(page)).toBe(0);
      await main.getByRole('button', { name: 'Mappa' }).click();
      await main.getByRole('button', { name: `Spiaggia per cani (${name})` }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await owner.api.close();
    }
  });

  it('says when the tiles cannot load, and the list still has every place', async () => {
    tiles.failing = true;
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    try {
      const main = await mapOfMaribor(page);
      await see(main, 'Podlage zemljevida ni bilo mogoče naložiti. Vsi kraji so v seznamu.');
      // The markers are there without the tiles.
      await main.getByRole('button', { name: 'Pot na Kalvarijo' }).waitFor();
    } finally {
      tiles.failing = false;
      await context.close();
    }
  });
});
