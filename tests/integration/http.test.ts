import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppRouter } from '../../server/routers/_app';
import { createApiClient } from '#shared/client';
import { MAX_BATCH_SIZE } from '../../server/plugins/api';
import { hashToken } from '../../server/auth/tokens';
import { sessions } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';

/** A stand-in for web/dist so static serving and the SPA fallback can be checked without a build. */
function fakeWebDist(dir: string, locales = ['sl', 'en']) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="sl"><title>Tačke</title><div id="root"></div>',
  );
  // The pages as the build prerenders them, per language (scripts/build.mjs): here the landing page in
  // each of `locales`, the profile page in English only.
  for (const locale of locales) {
    fs.mkdirSync(path.join(dir, 'prerendered', locale), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'prerendered', locale, 'index.html'),
      `<!doctype html><html lang="${locale}">landing`,
    );
  }
  fs.writeFileSync(
    path.join(dir, 'prerendered', 'en', 'profil.html'),
    '<!doctype html><html lang="en">profile',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // The build's Brotli copy (scripts/build.mjs), sent as it is to browsers that accept it.
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  return dir;
}

describe.each(dbKinds())('HTTP and WebSocket on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    const web = fakeWebDist(fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'tacke-web-')));
    t = await startTestApp(kind, { WEB_DIST: web, PUBLIC_URL: 'http://localhost:1' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const post = (procedure: string, input: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/trpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ json: input }),
    });

  it('answers /healthz once the database answers, with security headers', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers procedures with the headers for private JSON: never cached, sniffed or framed', async () => {
    const res = await fetch(`${base}/trpc/config.get`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    // Failures too (an unknown procedure, a bad batch).
    const missing = await fetch(`${base}/trpc/nothing.here`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('behind HTTPS, tells browsers to keep to it on pages and API answers alike', async () => {
    const secure = await startTestApp(kind, { PUBLIC_URL: 'https://tacke.example' });
    try {
      for (const url of ['/healthz', '/trpc/config.get']) {
        const res = await secure.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['strict-transport-security'], url).toBe('max-age=15552000; includeSubDomains');
      }
      expect((await fetch(`${base}/trpc/config.get`)).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await secure.close();
    }
  });

  it('serves the landing page prerendered in the language of the locale cookie', async () => {
    const landing = async (cookie?: string, encoding?: string) => {
      const res = await fetch(`${base}/?utm_source=test`, {
        headers: {
          accept: 'text/html',
          ...(cookie ? { cookie } : {}),
          // Node's fetch asks for gzip and br by default; '' asks for the plain file.
          'accept-encoding': encoding ?? '',
        },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('vary')).toMatch(/cookie/i);
      return { text: await res.text(), encoding: res.headers.get('content-encoding') };
    };
    expect((await landing()).text).toBe('<!doctype html><html lang="sl">landing');
    expect((await landing('tacke.locale=en')).text).toBe('<!doctype html><html lang="en">landing');
    expect((await landing('other=1; tacke.locale=en')).text).toContain('lang="en"');
    // A language without a prerendered page, or an unknown value, gets the default one.
    expect((await landing('tacke.locale=xx')).text).toContain('lang="sl"');
    // German is a known language but this stand-in build has no German page: the app shell renders it.
    expect((await landing('tacke.locale=de')).text).toContain(
      '<html lang="de"><title>Tačke</title><div id="root"></div>',
    );
    expect((await fetch(`${base}/`, { method: 'HEAD' })).status).toBe(200);
  });

  it("serves a first visit the landing page in the browser's language (Accept-Language); a chosen one wins", async () => {
    const web = fakeWebDist(fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'tacke-web-')), [
      'sl',
      'en',
      'de',
      'it',
    ]);
    const app = await startTestApp(kind, { WEB_DIST: web });
    try {
      const landing = async (language?: string, cookie?: string) => {
        const res = await app.app.inject({
          method: 'GET',
          url: '/',
          headers: {
            accept: 'text/html',
            ...(language !== undefined && { 'accept-language': language }),
            ...(cookie && { cookie }),
          },
        });
        expect(res.statusCode).toBe(200);
        // Caches keep a copy per language header and cookie.
        expect(res.headers.vary).toMatch(/accept-language/i);
        expect(res.headers.vary).toMatch(/cookie/i);
        return /lang="(\w+)"/.exec(res.body)?.[1];
      };
      expect(await landing('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
      // Region subtags and case do not matter.
      expect(await landing('de-AT')).toBe('de');
      expect(await landing('IT-ch, en;q=0.5')).toBe('it');
      expect(await landing('en-US')).toBe('en');
      // q-values rank the languages, whatever their order; q=0 means "not this one".
      expect(await landing('fr;q=0.9, it;q=0.4, de;q=0.6')).toBe('de');
      expect(await landing('de;q=0, en;q=0.1')).toBe('en');
      expect(await landing('de;q=0.5, en;q=0.5')).toBe('de');
      // The first language the app speaks, past those it does not.
      expect(await landing('fr-FR, hr;q=0.9, it;q=0.8')).toBe('it');
      // Nothing the app speaks, a wildcard, junk or no header: Slovenian.
      for (const header of ['fr-FR,fr;q=0.9', 'hr', '*', ';;,,q=1', 'de;q=abc', '', undefined])
        expect(await landing(header), String(header)).toBe('sl');
      // A language chosen in the app (the cookie) wins over the browser's.
      expect(await landing('de-DE,de;q=0.9', 'tacke.locale=sl')).toBe('sl');
      expect(await landing('de-DE', 'tacke.locale=it')).toBe('it');
      // A cookie value the app does not know is no choice.
      expect(await landing('de-DE', 'tacke.locale=xx')).toBe('de');
    } finally {
      await app.close();
    }
  });

  it('serves the web app, with index.html for client routes and 404 for unknown API paths', async () => {
    const shell = await fetch(`${base}/index.html`, { headers: { accept: 'text/html' } });
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(await shell.text()).toContain('<div id="root">');
    const page = async (url: string, locale: string) => {
      const res = await fetch(`${base}${url}`, {
        headers: { accept: 'text/html', cookie: `tacke.locale=${locale}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      return res.text();
    };
    // A page route prerendered in the language (here only /profil in English), its bare address only.
    expect(await page('/profil', 'en')).toBe('<!doctype html><html lang="en">profile');
    expect(await page('/profil/', 'en')).toBe('<!doctype html><html lang="en">profile');
    // With a query (a tab, a filter), in a language without it, or on another route: the shell, whose
    // first line still names the language.
    expect(await page('/profil?tab=settings', 'en')).toBe(
      '<!doctype html><html lang="en"><title>Tačke</title><div id="root"></div>',
    );
    expect(await page('/profil', 'de')).toContain('<html lang="de"><title>Tačke</title>');
    expect(await page('/no/such/page', 'it')).toContain('<html lang="it"><title>Tačke</title>');
    // The spec's second names for a screen answer with its one address, the query kept.
    const alias = await fetch(`${base}/match?from=link`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(alias.status).toBe(301);
    expect(alias.headers.get('location')).toBe('/ujemanja?from=link');
    const login = await fetch(`${base}/login/`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(login.headers.get('location')).toBe('/auth');
    const asset = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toBe('console.log(1)');
    expect((await fetch(`${base}/api/nothing`, { headers: { accept: 'text/html' } })).status).toBe(404);
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/profil`, { method: 'HEAD', headers: { accept: 'text/html' } })).status).toBe(
      200,
    );
  });

  it('serves files of a rebuild without a restart', async () => {
    const web = t.config.webDist;
    fs.writeFileSync(path.join(web, 'assets', 'late-def456.js'), 'console.log(2)');
    const res = await fetch(`${base}/assets/late-def456.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(2)');
  });

  it('signs in over HTTP with an HttpOnly cookie that authenticates later calls', async () => {
    const { email, password } = await t.signedInUser('http@example.com');
    const res = await post('auth.signIn', { email, password }, { origin: base });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^tacke_session=[a-z2-7]{32};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    const me = await fetch(`${base}/trpc/auth.me`, { headers: { cookie: cookie.split(';')[0]! } });
    expect((await me.json()).result.data.json).toMatchObject({ email });
  });

  it('renews the cookie when the server extends a session', async () => {
    const fresh = await fetch(`${base}/trpc/auth.me`, {
      headers: { cookie: `tacke_session=${(await t.signedInUser('fresh@example.com')).token}` },
    });
    expect(fresh.headers.get('set-cookie')).toBeNull();
    const { token } = await t.signedInUser('renew@example.com');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(sessions.id, hashToken(token)));
    const renewed = await fetch(`${base}/trpc/auth.me`, { headers: { cookie: `tacke_session=${token}` } });
    const expires = renewed.headers.get('set-cookie')?.match(/Expires=([^;]+)/)?.[1];
    expect(new Date(expires!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('keeps a checked session in memory, and drops it the moment sessions end', async () => {
    const { token, email } = await t.signedInUser('cache@example.com');
    const me = async (value: string) =>
      (await (await fetch(`${base}/trpc/auth.me`, { headers: { authorization: `Bearer ${value}` } })).json())
        .result.data.json as { email: string } | null;
    expect(await me(token)).toMatchObject({ email });
    // Gone from the database behind the app's back: the cached check still answers (no round trip)…
    await t.db.delete(sessions).where(eq(sessions.id, hashToken(token)));
    expect(await me(token)).toMatchObject({ email });

    // …but signing out ends it at once, here and on every instance (the notice travels over the bus).
    const second = await t.signedInUser('cache2@example.com');
    expect(await me(second.token)).toMatchObject({ email: 'cache2@example.com' });
    const out = await fetch(`${base}/trpc/auth.signOut`, {
      method: 'POST',
      headers: { authorization: `Bearer ${second.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect(await me(second.token)).toBeNull();
  });

  it('answers batches of many calls, and refuses batches over the cap', async () => {
    const batch = (n: number) =>
      fetch(`${base}/trpc/${Array(n).fill('auth.me').join(',')}?batch=1&input=${encodeURIComponent('{}')}`);
    const ok = await batch(MAX_BATCH_SIZE);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as unknown[]).length).toBe(MAX_BATCH_SIZE);
    expect((await batch(MAX_BATCH_SIZE + 1)).status).toBeGreaterThanOrEqual(400);
  });

  it('speaks tRPC over HTTP: batches with mixed answers, wrong methods, unknown paths and subscriptions', async () => {
    const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    // One good call and one refused one in a batch: each answers for itself, the batch is 207.
    const mixed = await fetch(
      `${base}/trpc/config.get,events.byId?batch=1&input=${input({ 1: { json: { id: 'not-a-uuid' } } })}`,
    );
    expect(mixed.status).toBe(207);
    const [good, refused] = (await mixed.json()) as [
      { result: { data: { json: unknown } } },
      { error: { json: { data: { appCode: string; httpStatus: number } } } },
    ];
    expect(good.result.data.json).toEqual({
      donationUrl: null,
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    expect(refused.error.json.data).toMatchObject({ appCode: 'VALIDATION', httpStatus: 400 });

    /** The status and the (first) error's tRPC code; a batch answers with an array. */
    const status = async (url: string, init?: RequestInit) => {
      const res = await fetch(`${base}/trpc/${url}`, init);
      const body = (await res.json()) as unknown;
      const item = (Array.isArray(body) ? body[0] : body) as { error?: { json: { data: { code: string } } } };
      return [res.status, item.error?.json.data.code];
    };
    // A query over POST, a mutation over GET: refused, nothing run.
    expect(
      await status('config.get', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    ).toEqual([405, 'METHOD_NOT_SUPPORTED']);
    expect(await status('auth.signOut')).toEqual([405, 'METHOD_NOT_SUPPORTED']);
    // Subscriptions are served over the WebSocket only.
    expect(await status('announcements.onChange')).toEqual([405, 'METHOD_NOT_SUPPORTED']);
    // No procedure there, also for names every object has.
    expect(await status('dogs.nothing')).toEqual([404, 'NOT_FOUND']);
    expect(await status('constructor')).toEqual([404, 'NOT_FOUND']);
    expect(await status('__proto__?batch=1')).toEqual([404, 'NOT_FOUND']);
    // Input that is not JSON, or a batch whose input is not an object.
    expect(await status(`config.get?input=${encodeURIComponent('{')}`)).toEqual([400, 'PARSE_ERROR']);
    expect(await status(`config.get?batch=1&input=${input(5)}`)).toEqual([400, 'BAD_REQUEST']);
  });

  it('returns typed, untranslated errors with HTTP statuses', async () => {
    const bad = await post('auth.signIn', { email: 'nope', password: '' });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.error.json.data).toMatchObject({
      appCode: 'VALIDATION',
      fieldErrors: { email: ['validation.emailInvalid'], password: ['validation.passwordRequired'] },
    });
    const wrong = await post('auth.signIn', { email: 'nobody@example.com', password: 'whatever-123' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.json.message).toBe('INVALID_CREDENTIALS');
    const garbage = await fetch(`${base}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).error.json.data.code).toBe('PARSE_ERROR');
  });

  it('refuses browser mutations from another site', async () => {
    const { email, password } = await t.signedInUser('csrf@example.com');
    const evil = await post('auth.signIn', { email, password }, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect((await evil.json()).error.json.data.appCode).toBe('CROSS_ORIGIN');
    expect(evil.headers.get('set-cookie')).toBeNull();
    const fetchMeta = await post('auth.signIn', { email, password }, { 'sec-fetch-site': 'cross-site' });
    expect(fetchMeta.status).toBe(403);
    // Reads still answer (the browser keeps the answer from the other site), here as a visitor.
    const read = await fetch(`${base}/trpc/auth.me`, { headers: { origin: 'https://evil.example' } });
    expect(read.status).toBe(200);
    expect((await read.json()).result.data.json).toBeNull();
  });

  it('serves the typed script client: sign in, then auth.me with the token', async () => {
    const { email, password } = await t.signedInUser('script@example.com');
    const anon = createApiClient({ url: base, WebSocket: WebSocket as never });
    const { token } = await anon.auth.signIn.mutate({ email, password, returnToken: true });
    const api = createApiClient({ url: base, token: token!, WebSocket: WebSocket as never });
    expect(await api.auth.me.query()).toMatchObject({ email, role: 'user' });
    expect(await anon.auth.me.query()).toBeNull();
    // close() is the client's own, not a procedure path.
    await expect(api.close()).resolves.toBeUndefined();
    await anon.close();
  });

  it('authenticates WebSocket calls from the connection token', async () => {
    const { email, token } = await t.signedInUser('ws@example.com');
    const ws = createWSClient({
      url: `${base.replace('http', 'ws')}/trpc`,
      WebSocket: WebSocket as never,
      connectionParams: { token },
    });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws, transformer: superjson })] });
    try {
      expect(await client.auth.me.query()).toMatchObject({ email });
    } finally {
      await ws.close();
    }
  });

  it('refuses a WebSocket upgrade from another origin', async () => {
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/trpc`, { origin: 'https://evil.example' });
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => resolve(101));
    });
    expect(status).toBe(403);
  });

  // Only a server has a pool to exhaust (PGlite answers one statement at a time, in this process).
  if (kind === 'postgres')
    it('answers /healthz at once while busy calls hold every pooled connection', async () => {
      // Ten slow statements: the whole pool (max 10) is taken for two seconds.
      const busy = Promise.all(
        Array.from({ length: 10 }, () => t.app.database.execute('select pg_sleep(2)')),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const asked = performance.now();
      const res = await fetch(`${base}/healthz`);
      const took = performance.now() - asked;
      expect(res.status).toBe(200);
      expect(took).toBeLessThan(1_000);
      await busy;
    });

  it('takes a storm of sign-ins from one address in turn: every one succeeds, and other calls go on meanwhile', async () => {
    const users = await Promise.all(
      Array.from({ length: 60 }, (_, i) => t.signedInUser(`navala-${kind}-${i}@example.com`)),
    );
    const signIns = Promise.all(
      users.map(async ({ email, password }) => {
        const res = await fetch(`${base}/trpc/auth.signIn`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ json: { email, password, returnToken: true } }),
        });
        return res.status;
      }),
    );
    // Meanwhile a cheap call answers (the storm waits in the password queue, not in front of it).
    const asked = performance.now();
    const cheap = await fetch(`${base}/trpc/announcements.list`);
    expect(cheap.status).toBe(200);
    expect(performance.now() - asked).toBeLessThan(1_000);
    // More than LIMITS.signIn.perClient at once from one address, yet all right: the queue lets only a few
    // count at a time (a right password is taken back from the window).
    expect(await signIns).toEqual(Array<number>(60).fill(200));
  });
});
