import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dogProfiles, lostAlerts, users } from '../../server/db/schema';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';
import { makeDog, makeUser } from '../helpers/factories';

/** Where the dog was last seen, to more decimals than anyone but the owner may see. */
const POINT = { lat: 46.051137, lon: 14.505123 };

/**
 * A lost-dog alert's public page and poster (issue 33 §7): anyone, with no account, in the language asked
 * for or the browser's; Open Graph and Twitter tags; never the owner, the exact point, or a closed alert.
 */
describe.each(dbKinds())('the public page of a lost-dog alert on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  async function alertOf(note: string | null = 'Plašen je, ne lovite ga. <script>alert(1)</script>') {
    const ana = await makeUser(t.db, { fullName: 'Ana Zupan' });
    const dog = await makeDog(t.db, ana.id, { name: 'Aro', breed: 'Mešanec', location: 'Ljubljana' });
    await t.db
      .update(dogProfiles)
      .set({ photos: ['aro-photo'] })
      .where(eq(dogProfiles.id, dog.id));
    const api = await t.caller(ana.token);
    const alert = await api.lost.report({
      id: randomUUID(),
      dogId: dog.id,
      ...POINT,
      seenAt: new Date('2026-11-27T16:30:00Z'),
      ...(note ? { note } : {}),
    });
    return { ana, api, alert };
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  /** The content of `<meta property|name="key">`. */
  const metaOf = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

  it('shows an open alert to anyone, in their language, with tags that share it well', async () => {
    const { alert } = await alertOf();
    const page = await get(`/pogresan/${alert.id}`, { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = page.body;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Hund vermisst: Aro</h1>');
    expect(html).toContain('<dt>Zuletzt gesehen</dt><dd>27.11., 17:30</dd>');
    expect(html).toContain('in der Nähe von Ljubljana (etwa 1 km)');
    expect(metaOf(html, 'og:title')).toBe('Hund vermisst: Aro');
    expect(metaOf(html, 'og:description')).toBe(
      'Mešanec · zuletzt gesehen 27.11., 17:30, in der Nähe von Ljubljana. Hast du den Hund gesehen? Lauf ihm nicht nach.',
    );
    expect(metaOf(html, 'og:locale')).toBe('de_DE');
    expect(metaOf(html, 'og:url')).toBe(`http://tacke.test/pogresan/${alert.id}?lang=de`);
    expect(metaOf(html, 'og:image')).toMatch(/^http:\/\/tacke\.test\/media\/aro-photo.*\.webp$/);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'twitter:image')).toBe(metaOf(html, 'og:image'));
    expect(html).toContain('<meta name="description"');
    expect(html).not.toContain('noindex');
    // The owner's words, escaped; a link into the app and to the poster.
    expect(html).toContain('Plašen je, ne lovite ga. &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain(`href="/pogresani?alarm=${alert.id}"`);
    expect(html).toContain(`href="/pogresan/${alert.id}/plakat?lang=de"`);
    // Never the owner, never the exact point: the map shows the rounded area.
    expect(html).not.toContain('Ana');
    expect(html).not.toContain('46.0511');
    expect(html).toContain('mlat=46.05&amp;mlon=14.51');
    // Each language a link away, and ?lang= wins over the browser's.
    for (const other of ['sl', 'en', 'it'])
      expect(html).toContain(`href="/pogresan/${alert.id}?lang=${other}" hreflang="${other}"`);
    const english = await get(`/pogresan/${alert.id}?lang=en`, { 'accept-language': 'de' });
    expect(english.body).toContain('<h1>Lost dog: Aro</h1>');
    expect(metaOf(english.body, 'og:title')).toBe('Lost dog: Aro');
    const slovenian = await get(`/pogresan/${alert.id}`);
    expect(slovenian.body).toContain('<h1>Pogrešan pes: Aro</h1>');
    expect(slovenian.body).toContain('<dt>Nazadnje videno</dt><dd>27. 11., 17:30</dd>');
    const italian = await get(`/pogresan/${alert.id}?lang=it`);
    expect(italian.body).toContain('<h1>Cane smarrito: Aro</h1>');
  });

  it('prints an A4 poster whose QR code opens the page in the same language', async () => {
    const { alert } = await alertOf(null);
    const poster = await get(`/pogresan/${alert.id}/plakat?lang=en`);
    expect(poster.statusCode).toBe(200);
    const html = poster.body;
    expect(html).toContain('@page{size:A4');
    expect(html).toContain('<span>LOST DOG</span> Aro');
    expect(html).toMatch(/<img class="photo" src="\/media\/aro-photo[^"]*" alt="Aro, Mešanec">/);
    const url = `http://tacke.test/pogresan/${alert.id}?lang=en`;
    expect(html).toContain(`aria-label="QR code linking to ${url}"`);
    const pathOf = (svg: string) => /<path fill="black" d="([^"]+)"/.exec(svg)?.[1];
    expect(pathOf(html)).toBeDefined();
    expect(pathOf(html)).toBe(pathOf(renderSVG(url, { ecc: 'M', border: 2 })));
    expect(html).toContain(`Scan the code for photos and news, or open ${url}`);
  });

  it('says a found dog is home, and sends no poster for it', async () => {
    const { api, alert } = await alertOf();
    await api.lost.found({ id: alert.id });
    const page = await get(`/pogresan/${alert.id}?lang=sl`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Aro je spet doma</h1>');
    expect(page.body).toContain('Hvala vsem, ki ste pomagali iskati.');
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body).not.toContain('ne lovite ga');
    const poster = await get(`/pogresan/${alert.id}/plakat?lang=sl`);
    expect(poster.statusCode).toBe(303);
    expect(poster.headers.location).toBe(`/pogresan/${alert.id}?lang=sl`);
  });

  it('shows nothing of an alert taken back, expired, of a suspended owner, or unknown', async () => {
    const gone = async (url: string, headers: Record<string, string> = {}) => {
      const page = await get(url, headers);
      expect(page.statusCode, url).toBe(404);
      expect(page.body).not.toContain('Aro');
      return page.body;
    };
    const withdrawn = await alertOf();
    await withdrawn.api.lost.withdraw({ id: withdrawn.alert.id });
    expect(await gone(`/pogresan/${withdrawn.alert.id}`, { 'accept-language': 'it' })).toContain(
      '<h1>Questo avviso non è più aperto</h1>',
    );
    await gone(`/pogresan/${withdrawn.alert.id}/plakat`);

    const expired = await alertOf();
    await t.db
      .update(lostAlerts)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(lostAlerts.id, expired.alert.id));
    await gone(`/pogresan/${expired.alert.id}`);

    const suspended = await alertOf();
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, suspended.ana.id));
    await gone(`/pogresan/${suspended.alert.id}?lang=en`);

    expect(await gone(`/pogresan/${randomUUID()}`)).toContain('<h1>Tega opozorila ni več</h1>');
    await gone('/pogresan/not-an-id');
    await gone(`/pogresan/${encodeURIComponent("'; drop table lost_alerts; --")}`);
  });
});
