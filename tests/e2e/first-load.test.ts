import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_MODULES } from '../../web/src/app/page-modules';
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

/** The module scripts an HTML page names: its entry and its <link rel="modulepreload">s. */
const announced = (html: string) =>
  new Set(
    [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g)].map(
      (match) => match[1]!,
    ),
  );

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

  it("sends a route's HTML with its page chunk and the catalogue of the visitor's language preloaded", async () => {
    const matching = announced(await htmlOf('/ujemanja', { cookie: 'tacke.locale=en' }));
    expect(matching).toContain(fileOf(PAGE_MODULES['/ujemanja']!));
    expect(matching).toContain(fileOf('../locales/en.json'));
    expect(matching).toContain(fileOf('../virtual:display-names/en'));
    expect(matching).not.toContain(fileOf('../locales/sl.json'));
    expect(matching).not.toContain(fileOf(PAGE_MODULES['/events']!));

    // Without a cookie, the browser's language (as the app picks it); a query string changes nothing.
    const events = announced(await htmlOf('/events?type=walk', { 'accept-language': 'de-AT,de;q=0.9' }));
    expect(events).toContain(fileOf(PAGE_MODULES['/events']!));
    expect(events).toContain(fileOf('../locales/de.json'));
    expect(events).not.toContain(fileOf(PAGE_MODULES['/ujemanja']!));

    // Not the prerendered landing page: its first and largest paint need no script.
    const landing = await htmlOf('/', { cookie: 'tacke.locale=it' });
    expect(landing).toContain('data-prerendered="it"');
    expect(announced(landing)).not.toContain(fileOf(PAGE_MODULES['/']!));
    expect(announced(landing)).not.toContain(fileOf('../locales/it.json'));
  });

  it('fetches on a direct visit to each page no page chunk or catalogue that its HTML did not announce', async () => {
    const owner = await apiOwner(e2e.server, 'Nika Prva', 'nika.prva@example.com', 'Piko');
    owners.push(owner);
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.phone, owner.token);
    try {
      for (const route of ['/ujemanja', '/events', '/profil', '/moji-psi', '/chat', '/klepet']) {
        const page = await context.newPage();
        const fetched: string[] = [];
        page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
        const html = announced(await (await page.goto(`${e2e.server.url}${route}`))!.text());
        await page.waitForLoadState('networkidle');
        const needed = fetched.filter((file) => PAGE_FILES.has(file) || CATALOGUE_FILES.has(file));
        expect(needed.length, route).toBeGreaterThanOrEqual(3);
        expect(
          needed.filter((file) => !html.has(file)),
          route,
        ).toEqual([]);
        await page.close();
      }
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
