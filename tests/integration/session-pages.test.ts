import path from 'node:path';
import { eq } from 'drizzle-orm';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../server/db/schema';
import { ROOT } from '../../server/paths';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';
import { makeChat, makeDog, makeEvent, makeUser } from '../helpers/factories';

/**
 * A member's own pages rendered on the server with their session and data (server/session-pages.ts), on the
 * build's web app and renderer (`npm test` builds first).
 */
describe.each(dbKinds())('pages rendered with the session on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { WEB_DIST: path.join(ROOT, 'web', 'dist') });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const page = (pathname: string, cookies: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${base}${pathname}`, {
      headers: {
        accept: 'text/html',
        cookie: Object.entries(cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
        ...headers,
      },
    });
  const sessionData = (html: string) => {
    const json = /<script type="application\/json" id="session-data">(.*?)<\/script>/.exec(html)?.[1];
    return json === undefined ? undefined : superjson.parse<{ queries: { queryKey: unknown }[] }>(json);
  };

  it("sends /profil with the member's name, data and dates in the browser's time zone, privately", async () => {
    const owner = await makeUser(t.db, { fullName: 'Ana Novak' });
    await makeDog(t.db, owner.id, { name: 'Aro' });
    const res = await page('/profil', {
      tacke_session: owner.token,
      'tacke.tz': 'Europe/Ljubljana',
      'tacke.locale': 'en',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toContain('cookie');
    const html = await res.text();
    expect(/<html[^>]*>/.exec(html)?.[0]).toBe('<html data-session lang="en">');
    expect(/<title>.*?<\/title>/.exec(html)?.[0]).toBe('<title>Profile · Tačke</title>');
    expect(html).toMatch(/<h1[^>]*>Ana Novak<\/h1>/);
    expect(html).toContain('Aro');
    expect(html).toContain(owner.email);
    const keys = sessionData(html)!.queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys).toEqual(
      expect.arrayContaining([
        '[["auth","me"],{"type":"query"}]',
        '[["profiles","me"],{"type":"query"}]',
        '[["dogs","mine"],{"type":"query"}]',
        '[["profiles","stats"],{"type":"query"}]',
      ]),
    );
    // Compressed, as the build's pages.
    const br = await page(
      '/profil',
      { tacke_session: owner.token, 'tacke.tz': 'UTC' },
      {
        'accept-encoding': 'br',
      },
    );
    expect(br.headers.get('content-encoding')).toBe('br');
    // fetch undoes the encoding.
    expect(await br.text()).toContain('Ana Novak');
  });

  it('renders the member-since date in the time zone the cookie names', async () => {
    const zoneBefore = process.env.TZ;
    const owner = await makeUser(t.db, { fullName: 'Nočna Ptica' });
    // 23:30 UTC on 31 December: already 1 January in Ljubljana, still 31 December in New York.
    await t.db
      .update(profiles)
      .set({ createdAt: new Date('2025-12-31T23:30:00Z') })
      .where(eq(profiles.userId, owner.id));
    const at = async (zone: string) =>
      /Na Tačkah od ([^<]*)</.exec(
        await (await page('/profil', { tacke_session: owner.token, 'tacke.tz': zone })).text(),
      )?.[1];
    expect(await at('Europe/Ljubljana')).toBe('1. januarja 2026');
    expect(await at('America/New_York')).toBe('31. decembra 2025');
    // The server's own zone is left as it was.
    expect(process.env.TZ).toBe(zoneBefore);
  });

  it("sends the build's page, with no one's data, when it cannot render as the browser would", async () => {
    const owner = await makeUser(t.db, { fullName: 'Marko Zasebni' });
    const cases: Record<string, string>[] = [
      // No time zone yet (the app sets it on its first start), or one that is not a zone.
      { tacke_session: owner.token },
      { tacke_session: owner.token, 'tacke.tz': 'Mars/Olympus' },
      { tacke_session: owner.token, 'tacke.tz': '../../etc' },
      // A session that does not exist (signed out elsewhere, expired).
      { tacke_session: 'x'.repeat(40), 'tacke.tz': 'UTC' },
    ];
    for (const cookies of cases) {
      const res = await page('/profil', cookies);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).not.toContain('Marko Zasebni');
      expect(sessionData(html)).toBeUndefined();
      expect(html).toContain('data-prerendered="sl"');
    }
    // With a query (a tab, a filter) the address gets the app shell, as before.
    const shell = await (
      await page('/profil?tab=x', { tacke_session: owner.token, 'tacke.tz': 'UTC' })
    ).text();
    expect(shell).not.toContain('Marko Zasebni');
  });

  it('renders /moji-psi, /events, /chat and /klepet with their data, and not the other pages', async () => {
    const owner = await makeUser(t.db, { fullName: 'Lastnica Psov' });
    const other = await makeUser(t.db, { fullName: 'Drugi Lastnik' });
    const piki = await makeDog(t.db, owner.id, { name: 'Piki' });
    const runo = await makeDog(t.db, other.id, { name: 'Runo' });
    await makeEvent(t.db, owner.id, { title: 'Sprehod ob Savi' });
    await makeChat(t.db, { userId: owner.id, dogId: piki.id }, { userId: other.id, dogId: runo.id });
    const cookies = { tacke_session: owner.token, 'tacke.tz': 'UTC' };
    const shows: Record<string, string> = {
      '/moji-psi': 'Piki',
      '/events': 'Sprehod ob Savi',
      '/chat': 'Runo',
      '/klepet': 'Runo',
    };
    for (const [pathname, text] of Object.entries(shows)) {
      const html = await (await page(pathname, cookies)).text();
      expect({ pathname, shows: html.includes(text) }).toEqual({ pathname, shows: true });
      expect({ pathname, data: sessionData(html) !== undefined }).toEqual({ pathname, data: true });
    }
    const shop = await page('/trgovina', cookies);
    expect(shop.headers.get('cache-control')).toBe('no-cache');
    expect(sessionData(await shop.text())).toBeUndefined();
  });

  it("renders the deck of a member's only dog, but not of one with several (the browser keeps which)", async () => {
    const owner = await makeUser(t.db, { fullName: 'Ena Psička' });
    const other = await makeUser(t.db, { fullName: 'Sosed Psov' });
    await makeDog(t.db, owner.id, { name: 'Luna' });
    await makeDog(t.db, other.id, { name: 'Bruno' });
    const cookies = { tacke_session: owner.token, 'tacke.tz': 'UTC' };
    const one = await (await page('/ujemanja', cookies)).text();
    expect(one).toMatch(/<article[^>]*aria-labelledby/);
    expect(one).toContain('Bruno');
    const keys = sessionData(one)!.queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys.some((key) => key.startsWith('[["dogs","deck"]'))).toBe(true);
    await makeDog(t.db, owner.id, { name: 'Sonce' });
    const several = await page('/ujemanja', cookies);
    expect(several.headers.get('cache-control')).toBe('no-cache');
    const html = await several.text();
    expect(sessionData(html)).toBeUndefined();
    expect(html).not.toContain('Bruno');
  });

  it("never shows one member's page to another: each cookie gets its own", async () => {
    const [ana, bor] = await Promise.all([
      makeUser(t.db, { fullName: 'Ana Prva' }),
      makeUser(t.db, { fullName: 'Bor Drugi' }),
    ]);
    const pages = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const who = i % 2 ? bor : ana;
        return page('/profil', { tacke_session: who.token, 'tacke.tz': 'UTC' })
          .then((res) => res.text())
          .then((html) => ({ who, html }));
      }),
    );
    for (const { who, html } of pages) {
      const other = who === ana ? 'Bor Drugi' : 'Ana Prva';
      expect(html).toContain(who.user.fullName);
      expect(html).not.toContain(other);
    }
  });

  it('escapes what a member wrote so it cannot close the data block or the markup', async () => {
    const owner = await makeUser(t.db, { fullName: 'Zlobni </script><script>alert(1)</script>' });
    const html = await (await page('/profil', { tacke_session: owner.token, 'tacke.tz': 'UTC' })).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script\b/g)?.length);
    const me = sessionData(html)!.queries.find(
      (query) => JSON.stringify(query.queryKey) === '[["profiles","me"],{"type":"query"}]',
    ) as unknown as { state: { data: { fullName: string } } };
    expect(me.state.data.fullName).toBe('Zlobni </script><script>alert(1)</script>');
  });
});
