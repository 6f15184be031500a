import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_MODULES } from '../../web/src/app/page-modules';
import { sql } from 'drizzle-orm';
import { dogProfiles } from '../../server/db/schema';
import { EVENT_INPUT, makeChat } from '../helpers/factories';
import { apiOwner, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';

// Issue 32: no waterfall on a first visit. The HTML announces the route's chunks and catalogue; the page's
// data is asked for while those download.

const e2e = useE2e();

const manifest = JSON.parse(
  fs.readFileSync(
    path.join(import.meta.dirname, '..', '..', 'web', 'dist', '.vite', 'manifest.json'),
    'utf8',
  ),
) as Record<string, { file: string }>;
const fileOf = (key: string) => `/${manifest[key]!.file}`;
const PAGE_FILES = new Set(Object.values(PAGE_MODULES).map(fileOf));
const CATALOGUE_FILES = new Set(
  Object.keys(manifest)
    .filter((key) => /^\.\.\/(locales\/\w+\.json|virtual:display-names\/\w+)$/.test(key))
    .map(fileOf),
);

/** The module scripts an HTML page loads with itself: its entry and the scripts it preloads. */
const preloaded = (html: string) =>
  new Set(
    [
      ...html.matchAll(
        /<(?:script type="module"[^>]*src|link rel="(?:modulepreload|preload" as="script)"[^>]*href)="([^"]+)"/g,
      ),
    ].map((match) => match[1]!),
  );

/** The scripts a prerendered page names for after its first paint (web/src/main.tsx). */
const afterPaint = (html: string) =>
  new Set(
    JSON.parse(
      /<script type="application\/json" id="after-paint">(.*?)<\/script>/.exec(html)?.[1] ?? '[]',
    ) as string[],
  );

/** Every module script an HTML page names. */
const announced = (html: string) => new Set([...preloaded(html), ...afterPaint(html)]);

async function htmlOf(pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${e2e.server.url}${pathname}`, { headers: { accept: 'text/html', ...headers } });
  expect(res.status).toBe(200);
  return res.text();
}

/** The procedures a tRPC request calls (a batch names several). */
const proceduresOf = (request: Request) => {
  const url = new URL(request.url());
  return url.pathname.startsWith('/trpc/') ? url.pathname.slice(6).split(',') : [];
};

/**
 * Holds the answers to requests matching `pattern` until `release` (at most 5 s), as a slow network would,
 * and notes when each went on.
 */
async function holdChunk(page: Page, pattern: RegExp, release: Promise<void>): Promise<number[]> {
  const arrivals: number[] = [];
  await page.route(pattern, async (route) => {
    await Promise.race([release, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    arrivals.push(Date.now());
    await route.continue();
  });
  return arrivals;
}

describe('first load', () => {
  const owners: Awaited<ReturnType<typeof apiOwner>>[] = [];
  afterAll(async () => {
    await Promise.all(owners.map((owner) => owner.api.close()));
  });

  it("sends a route's HTML naming its page chunk and the catalogue of the visitor's language: preloaded with the shell, after the first paint of a prerendered page", async () => {
    const html = await htmlOf('/ujemanja', { cookie: 'tacke.locale=en' });
    const matching = afterPaint(html);
    expect(matching).toContain(fileOf(PAGE_MODULES['/ujemanja']!));
    expect(matching).toContain(fileOf('../locales/en.json'));
    expect(matching).toContain(fileOf('../virtual:display-names/en'));
    expect(matching).not.toContain(fileOf('../locales/sl.json'));
    expect(matching).not.toContain(fileOf(PAGE_MODULES['/events']!));
    // Nothing competes with its first paint but the entry.
    expect([...preloaded(html)].filter((file) => PAGE_FILES.has(file) || CATALOGUE_FILES.has(file))).toEqual(
      [],
    );

    // Without a cookie, the browser's language (as the app picks it). With a query, the shell, which paints
    // nothing before its scripts: preloaded.
    const events = preloaded(await htmlOf('/events?type=walk', { 'accept-language': 'de-AT,de;q=0.9' }));
    expect(events).toContain(fileOf(PAGE_MODULES['/events']!));
    expect(events).toContain(fileOf('../locales/de.json'));
    expect(events).not.toContain(fileOf(PAGE_MODULES['/ujemanja']!));

    const landing = await htmlOf('/', { cookie: 'tacke.locale=it' });
    expect(landing).toContain('data-prerendered="it"');
    expect(preloaded(landing)).not.toContain(fileOf(PAGE_MODULES['/']!));
    expect(afterPaint(landing)).toContain(fileOf(PAGE_MODULES['/']!));
    expect(afterPaint(landing)).toContain(fileOf('../locales/it.json'));
  });

  it('fetches on a direct visit to each page no page chunk or catalogue that its HTML did not announce', async () => {
    const owner = await apiOwner(e2e.server, 'Nika Prva', 'nika.prva@example.com', 'Piko');
    owners.push(owner);
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.phone, owner.token);
    const withSession: string[] = [];
    try {
      for (const route of ['/ujemanja', '/events', '/profil', '/moji-psi', '/chat', '/klepet']) {
        const page = await context.newPage();
        const fetched: string[] = [];
        page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
        const text = await (await page.goto(`${e2e.server.url}${route}`))!.text();
        const html = announced(text);
        await page.waitForLoadState('networkidle');
        const needed = fetched.filter((file) => PAGE_FILES.has(file) || CATALOGUE_FILES.has(file));
        expect(needed.length, route).toBeGreaterThanOrEqual(3);
        // Rendered with the session once the first page has set the time zone; named all the same.
        if (text.includes('id="session-data"')) withSession.push(route);
        expect(
          needed.filter((file) => !html.has(file)),
          route,
        ).toEqual([]);
        await page.close();
      }
      expect(withSession).toEqual(['/events', '/profil', '/moji-psi', '/chat', '/klepet']);
    } finally {
      await context.close();
    }
  });

  it("asks for the deck on a direct visit to /ujemanja before the page's chunk has arrived", async () => {
    const owner = await apiOwner(e2e.server, 'Tina Druga', 'tina.druga@example.com', 'Luna');
    owners.push(owner);
    owners.push(await apiOwner(e2e.server, 'Marko Tretji', 'marko.tretji@example.com', 'Bruno'));
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.phone, owner.token);
    try {
      const page = await context.newPage();
      const deckAsked: number[] = [];
      let seeDeck = () => {};
      const deckSeen = new Promise<void>((resolve) => (seeDeck = resolve));
      page.on('request', (request) => {
        if (!proceduresOf(request).includes('dogs.deck')) return;
        deckAsked.push(Date.now());
        seeDeck();
      });
      const chunk = new URL(fileOf(PAGE_MODULES['/ujemanja']!), e2e.server.url).pathname;
      const arrivals = await holdChunk(page, new RegExp(`${chunk.replace(/[.]/g, '\\.')}$`), deckSeen);
      await page.goto(`${e2e.server.url}/ujemanja`);
      // The deck's top card (the other owners' dogs of this file).
      await page
        .getByRole('article', { name: /^(Bruno|Piko)$/ })
        .first()
        .waitFor();
      expect(arrivals.length).toBeGreaterThan(0);
      expect(deckAsked.length).toBe(1);
      expect(deckAsked[0]).toBeLessThanOrEqual(arrivals[0]!);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['/ujemanja', "the deck's top card", 'article:not([aria-hidden]) img'],
    ['/moji-psi', 'the first dog', 'article img'],
  ] as const)(
    "loads %s's largest photo (%s) on a direct visit before the page's chunk has arrived",
    async (route, _, photoOf) => {
      const owner = await apiOwner(e2e.server, 'Pia Šesta', `pia.sesta${route.slice(1)}@example.com`, 'Zora');
      owners.push(owner);
      owners.push(await apiOwner(e2e.server, 'Jan Sedmi', `jan.sedmi${route.slice(1)}@example.com`, 'Rok'));
      // A stored photo key for every dog: the answers name their variants' URLs (no file needs to exist).
      await e2e.server.app.deps.db
        .update(dogProfiles)
        .set({ photos: sql`array['dogs/first-load-' || ${dogProfiles.id}::text]` });
      const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.phone, owner.token);
      try {
        const page = await context.newPage();
        const photos: { url: string; at: number }[] = [];
        let seePhoto = () => {};
        const photoSeen = new Promise<void>((resolve) => (seePhoto = resolve));
        page.on('request', (request) => {
          if (!request.url().includes('/first-load-')) return;
          photos.push({ url: request.url(), at: Date.now() });
          seePhoto();
        });
        const chunk = new URL(fileOf(PAGE_MODULES[route]!), e2e.server.url).pathname;
        const arrivals = await holdChunk(page, new RegExp(`${chunk.replace(/[.]/g, '\\.')}$`), photoSeen);
        await page.goto(`${e2e.server.url}${route}`);
        const photo = page.locator(photoOf).first();
        await photo.waitFor();
        expect(arrivals.length).toBeGreaterThan(0);
        expect(photos.length).toBeGreaterThan(0);
        expect(photos[0]!.at).toBeLessThanOrEqual(arrivals[0]!);
        // The page's <img> shows the very file the preload asked for: the same variant, loaded once.
        await expect
          .poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc), { timeout: 15_000 })
          .toBe(photos[0]!.url);
      } finally {
        await context.close();
        // No file behind them: the other tests' pages must not load them (a 404 is a console error).
        await e2e.server.app.deps.db.update(dogProfiles).set({ photos: [] });
      }
    },
  );

  it("asks for the profile on a direct visit to /profil without waiting for the session's answer", async () => {
    const owner = await apiOwner(e2e.server, 'Ana Četrta', 'ana.cetrta@example.com', 'Rex');
    owners.push(owner);
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.phone, owner.token);
    try {
      const page = await context.newPage();
      const asked: string[] = [];
      let answered = false;
      page.on('request', (request) => {
        if (proceduresOf(request).includes('profiles.me')) asked.push(answered ? 'after' : 'before');
      });
      // The session's answer, held for a second: the profile's question must not wait for it.
      await page.route(/\/trpc\/.*auth\.me/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const response = await route.fetch();
        answered = true;
        await route.fulfill({ response });
      });
      await page.goto(`${e2e.server.url}/profil`);
      await page.getByRole('heading', { level: 1, name: 'Ana Četrta' }).waitFor();
      expect(asked[0]).toBe('before');
    } finally {
      await context.close();
    }
  });
});

// A page route arrives prerendered in the visitor's language (scripts/build.mjs): its frame paints before
// any script, and the app hydrates that HTML rather than drawing the page again.
describe('prerendered pages', () => {
  const owners: Awaited<ReturnType<typeof apiOwner>>[] = [];
  afterAll(async () => {
    await Promise.all(owners.map((owner) => owner.api.close()));
  });

  it('arrive with their header in the language; an address with a query gets the shell', async () => {
    const auth = await htmlOf('/auth', { cookie: 'tacke.locale=en' });
    expect(auth).toContain('data-prerendered="en"');
    expect(auth).toContain('<title>Sign in · Tačke</title>');
    expect(auth).toContain('Sign in or create an account and find new friends for your dog.');
    const events = await htmlOf('/events', { 'accept-language': 'de-DE' });
    expect(events).toMatch(/<html lang="de"[^>]*>[^]*data-prerendered="de"/);
    expect(await htmlOf('/chat', { cookie: 'tacke.locale=it; tacke_session=x' })).toContain(
      'data-prerendered="it"',
    );
    // A tab or filter in the query shapes the first render: the browser renders that page itself.
    expect(await htmlOf('/auth?tab=signUp')).not.toContain('data-prerendered');
    expect(await htmlOf('/events?type=walk')).not.toContain('data-prerendered');
  });

  // A Suspense boundary in the HTML hydrates only once its lazy code arrives; the session's render reaching it
  // before that stalled React's transition for good (the page kept its disabled controls, 4 runs in 7 under
  // load). What loads later mounts after hydration instead (AfterHydration, web/src/lib/hydration.tsx).
  it('hold no Suspense boundary, in any language', () => {
    const root = path.join(import.meta.dirname, '..', '..', 'web', 'dist', 'prerendered');
    const files = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html'));
    expect(files.length).toBe(4 * Object.keys(PAGE_MODULES).length);
    for (const file of files)
      expect({
        file,
        boundaries: fs.readFileSync(path.join(root, file), 'utf8').match(/<!--\$[?!]?-->/g),
      }).toEqual({
        file,
        boundaries: null,
      });
  });

  it.each([true, false])(
    "shows the phone bar's four common items before the script, in the places they keep (signed in: %s)",
    async (signedIn) => {
      const owner = await apiOwner(e2e.server, 'Rok Bar', `rok.bar.${signedIn}@example.com`, 'Luna');
      owners.push(owner);
      const context = signedIn
        ? await sessionContext(e2e.browser, e2e.server, VIEWPORTS.phone, owner.token)
        : await e2e.browser.newContext(VIEWPORTS.phone);
      const page = await context.newPage();
      try {
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        await holdChunk(page, /\/assets\/index-[\w-]+\.js$/, released);
        await page.goto(`${e2e.server.url}/events`, { waitUntil: 'commit' });
        const links = page.getByRole('navigation', { name: 'Glavni meni' }).last().getByRole('link');
        await links.first().waitFor();
        const places = () =>
          links.evaluateAll((all) =>
            all.map((link) => {
              const box = link.getBoundingClientRect();
              return { name: link.textContent, x: box.x, y: box.y, width: box.width };
            }),
          );
        const before = await places();
        expect(before.map((link) => link.name)).toEqual(['Ujemanja', 'Dogodki', 'Psi', 'Klepet']);
        release();
        await expect.poll(() => links.count(), { timeout: 15_000 }).toBe(5);
        expect((await places()).slice(0, 4)).toEqual(before);
        expect(await links.nth(4).textContent()).toBe(signedIn ? 'Profil' : 'Prijava');
        expect(await links.nth(2).getAttribute('href')).toBe(signedIn ? '/moji-psi' : '/auth');
      } finally {
        await context.close();
      }
    },
  );

  it.each([
    ['/auth', false, 'Welcome to Tačke'],
    ['/events', true, 'Events'],
    ['/chat', true, 'Chats'],
    ['/ujemanja', true, null],
    ['/profil', true, null],
  ] as const)(
    '%s (signed in: %s) hydrates its prerendered HTML in place, its controls waiting for the script',
    async (route, signedIn, heading) => {
      const owner = await apiOwner(e2e.server, 'Eva Peta', `eva.peta${route.slice(1)}@example.com`, 'Fido');
      owners.push(owner);
      const context = signedIn
        ? await sessionContext(e2e.browser, e2e.server, VIEWPORTS.phone, owner.token)
        : await e2e.browser.newContext(VIEWPORTS.phone);
      await context.addCookies([{ name: 'tacke.locale', value: 'en', url: e2e.server.url }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      try {
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        // The entry script held back, as on a slow phone network.
        await holdChunk(page, /\/assets\/index-[\w-]+\.js$/, released);
        await page.goto(`${e2e.server.url}${route}`, { waitUntil: 'commit' });
        const banner = await page.getByRole('banner').elementHandle();
        if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        // The language menu is a button: it waits for the script.
        const menu = page.getByRole('banner').getByRole('button', { name: 'Language' });
        expect(await menu.isDisabled()).toBe(true);
        if (route === '/auth') expect(await page.getByLabel('E-mail').first().isDisabled()).toBe(true);
        release();
        // Hydrated: entry, start, page chunk and catalogue, then React (slow on a loaded machine).
        await expect.poll(() => menu.isEnabled(), { timeout: 15_000 }).toBe(true);
        if (route === '/auth') {
          await page.getByLabel('E-mail').first().fill('eva@example.com');
          expect(await page.getByLabel('E-mail').first().inputValue()).toBe('eva@example.com');
          // What mounts after hydration gets ids that match the hydrated ones (the same tree as the build's):
          // the new tab's panel is labelled by its tab.
          await page.getByRole('tab', { name: 'Sign up' }).click();
          await page.getByRole('tabpanel', { name: 'Sign up' }).getByLabel('Full name').waitFor();
        }
        // The same element: hydrated, not replaced.
        expect(await banner!.evaluate((element) => element.isConnected)).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

// A member's own page comes rendered with their session and data (server/session-pages.ts): their name or
// dogs paint with the HTML, before any script, and the app hydrates that page in place.
describe('pages rendered with the session', () => {
  const owners: Awaited<ReturnType<typeof apiOwner>>[] = [];
  afterAll(async () => {
    await Promise.all(owners.map((owner) => owner.api.close()));
  });

  it('the app tells the server its time zone on its first start', async () => {
    const context = await e2e.browser.newContext({ ...VIEWPORTS.desktop, timezoneId: 'Asia/Tokyo' });
    try {
      const page = await context.newPage();
      await page.goto(`${e2e.server.url}/events`);
      await expect
        .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'tacke.tz')?.value)
        .toBe('Asia/Tokyo');
    } finally {
      await context.close();
    }
  });

  // The member's own data each page shows first: a heading of it, or (chats) the other dog's name.
  const FIRST: Record<string, (page: Page, name: string) => Locator> = {
    '/profil': (page, name) => page.getByRole('heading', { level: 1, name }),
    '/moji-psi': (page) => page.getByRole('heading', { name: 'Bela' }),
    // The deck's top card (labelled by its dog's name): a dog of another owner of this file.
    '/ujemanja': (page) => page.locator('article[aria-labelledby]'),
    '/events': (page) => page.getByRole('heading', { name: 'Sprehod ob Ljubljanici' }).first(),
    '/chat': (page) => page.getByText('Runo (Mixed breed)').first(),
    '/klepet': (page) => page.getByText('Runo (Mixed breed)').first(),
  };
  // After hydration: a control that works, and what it opens.
  const AFTER: Record<string, (page: Page) => Promise<unknown>> = {
    '/profil': async (page) => {
      // What loads after hydration arrives: the settings.
      await page.getByRole('heading', { name: 'Access tokens for scripts' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await page.getByRole('dialog').getByLabel('Full name').waitFor();
    },
    '/moji-psi': async (page) => {
      await page.getByRole('button', { name: 'Add dog' }).first().click();
      await page.getByRole('dialog').waitFor();
    },
    '/ujemanja': async (page) => {
      const top = await page.locator('article[aria-labelledby]').getAttribute('aria-labelledby');
      await page.getByRole('button', { name: 'Pass' }).click();
      await page.locator(`article[aria-labelledby="${top}"]`).waitFor({ state: 'detached' });
    },
    '/events': async (page) => {
      await page.getByRole('button', { name: 'Create event' }).click();
      await page.getByRole('dialog').waitFor();
    },
    '/chat': async (page) => {
      const composer = page.getByRole('textbox').first();
      await composer.fill('Živjo');
      expect(await composer.inputValue()).toBe('Živjo');
    },
    '/klepet': async (page) => {
      await page.getByRole('link', { name: /Runo/ }).first().click();
      await page.getByRole('textbox').waitFor();
    },
  };

  it.each([
    ['/profil', 'phone'],
    ['/moji-psi', 'desktop'],
    ['/ujemanja', 'phone'],
    ['/events', 'phone'],
    ['/chat', 'desktop'],
    ['/klepet', 'phone'],
  ] as const)(
    '%s (%s) paints the member’s data before the script and hydrates it in place',
    async (route, size) => {
      const name = `Iva Šesta ${route.slice(1)}`;
      const owner = await apiOwner(e2e.server, name, `iva.sesta.${route.slice(1)}@example.com`, 'Bela');
      const other = await apiOwner(
        e2e.server,
        'Tone Sedmi',
        `tone.sedmi.${route.slice(1)}@example.com`,
        'Runo',
      );
      const third = await apiOwner(e2e.server, 'Ula Osma', `ula.osma.${route.slice(1)}@example.com`, 'Nero');
      owners.push(owner, other, third);
      await owner.api.events.create.mutate(EVENT_INPUT);
      await makeChat(
        e2e.server.app.deps.db,
        { userId: owner.id, dogId: owner.dog.id },
        { userId: other.id, dogId: other.dog.id },
      );
      const context = await sessionContext(
        e2e.browser,
        e2e.server,
        { ...VIEWPORTS[size], timezoneId: 'America/New_York' },
        owner.token,
      );
      await context.addCookies([
        { name: 'tacke.locale', value: 'en', url: e2e.server.url },
        { name: 'tacke.tz', value: 'America/New_York', url: e2e.server.url },
      ]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      const asked: string[] = [];
      page.on('request', (request) => asked.push(...proceduresOf(request)));
      try {
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        await holdChunk(page, /\/assets\/index-[\w-]+\.js$/, released);
        await page.goto(`${e2e.server.url}${route}`, { waitUntil: 'commit' });
        // Before any script: the member's own data.
        const shown = FIRST[route]!(page, name);
        await shown.waitFor();
        const element = await shown.elementHandle();
        const menu = page.getByRole('banner').getByRole('button', { name: 'Language' });
        expect(await menu.isDisabled()).toBe(true);
        release();
        await expect.poll(() => menu.isEnabled(), { timeout: 15_000 }).toBe(true);
        // Hydrated, not drawn again, and the page's data was not asked for again.
        expect(errors).toEqual([]);
        expect(await element!.evaluate((node) => node.isConnected)).toBe(true);
        expect(
          asked.filter((procedure) =>
            /^(dogs\.(mine|deck)|profiles\.me|events\.list|chats\.list)$/.test(procedure),
          ),
        ).toEqual([]);
        await AFTER[route]!(page);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
