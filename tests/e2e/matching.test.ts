import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DogCreateInput } from '#shared/schemas/dogs';
import {
  apiUser,
  insertDemoDog,
  launchBrowser,
  see,
  sessionContext,
  startServer,
  type TestServer,
  VIEWPORTS,
} from '../helpers/e2e';

type Api = Awaited<ReturnType<typeof apiUser>>['api'];

let browser: Browser;
let server: TestServer;
/** API clients opened by a test, closed after it. */
let clients: Api[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
// Each test has its own server, so every deck holds only the dogs that test made.
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await Promise.all(clients.map((client) => client.close()));
  clients = [];
  await server?.close();
});

/** A confirmed user (through the API) and their dogs. */
async function owner(fullName: string, dogs: Partial<DogCreateInput>[] = []) {
  const local = fullName
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
  const email = `${local}@example.com`;
  const user = await apiUser(server, { fullName, email });
  clients.push(user.api);
  const made = [];
  for (const dog of dogs)
    made.push(
      await user.api.dogs.create.mutate({
        name: 'Pes',
        breed: 'Mešanec',
        age: 3,
        gender: 'male',
        location: 'Ljubljana',
        ...dog,
      }),
    );
  return { ...user, dogs: made };
}

/** Runs a browser test on a page that must not throw; a failure leaves a screenshot in the temp folder. */
async function onPage(context: BrowserContext, name: string, test: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await test(page);
    expect(errors).toEqual([]);
  } catch (error) {
    await page.screenshot({ path: path.join(os.tmpdir(), `matching-${name}.png`), fullPage: true });
    throw error;
  } finally {
    await context.close();
  }
}

/** Picks my dog in the "choose your dog" grid. */
async function chooseDog(page: Page, name: string) {
  await page.getByRole('heading', { name: 'Izberite svojega psa', level: 1 }).waitFor();
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
}

const card = (page: Page, name: string) => page.getByRole('article', { name });
const counter = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

describe('matching', () => {
  it('shows "It\'s a Match" for a mutual like and opens the new chat (desktop)', async () => {
    const ana = await owner('Ana Kovač');
    const bor = await owner('Bor Novak', [{ name: 'Rex', breed: 'Nemški ovčar', location: 'Maribor' }]);

    await onPage(
      await sessionContext(browser, server, VIEWPORTS.desktop, ana.token),
      'match',
      async (page) => {
        // No dog yet: the way to create one.
        await page.goto(`${server.url}/ujemanja`);
        await see(page, 'Najprej ustvarite profil psa');
        expect(await page.getByRole('link', { name: 'Ustvari profil psa' }).getAttribute('href')).toBe(
          '/moji-psi',
        );
        expect(await page.title()).toBe('Ujemanja · Tačke');

        const piki = await ana.api.dogs.create.mutate({
          name: 'Piki',
          breed: 'Zlati prinašalec',
          age: 3,
          gender: 'female',
          location: 'Ljubljana',
        });
        // Bor's Rex liked Ana's Piki first.
        expect(await bor.api.likes.like.mutate({ fromDogId: bor.dogs[0]!.id, dogId: piki.id })).toEqual({
          outcome: 'requested',
        });

        await page.reload();
        // One dog: nothing to pick, straight to the deck.
        await card(page, 'Rex').waitFor();
        expect(await page.getByRole('heading', { name: 'Izberite svojega psa' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: /Zamenjaj psa/ }).count()).toBe(0);
        await counter(page, 'Še 1 pes');

        // The photo opens the details; the owner card opens the owner's profile.
        await page.getByRole('button', { name: 'Pokaži podrobnosti o psu Rex' }).click();
        const details = page.getByRole('dialog', { name: 'Rex' });
        await see(details, 'Nemški ovčar');
        await details.getByRole('button', { name: /Bor Novak/ }).click();
        const profile = page.getByRole('dialog', { name: 'Bor Novak' });
        await see(profile, 'Zadnja aktivnost');
        await see(profile, 'Rex');
        await see(profile, 'Nemški ovčar · 3 leta');
        await page.keyboard.press('Escape');
        await profile.waitFor({ state: 'detached' });
        await page.keyboard.press('Escape');
        await details.waitFor({ state: 'detached' });

        await page.getByRole('button', { name: 'Všeč mi je' }).click();
        const match = page.getByRole('dialog', { name: 'To je ujemanje!' });
        await see(match, 'Piki in Rex sta si všeč.');
        await match.getByRole('button', { name: 'Napiši osebi Bor' }).click();
        await page.waitForURL(/\/klepet\?chat=[0-9a-f-]{36}$/);
      },
    );
  });

  it('likes and passes with the buttons and the arrow keys; the counter goes down (desktop)', async () => {
    const ana = await owner('Ana Kovač', [{ name: 'Piki' }, { name: 'Luna' }]);
    const bor = await owner('Bor Novak', [
      { name: 'Rex' },
      { name: 'Bobi' },
      { name: 'Maks' },
      { name: 'Nala' },
    ]);

    await onPage(
      await sessionContext(browser, server, VIEWPORTS.desktop, ana.token),
      'desktop',
      async (page) => {
        await page.goto(`${server.url}/ujemanja`);
        await chooseDog(page, 'Piki');
        await counter(page, 'Še 4 psi');
        // The choice is remembered: a reload, or a visit in a new tab, goes straight to Piki's deck.
        await page.reload();
        await counter(page, 'Še 4 psi');
        await see(page, 'Zamenjaj psa');
        const later = await page.context().newPage();
        await later.goto(`${server.url}/ujemanja`);
        await counter(later, 'Še 4 psi');
        await see(later, 'Piki');
        await later.close();

        const top = () => page.locator('article:not([aria-hidden])').getAttribute('aria-labelledby');
        let shown = await top();
        const nextCard = async () => {
          await expect.poll(top).not.toBe(shown);
          shown = await top();
        };

        await page.getByRole('button', { name: 'Preskoči' }).click();
        await counter(page, 'Še 3 psi');
        await nextCard();

        // A like in flight blocks a second decision (buttons and keys).
        await page.route('**/trpc/likes.like*', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 800));
          await route.continue();
        });
        const like = page.getByRole('button', { name: 'Všeč mi je' });
        await like.click();
        await expect.poll(() => like.getAttribute('aria-disabled')).toBe('true');
        await page.keyboard.press('ArrowRight');
        await like.click({ force: true });
        await see(page, 'Zahteva poslana');
        await counter(page, 'Še 2 psa');
        await nextCard();
        await page.unroute('**/trpc/likes.like*');
        await page.waitForTimeout(300);
        await counter(page, 'Še 2 psa');

        await page.keyboard.press('ArrowLeft');
        await counter(page, 'Še 1 pes');
        await nextCard();
        await page.keyboard.press('ArrowRight');
        // Out of dogs within the radius (200 km by default): the deck offers the next step, then there is none.
        await see(page, 'Ni več psov do 200 km');
        await page.getByRole('button', { name: 'Razširi: kjer koli' }).click();
        await see(page, 'Za zdaj ni več psov');

        // One request per like reached Bor; passes send nothing.
        const received = (await bor.api.requests.list.query()).filter(
          (item) => item.direction === 'received',
        );
        expect(received).toHaveLength(2);

        // Refresh asks again: still nothing left.
        await page.getByRole('button', { name: 'Osveži' }).click();
        await see(page, 'Za zdaj ni več psov');
        await page.getByRole('button', { name: 'Zamenjaj psa', exact: true }).click();
        await page.getByRole('heading', { name: 'Izberite svojega psa' }).waitFor();
      },
    );
  });

  it('swipes by touch on a phone: a drag past the threshold decides however slow, a flick sooner, a short slow drag springs back', async () => {
    const ana = await owner('Ana Kovač', [{ name: 'Piki' }]);
    const bor = await owner('Bor Novak', [{ name: 'Rex' }, { name: 'Bobi' }]);
    const context = await sessionContext(browser, server, VIEWPORTS.phone, ana.token);

    await onPage(context, 'phone', async (page) => {
      // A small phone (iPhone SE): the tools take one row and the photo what the screen leaves, so Pass and
      // Like show above the bottom bar unscrolled.
      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto(`${server.url}/ujemanja`);
      await counter(page, 'Še 2 psa');
      const likeButton = (await page.getByRole('button', { name: 'Všeč mi je' }).boundingBox())!;
      const bottomBar = (await page.getByRole('navigation').last().boundingBox())!;
      expect(likeButton.y + likeButton.height).toBeLessThanOrEqual(bottomBar.y);
      await page.setViewportSize(VIEWPORTS.phone.viewport);
      const topCard = page.locator('article:not([aria-hidden])');
      const first = (await topCard.getAttribute('aria-labelledby'))!;
      const cdp = await context.newCDPSession(page);

      /**
       * A one-finger drag across the card's text: `steps` moves of `step` px, `pause` ms apart. Each touch
       * carries its own time, which the gesture's speed is measured by: a loaded machine delivering the
       * events late does not turn a flick into a slow drag (or a slow drag into a flick).
       */
      const drag = async (step: number, steps: number, pause: number) => {
        const box = (await topCard.boundingBox())!;
        // Starts off-centre against the direction, so the finger stays on the screen.
        const x = box.x + box.width / 2 - Math.sign(step) * 80;
        const y = box.y + box.height - 40;
        const start = Date.now() / 1000;
        const at = (i: number) => start + (i * pause) / 1000;
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchStart',
          touchPoints: [{ x, y }],
          timestamp: at(0),
        });
        for (let i = 1; i <= steps; i++) {
          await new Promise((resolve) => setTimeout(resolve, pause));
          await cdp.send('Input.dispatchTouchEvent', {
            type: 'touchMove',
            touchPoints: [{ x: x + i * step, y }],
            timestamp: at(i),
          });
        }
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchEnd',
          touchPoints: [],
          timestamp: at(steps),
        });
      };
      const requests = async () =>
        (await bor.api.requests.list.query()).filter((item) => item.direction === 'received').length;
      const offset = () =>
        topCard.evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).m41);

      // A tap on the photo is no swipe: it opens the details.
      await page.getByRole('button', { name: /^Pokaži podrobnosti o psu/ }).tap();
      const details = page.getByRole('dialog');
      await see(details, 'Lastnik');
      await details.getByRole('button', { name: 'Zapri' }).tap();
      await details.waitFor({ state: 'detached' });

      // Short of the threshold (60 px of 80) and slow (~0.15 px/ms): the card springs back, nothing is sent.
      await drag(5, 12, 30);
      await page.waitForTimeout(500);
      expect(await topCard.getAttribute('aria-labelledby')).toBe(first);
      expect(Math.abs(await offset())).toBeLessThan(1);
      await counter(page, 'Še 2 psa');
      expect(await requests()).toBe(0);

      // Past the threshold (150 px), slowly (~0.1 px/ms), to the right: the card goes, a like.
      await drag(10, 15, 100);
      await counter(page, 'Še 1 pes');
      await see(page, 'Zahteva poslana');
      await expect.poll(() => topCard.getAttribute('aria-labelledby')).not.toBe(first);
      expect(await requests()).toBe(1);

      // A flick to the left, short of the threshold (51 px) but fast: a pass, no request.
      await drag(-17, 3, 5);
      await see(page, 'Ni več psov do 200 km');
      expect(await requests()).toBe(1);
    });
  });

  it('filters the deck, remembers the filters, and widens the distance step by step (desktop)', async () => {
    const ana = await owner('Ana Kovač', [{ name: 'Piki' }]);
    await owner('Bor Novak', [
      { name: 'Mala', size: 'small', location: 'Ljubljana' },
      { name: 'Velika', size: 'large', location: 'Kranj' },
      { name: 'Daljna', size: 'small', location: 'Wien', originCountry: 'AT' },
    ]);
    await onPage(
      await sessionContext(browser, server, VIEWPORTS.desktop, ana.token),
      'filters',
      async (page) => {
        await page.goto(`${server.url}/ujemanja`);
        await counter(page, 'Še 2 psa');
        // Distance only as a bucket: Mala lives in Ljubljana too, Velika in Kranj (24 km).
        await see(card(page, 'Mala'), '< 5 km');
        await page.getByRole('button', { name: /^Filtri/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Kdo naj se prikaže' });
        await dialog.getByText('Majhen', { exact: true }).click();
        await dialog.getByRole('button', { name: 'Pokaži pse' }).click();
        await see(page, 'Filtri so shranjeni.');
        await counter(page, 'Še 1 pes');
        await card(page, 'Mala').waitFor();
        // Remembered on the server: a reload keeps them.
        await page.reload();
        await counter(page, 'Še 1 pes');
        await see(page, '+1');

        await page.getByRole('button', { name: 'Preskoči' }).click();
        await see(page, 'Ni več psov do 200 km');
        await see(page, 'Razširite iskanje: pokazali vam bomo pse kjer koli.');
        await page.getByRole('button', { name: 'Razširi: kjer koli' }).click();
        await card(page, 'Daljna').waitFor();
        await see(card(page, 'Daljna'), '> 200 km');
        expect(await ana.api.dogs.deckFilters.query()).toMatchObject({ radiusKm: null, sizes: ['small'] });
      },
    );
  });

  it('undoes passes one by one, and withdraws a like from the list of liked dogs (phone)', async () => {
    const ana = await owner('Ana Kovač', [{ name: 'Piki' }]);
    await owner('Bor Novak', [{ name: 'Rex' }, { name: 'Bobi' }, { name: 'Maks' }]);
    const bor = (await ana.api.dogs.deck.query({ fromDogId: ana.dogs[0]!.id })).map((dog) => dog.name);
    await onPage(await sessionContext(browser, server, VIEWPORTS.phone, ana.token), 'undo', async (page) => {
      await page.goto(`${server.url}/ujemanja`);
      await counter(page, 'Še 3 psi');
      const topName = () => page.locator('article:not([aria-hidden]) h2').textContent({ timeout: 10_000 });
      const undo = page.getByRole('button', { name: 'Razveljavi' });
      expect(await undo.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Preskoči' }).click();
      await counter(page, 'Še 2 psa');
      await page.getByRole('button', { name: 'Preskoči' }).click();
      await counter(page, 'Še 1 pes');
      // Back one step, then another: each pass comes back on top, for free.
      await undo.click();
      await counter(page, 'Še 2 psa');
      await expect.poll(topName).toBe(bor[1]);
      await undo.click();
      await counter(page, 'Še 3 psi');
      await expect.poll(topName).toBe(bor[0]);
      await expect.poll(() => undo.isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'Všeč mi je' }).click();
      await counter(page, 'Še 2 psa');
      await page.getByRole('button', { name: 'Všečkani' }).click();
      const liked = page.getByRole('dialog', { name: 'Psi, ki so mi všeč' });
      await see(liked, 'Čaka na odgovor');
      await liked.getByRole('button', { name: `Umakni zahtevo za psa ${bor[0]}` }).click();
      await see(liked, 'Všečkali še niste nobenega psa.');
      await page.keyboard.press('Escape');
      // The dog is back in the deck.
      await counter(page, 'Še 3 psi');
    });
  });

  it('shows demo dogs to a signed-out visitor; a like leads to sign-in', async () => {
    const context = await browser.newContext(VIEWPORTS.phone);
    await onPage(context, 'demo', async (page) => {
      // No demo data: an invitation to sign up.
      // The spec's second address leads to the first, and the nav item for it is the current one.
      await page.goto(`${server.url}/match?from=link`);
      await see(page, 'Spoznajte nove pasje prijatelje');
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/ujemanja?from=link');
      expect(await page.locator('nav a[aria-current="page"]').first().getAttribute('href')).toBe('/ujemanja');
      expect(await page.getByRole('link', { name: 'Registracija' }).getAttribute('href')).toBe(
        '/auth?tab=signUp',
      );

      await insertDemoDog(server, { owner: 'Demo Lastnica', name: 'Luna', breed: 'Bigl' });
      await page.reload();
      await card(page, 'Luna').waitFor();
      await page.getByText('Demo', { exact: true }).waitFor();
      await see(page, 'To je predogled s predstavitvenimi psi');
      await counter(page, 'Še 1 pes');

      await page.getByRole('button', { name: 'Všeč mi je' }).click();
      await page.waitForURL(`${server.url}/auth`);
      await see(page, 'Prijava potrebna');
    });
  });
});
