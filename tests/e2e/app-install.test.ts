import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { notifySettings, pushSubscriptions } from '../../server/db/schema';
import {
  apiUser,
  eventCard,
  mainRegion,
  openPage,
  sessionContext,
  startServer,
  useE2e,
  VIEWPORTS,
} from '../helpers/e2e';
import { EVENT_INPUT } from '../helpers/factories';

/** Issue 19: the installable app (manifest, icons), the offline shell, the update prompt and push. */
const e2e = useE2e();

/** Waits until the service worker controls the page (it has kept the shell). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/**
 * Headless Chromium has no push service to subscribe with: its PushManager answers with a subscription of
 * a made-up (HTTPS) push service, kept in localStorage like a browser keeps its own.
 */
async function fakePushService(context: BrowserContext, url: string) {
  await context.grantPermissions(['notifications'], { origin: url });
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = {
    endpoint: `https://push.example.test/e2e/${crypto.randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  };
  await context.addInitScript((made) => {
    const KEY = 'e2e.pushSubscription';
    const asSubscription = (serverKey: number[]) => ({
      endpoint: made.endpoint,
      options: { applicationServerKey: new Uint8Array(serverKey).buffer, userVisibleOnly: true },
      toJSON: () => made,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function () {
      const kept = localStorage.getItem(KEY);
      return (kept ? asSubscription(JSON.parse(kept) as number[]) : null) as never;
    };
    PushManager.prototype.subscribe = async function (options) {
      const key = Array.from(new Uint8Array(options?.applicationServerKey as ArrayBuffer));
      localStorage.setItem(KEY, JSON.stringify(key));
      return asSubscription(key) as never;
    };
  }, subscription);
  return subscription;
}

describe('installable app', () => {
  it('links a valid manifest in the page language, with its icons, the Apple touch icon and the theme colour', async () => {
    const context = await e2e.browser.newContext(VIEWPORTS.phone);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/`);
      const manifestHref = () => page.locator('link[rel="manifest"]').getAttribute('href');
      expect(await manifestHref()).toBe('/manifest.sl.webmanifest');
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#c2410c');

      const fetched = async (href: string) => {
        const response = await fetch(new URL(href, e2e.server.url));
        expect(response.status).toBe(200);
        return response;
      };
      const manifests = {} as Record<string, Manifest>;
      for (const locale of ['sl', 'en', 'de', 'it']) {
        const response = await fetched(`/manifest.${locale}.webmanifest`);
        expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
        manifests[locale] = (await response.json()) as Manifest;
      }
      const sl = manifests.sl!;
      expect(sl).toMatchObject({
        id: '/',
        name: 'Tačke – psi, ujemanja in dogodki',
        short_name: 'Tačke',
        lang: 'sl',
        start_url: '/',
        display: 'standalone',
        theme_color: '#c2410c',
      });
      expect(manifests.en!.name).toBe('Tačke – dogs, matches and events');
      expect(manifests.de!.name).toBe('Tačke – Hunde, Matches und Treffen');
      expect(manifests.it!.name).toBe('Tačke – cani, match ed eventi');
      // One app whatever the language it was installed in.
      expect(new Set(Object.values(manifests).map((m) => m.id))).toEqual(new Set(['/']));

      // Chromium's install criteria: a 192 and a 512 icon; Android's launchers: a maskable one.
      const icons = sl.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
      expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
      for (const icon of sl.icons) {
        const response = await fetched(icon.src);
        expect(response.headers.get('content-type')).toBe('image/png');
        const { width, height } = pngSize(Buffer.from(await response.arrayBuffer()));
        expect(`${width}x${height}`).toBe(icon.sizes);
      }
      const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      expect(pngSize(Buffer.from(await (await fetched(apple!)).arrayBuffer()))).toEqual({
        width: 180,
        height: 180,
      });

      // The language menu switches the manifest too, so the app installs with the name the owner reads.
      await page.getByRole('banner').getByRole('button', { name: 'Jezik' }).click();
      await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
      await expect.poll(manifestHref).toBe('/manifest.de.webmanifest');
      // A page of the app in English arrives with the English manifest (prerendered).
      const english = await (
        await fetch(`${e2e.server.url}/`, { headers: { accept: 'text/html', cookie: 'tacke.locale=en' } })
      ).text();
      expect(english).toContain('href="/manifest.en.webmanifest"');
    } finally {
      await context.close();
    }
  });
});

/**
 * How the network goes away. `browser`: Chromium's emulation, which since 156 also sets navigator.onLine to
 * false. `lie-fi`: navigator.onLine stays true and no `offline` event comes, as behind a captive portal, on
 * dead mobile data, and under Chromium's emulation before 156; only failing requests tell.
 */
const NETWORK_LOSSES = ['browser', 'lie-fi'] as const;

async function loseNetworkAs(context: BrowserContext, how: (typeof NETWORK_LOSSES)[number]) {
  if (how === 'lie-fi')
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true, configurable: true });
      window.addEventListener('offline', (event) => event.stopImmediatePropagation(), true);
    });
}

interface KeptQuery {
  path: string | null;
  data: unknown;
}

/** What the page keeps for offline use (web/src/lib/offline-cache.ts), read from its IndexedDB. */
function keptQueries(page: Page): Promise<KeptQuery[] | null> {
  return page.evaluate(
    () =>
      new Promise<KeptQuery[] | null>((resolve, reject) => {
        const open = indexedDB.open('tacke');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('offline-cache').objectStore('offline-cache').get('queries');
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            db.close();
            const kept = read.result as
              { state: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } } | undefined;
            resolve(
              kept?.state.queries.map(({ queryKey: [path], state }) => ({
                path: Array.isArray(path) ? path.join('.') : null,
                data: state.data,
              })) ?? null,
            );
          };
        };
      }),
  );
}
const keptPaths = async (page: Page) => (await keptQueries(page))?.map((query) => query.path) ?? [];

const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: 'Brez povezave' });

describe.each(
  Object.entries(VIEWPORTS).flatMap(([name, options]) =>
    NETWORK_LOSSES.map((how) => [name, how, options] as const),
  ),
)('offline on a %s (%s)', (name, how, options) => {
  it('opens the app without a network, says so, and recovers when it is back', async () => {
    const context = await e2e.browser.newContext(options);
    await loseNetworkAs(context, how);
    const errors: string[] = [];
    const page = await openPage(context, e2e.server, '/events', errors);
    try {
      await controlled(page);
      const banner = offlineBanner(page);
      expect(await banner.count()).toBe(0);

      await context.setOffline(true);
      // A page never opened before and the landing page both come from the kept shell.
      await page.goto(`${e2e.server.url}/ujemanja`);
      await banner.waitFor({ timeout: 10_000 });
      expect(await banner.textContent()).toContain(
        'Brez povezave – prikazano je, kar je bilo nazadnje naloženo.',
      );
      // Chromium before 156 also says online under its emulation; the app must not need it to say otherwise.
      if (how === 'lie-fi') expect(await page.evaluate(() => navigator.onLine)).toBe(true);
      // The navigation is there (the public one: who is signed in is not known here), the deck waits still.
      await page.getByRole('navigation').getByRole('link', { name: 'Dogodki' }).first().waitFor();
      await page.goto(`${e2e.server.url}/`);
      await banner.waitFor();
      await page.getByRole('link', { name: 'Tačke' }).first().waitFor();

      // Back by itself, without a reload (lie-fi: no `online` event either; the app asks the server).
      await context.setOffline(false);
      await banner.waitFor({ state: 'detached', timeout: 15_000 });
      await page.screenshot({ path: path.join(os.tmpdir(), `offline-${name}-${how}.png`) });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.each(Object.entries(VIEWPORTS))('offline with an account on a %s', (name, options) => {
  it('opens with what was last loaded, says what was never loaded, catches up by itself, and forgets it all at sign-out', async () => {
    const ana = await apiUser(e2e.server, {
      fullName: 'Ana Brezpovezave',
      email: `ana.offline.${name}@example.com`,
    });
    const title = `Sprehod brez povezave ${name}`;
    await ana.api.events.create.mutate({ ...EVENT_INPUT, title });
    const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    await loseNetworkAs(context, 'lie-fi');
    const errors: string[] = [];
    const page = await openPage(context, e2e.server, '/events', errors);
    try {
      await controlled(page);
      await eventCard(page, title).waitFor();
      await expect.poll(() => keptPaths(page)).toEqual(expect.arrayContaining(['auth.me', 'events.list']));

      await context.setOffline(true);
      await page.reload();
      await offlineBanner(page).waitFor({ timeout: 10_000 });
      // What was last loaded, signed in as before: the event and the account's own navigation.
      await eventCard(page, title).waitFor();
      await page.getByRole('navigation').getByRole('link', { name: 'Klepet' }).first().waitFor();
      expect(await mainRegion(page).getByRole('status').filter({ hasText: 'Nalaganje' }).count()).toBe(0);

      // A screen never loaded says so, instead of spinning.
      await page.goto(`${e2e.server.url}/profil`);
      await mainRegion(page)
        .getByText('Še ni naloženo – prikaže se, ko bo povezava spet vzpostavljena.')
        .waitFor({ timeout: 10_000 });
      expect(await mainRegion(page).locator('.animate-spin').count()).toBe(0);
      await page.goto(`${e2e.server.url}/events`);
      await eventCard(page, title).waitFor();

      // Meanwhile a new event; back online, the banner goes and the list catches up without a reload.
      const later = `Sprehod po povezavi ${name}`;
      await ana.api.events.create.mutate({ ...EVENT_INPUT, title: later });
      const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
      await context.setOffline(false);
      await offlineBanner(page).waitFor({ state: 'detached', timeout: 15_000 });
      await eventCard(page, later).waitFor();
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
      await page.screenshot({ path: path.join(os.tmpdir(), `offline-account-${name}.png`) });

      // Signed out, nothing of Ana's stays on the device.
      const ownPaths = ['requests.unreadCount', 'chats.list', 'profiles.me', 'dogs.mine'];
      const kept = await keptPaths(page);
      expect(kept.some((path) => ownPaths.includes(path ?? ''))).toBe(true);
      await page.getByRole('banner').getByRole('button', { name: 'Odjava' }).click();
      await page.getByText('Uspešna odjava').waitFor();
      await expect
        .poll(async () => {
          const queries = (await keptQueries(page)) ?? [];
          return {
            me: queries.find((query) => query.path === 'auth.me')?.data,
            own: queries.filter((query) => ownPaths.includes(query.path ?? '')).map((q) => q.path),
          };
        })
        .toEqual({ me: null, own: [] });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await ana.api.close();
    }
  });
});

describe("pages rendered with a member's data", () => {
  it('are never kept by the service worker: offline after sign-out, nothing of the member shows', async () => {
    const owner = await apiUser(e2e.server, { fullName: 'Vida Zasebna', email: 'vida.private@example.com' });
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.phone, owner.token);
    const errors: string[] = [];
    try {
      const page = await openPage(context, e2e.server, '/events', errors);
      await controlled(page);
      // The app has set its time zone: /profil now comes rendered with the member's data, through the worker.
      const profile = await page.goto(`${e2e.server.url}/profil`);
      expect(await profile!.headerValue('cache-control')).toBe('private, no-cache');
      await page.getByRole('heading', { level: 1, name: 'Vida Zasebna' }).waitFor();
      await page.goto(`${e2e.server.url}/trgovina`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const kept = () =>
        page.evaluate(async () =>
          (await (await caches.open('pages')).keys()).map((request) => new URL(request.url).pathname),
        );
      // The worker keeps pages as they come (the shop's, the build's), but not the member's.
      await expect.poll(kept).toContain('/trgovina');
      expect(await kept()).not.toContain('/profil');

      await page.getByRole('banner').getByRole('button', { name: 'Odjava' }).click();
      await page.getByText('Uspešna odjava').waitFor();
      await context.setOffline(true);
      await page.goto(`${e2e.server.url}/profil`);
      await offlineBanner(page).waitFor({ timeout: 10_000 });
      await page.waitForTimeout(500);
      expect(await page.getByText('Vida Zasebna').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await owner.api.close();
    }
  });
});

describe.each(Object.entries(VIEWPORTS))('a server whose database is away, on a %s', (name, options) => {
  it('says it is reconnecting, keeps what is shown, and catches up by itself once it answers', async () => {
    const ana = await apiUser(e2e.server, {
      fullName: 'Ana Obnova',
      email: `ana.reconnect.${name}@example.com`,
    });
    const title = `Sprehod med obnovo ${name}`;
    await ana.api.events.create.mutate({ ...EVENT_INPUT, title });
    const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    const errors: string[] = [];
    const page = await openPage(context, e2e.server, '/events', errors);
    try {
      await eventCard(page, title).waitFor();
      // What the server answers while its database is away: 503, Retry-After, the UNAVAILABLE code.
      const unavailable = {
        appCode: 'UNAVAILABLE',
        httpStatus: 503,
        code: 'SERVICE_UNAVAILABLE',
        meta: { retryAfter: 5 },
      };
      const refusal = { error: { json: { message: 'UNAVAILABLE', code: -32603, data: unavailable } } };
      await page.route('**/trpc/**', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          headers: { 'retry-after': '5' },
          body: JSON.stringify(route.request().url().includes('batch=1') ? [refusal] : refusal),
        }),
      );
      await page.route('**/healthz', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":"unavailable"}' }),
      );
      // The next call is refused: the page says so, and what it shows stays.
      await mainRegion(page).getByRole('tab', { name: 'Pretekli' }).click();
      const banner = page.getByRole('status').filter({ hasText: 'Strežnik se ponovno povezuje' });
      await banner.waitFor({ timeout: 10_000 });
      await mainRegion(page).getByRole('tab', { name: 'Prihajajoči' }).click();
      await eventCard(page, title).waitFor();
      expect(await page.getByText('Povezava s strežnikom ni uspela').count()).toBe(0);

      // Back: no reload, the banner goes and the list catches up with what was written meanwhile.
      const later = `Sprehod po obnovi ${name}`;
      await ana.api.events.create.mutate({ ...EVENT_INPUT, title: later });
      await page.unroute('**/trpc/**');
      await page.unroute('**/healthz');
      await banner.waitFor({ state: 'detached', timeout: 15_000 });
      await eventCard(page, later).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await ana.api.close();
    }
  });
});

describe('a new version', () => {
  it('is offered with "Osveži", and the page runs it after the tap', async () => {
    // A copy of the built app, so this test can deploy a "new version" of it.
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-web-'));
    fs.cpSync(path.join(import.meta.dirname, '..', '..', 'web', 'dist'), webDist, { recursive: true });
    const server = await startServer({ WEB_DIST: webDist });
    const context = await e2e.browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/`);
      await controlled(page);

      // The deploy: another sw.js (its precache list changes with every build).
      for (const file of fs.readdirSync(webDist).filter((f) => /^sw\.js\.(br|gz)$/.test(f)))
        fs.rmSync(path.join(webDist, file));
      fs.appendFileSync(path.join(webDist, 'sw.js'), '\n// next version\n');
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());

      const prompt = page.getByText('Na voljo je nova različica Tačk.');
      await prompt.waitFor({ timeout: 20_000 });
      await page.evaluate(() =>
        navigator.serviceWorker.addEventListener('controllerchange', () =>
          sessionStorage.setItem('e2e.controllerChanged', 'yes'),
        ),
      );
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Osveži' }).click();
      await reloaded;
      await controlled(page);
      // The new worker took over this page, which then reloaded.
      expect(await page.evaluate(() => sessionStorage.getItem('e2e.controllerChanged'))).toBe('yes');
      // The waiting worker took over: nothing is waiting any more.
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting),
      ).toBeNull();
    } finally {
      await context.close();
      await server.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe.each(Object.entries(VIEWPORTS))('notifications in settings on a %s', (name, options) => {
  it('turns push on for this device, saves channels and quiet hours, shows a push and opens its screen', async () => {
    const email = `ana.push.${name}@example.com`;
    const ana = await apiUser(e2e.server, { fullName: 'Ana Novak', email });
    const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    const device = await fakePushService(context, e2e.server.url);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const { db } = e2e.server.app.deps;
    const userId = (await ana.api.auth.me.query())!.id;
    try {
      await page.goto(`${e2e.server.url}/profil`);
      const settings = page.getByRole('region', { name: 'Nastavitve' });
      const pushBox = settings.getByTestId('push-device');
      await pushBox.getByText('Potisna obvestila v tej napravi').waitFor({ timeout: 10_000 });
      // No device yet: news goes by e-mail, and the page says so.
      await pushBox.getByText(/pošljemo v enem e-sporočilu, ko vas 10 minut ni v aplikaciji/).waitFor();

      await pushBox.getByRole('button', { name: 'Vklopi v tej napravi' }).click();
      await pushBox.getByText('V tej napravi so vklopljena.').waitFor({ timeout: 20_000 });
      const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      expect(rows.map((row) => [row.endpoint, row.p256dh, row.auth])).toEqual([
        [device.endpoint, device.keys.p256dh, device.keys.auth],
      ]);
      // Subscribed with the server's VAPID key.
      const { publicKey } = await ana.api.notifySettings.push.query({});
      expect(
        await page.evaluate(() => JSON.parse(localStorage.getItem('e2e.pushSubscription')!) as number[]),
      ).toEqual([...Buffer.from(publicKey, 'base64url')]);

      // Messages by e-mail only, and quiet hours at night.
      await settings.getByLabel('Sporočila').selectOption({ label: 'E-pošta' });
      await settings.getByLabel('Tihe ure').check();
      await settings.getByLabel('Od', { exact: true }).fill('22:30');
      await settings.getByLabel('Do', { exact: true }).fill('22:30');
      await settings.getByRole('button', { name: 'Shrani obvestila' }).click();
      await settings.getByText('Začetek in konec tihih ur morata biti različna.').waitFor();
      expect(await db.select().from(notifySettings).where(eq(notifySettings.userId, userId))).toEqual([]);
      // Times as the page's language writes them (24-hour, '6.45' too), never the browser's AM/PM.
      await settings.getByLabel('Do', { exact: true }).fill('6.45');
      await settings.getByLabel('Do', { exact: true }).blur();
      expect(await settings.getByLabel('Do', { exact: true }).inputValue()).toBe('06:45');
      await settings.getByRole('button', { name: 'Shrani obvestila' }).click();
      await page.getByText('Nastavitve obvestil so shranjene.').waitFor();
      const [saved] = await db.select().from(notifySettings).where(eq(notifySettings.userId, userId));
      expect(saved).toMatchObject({ quietFrom: '22:30', quietTo: '06:45', timeZone: expect.any(String) });
      expect(saved!.channels).toMatchObject({ messages: 'email', requests: 'push' });

      // After a reload the choices and this device are still on.
      await page.reload();
      await pushBox.getByText('V tej napravi so vklopljena.').waitFor({ timeout: 20_000 });
      expect(await settings.getByLabel('Sporočila').inputValue()).toBe('email');
      expect(await settings.getByLabel('Od', { exact: true }).inputValue()).toBe('22:30');

      // A push as the server sends it: the worker shows it; a tap opens the notifications panel.
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const { registrations } = await new Promise<{
        registrations: { registrationId: string; scopeURL: string }[];
      }>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', resolve);
        void cdp.send('ServiceWorker.enable');
      });
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: e2e.server.url,
        registrationId: registrations[0]!.registrationId,
        data: JSON.stringify({
          title: 'Nova zahteva za Piki',
          body: 'Od Bor Kranjc (Max)',
          url: '/?obvestila=1',
          tag: 'notice:1',
        }),
      });
      const shown = async () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body]),
        );
      await expect.poll(shown).toEqual([['Nova zahteva za Piki', 'Od Bor Kranjc (Max)']]);
      const [worker] = context.serviceWorkers();
      await worker!.evaluate(async () => {
        // The tests' types are the page's (DOM): the worker's own globals, described here.
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          dispatchEvent(event: Event): boolean;
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        };
        const [notification] = await scope.registration.getNotifications();
        scope.dispatchEvent(
          new scope.NotificationEvent('notificationclick', { notification: notification! }),
        );
      });
      await page.getByRole('dialog', { name: 'Obvestila' }).waitFor({ timeout: 10_000 });
      await expect
        .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
        .toBe('/?obvestila=1');
      await expect.poll(shown).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => new URL(page.url()).search).toBe('');

      // Off again: the server forgets this device.
      await page.goto(`${e2e.server.url}/profil`);
      await pushBox.getByRole('button', { name: 'Izklopi v tej napravi' }).click();
      await pushBox.getByRole('button', { name: 'Vklopi v tej napravi' }).waitFor();
      expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).toEqual(
        [],
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('push on an iPhone outside the installed app', () => {
  it('explains that it needs the app on the Home Screen', async () => {
    const ana = await apiUser(e2e.server, { fullName: 'Ana Novak', email: 'ana.iphone@example.com' });
    const context = await sessionContext(
      e2e.browser,
      e2e.server,
      {
        ...VIEWPORTS.phone,
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      },
      ana.token,
    );
    // Safari outside the installed app has no PushManager.
    await context.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/profil`);
      const pushBox = page.getByTestId('push-device');
      await pushBox
        .getByText(/v Safariju tapnite Deli → Dodaj na začetni zaslon/)
        .waitFor({ timeout: 10_000 });
      expect(await pushBox.getByRole('button').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe.each(Object.entries(VIEWPORTS))(
  'push where the browser has no push service, on a %s',
  (name, options) => {
    it('says the browser cannot receive pushes here (not a network error), never spins, and offers e-mail', async () => {
      const ana = await apiUser(e2e.server, {
        fullName: 'Ana Zasebna',
        email: `ana.private.${name}@example.com`,
      });
      const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
      await context.grantPermissions(['notifications'], { origin: e2e.server.url });
      // What a private window answers: no subscription to read, and a refusal to make one.
      await context.addInitScript(() => {
        const refuse = () => Promise.reject(new DOMException('push service not available', 'AbortError'));
        PushManager.prototype.getSubscription = refuse;
        PushManager.prototype.subscribe = refuse;
      });
      const errors: string[] = [];
      const page = await openPage(context, e2e.server, '/profil', errors);
      try {
        const settings = page.getByRole('region', { name: 'Nastavitve' });
        const pushBox = settings.getByTestId('push-device');
        const enable = pushBox.getByRole('button', { name: 'Vklopi v tej napravi' });
        await expect.poll(() => enable.isEnabled(), { timeout: 10_000 }).toBe(true);
        // No device gets pushes: every topic goes by e-mail until chosen otherwise.
        expect(await settings.getByLabel('Sporočila').inputValue()).toBe('email');
        await enable.click();
        await pushBox.getByText(/Ta brskalnik tu ne more prejemati potisnih obvestil/).waitFor();
        // What happens instead is said once, by the line that knows the topics still go by e-mail.
        expect(await pushBox.getByText(/vam novosti pošljemo v enem e-sporočilu/).count()).toBe(1);
        expect(await page.getByText('Povezava s strežnikom ni uspela').count()).toBe(0);
        expect(await enable.isDisabled()).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await ana.api.close();
      }
    });
  },
);
