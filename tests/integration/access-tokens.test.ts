import { TRPCClientError } from '@trpc/client';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashToken } from '../../server/auth/tokens';
import { accessTokens, rateLimitHits } from '../../server/db/schema';
import type { AppRouter } from '../../server/routers/_app';
import { createApiClient } from '#shared/client';
import { ACCESS_TOKEN_PREFIX } from '#shared/domain/access-tokens';
import { LIMITS } from '#shared/limits';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';
import { makeAccessToken, makeChat, makeDog, makeUser } from '../helpers/factories';

/** The app code of a failed client call (what a script sees in `error.data.appCode`). */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCClientError) return (error as TRPCClientError<AppRouter>).data?.appCode;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe.each(dbKinds())('personal access tokens on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const clients: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_EMAILS: 'ada@example.com' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await t.close();
  });

  const client = (token: string) => {
    const api = createApiClient({ url: base, token, WebSocket: WebSocket as never });
    clients.push(api);
    return api;
  };
  const rest = (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${base}/api/v1/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });

  it('is made in the settings: shown once, recognisable, only its hash stored, listed without it', async () => {
    const ana = await makeUser(t.db);
    const api = await t.caller(ana.token);
    const made = await api.tokens.create({
      name: '  Varnostna kopija ',
      scopes: ['write', 'read'],
      expiresInDays: 30,
    });
    expect(made.token).toMatch(/^tacke_pat_[a-z2-7]{32}$/);
    expect(made).toMatchObject({ name: 'Varnostna kopija', scopes: ['read', 'write'], lastUsedAt: null });
    expect(made.hint).toBe(made.token.slice(-4));
    expect(made.expiresAt.getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, made.id));
    expect(row!.tokenHash).toBe(hashToken(made.token));
    expect(JSON.stringify(row)).not.toContain(made.token.slice('tacke_pat_'.length));
    const listed = await api.tokens.list();
    expect(listed).toEqual([
      {
        id: made.id,
        name: 'Varnostna kopija',
        hint: made.hint,
        scopes: ['read', 'write'],
        expiresAt: made.expiresAt,
        lastUsedAt: null,
        createdAt: made.createdAt,
      },
    ]);
    // Another user neither sees nor revokes it.
    const bor = await t.caller((await makeUser(t.db)).token);
    expect(await bor.tokens.list()).toEqual([]);
    expect((await failure(bor.tokens.revoke({ id: made.id }))).appCode).toBe('NOT_FOUND');
    expect(await api.tokens.list()).toHaveLength(1);
  });

  it('gives the admin scope to admins only, and refuses bad names, scopes and lifetimes', async () => {
    const user = await t.caller((await makeUser(t.db)).token);
    const admin = await t.caller((await makeUser(t.db, { role: 'admin' })).token);
    const admins = { name: 'Moderacija', scopes: ['admin' as const], expiresInDays: 7 as const };
    expect((await failure(user.tokens.create(admins))).appCode).toBe('FORBIDDEN');
    expect((await admin.tokens.create(admins)).scopes).toEqual(['admin']);
    const bad = [
      { name: ' ', scopes: ['read'], expiresInDays: 7 },
      { name: 'x'.repeat(LIMITS.accessToken.nameMax + 1), scopes: ['read'], expiresInDays: 7 },
      { name: 'Skripta', scopes: [], expiresInDays: 7 },
      { name: 'Skripta', scopes: ['root'], expiresInDays: 7 },
      { name: 'Skripta', scopes: ['read'], expiresInDays: 10_000 },
    ];
    for (const input of bad)
      expect((await failure(user.tokens.create(input as never))).appCode, JSON.stringify(input)).toBe(
        'VALIDATION',
      );
    expect(await user.tokens.list()).toEqual([]);
  });

  it(`keeps at most ${LIMITS.accessToken.perUser} live tokens per user, also when created at once`, async () => {
    const owner = await makeUser(t.db);
    const api = await t.caller(owner.token);
    // An expired token does not count.
    await makeAccessToken(t.db, owner.id, { expiresAt: new Date(Date.now() - 1000) });
    const input = { name: 'Skripta', scopes: ['read' as const], expiresInDays: 7 as const };
    const results = await Promise.allSettled(
      Array.from({ length: LIMITS.accessToken.perUser + 3 }, () => api.tokens.create(input)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LIMITS.accessToken.perUser);
    expect((await failure(api.tokens.create(input))).appCode).toBe('TOO_MANY_TOKENS');
  });

  it('calls what its scopes allow over tRPC, and nothing a browser session alone may do', async () => {
    const ana = await makeUser(t.db, { fullName: 'Ana Skripta' });
    const reader = client((await makeAccessToken(t.db, ana.id, { scopes: ['read'] })).token);
    const writer = client((await makeAccessToken(t.db, ana.id, { scopes: ['write'] })).token);
    expect(await reader.auth.me.query()).toMatchObject({ id: ana.id, email: ana.email });
    expect(await reader.dogs.mine.query()).toEqual([]);
    const dog = { name: 'Pika', breed: 'Mešanec', age: 2, gender: 'male' as const, location: 'Ljubljana' };
    expect(await refusal(reader.dogs.create.mutate(dog))).toBe('MISSING_SCOPE');
    expect(await refusal(writer.dogs.mine.query())).toBe('MISSING_SCOPE');
    expect((await writer.dogs.create.mutate(dog)).name).toBe('Pika');
    // Account-sensitive procedures refuse every token, whatever its scopes.
    const all = client((await makeAccessToken(t.db, ana.id)).token);
    for (const call of [
      () => all.tokens.list.query(),
      () => all.tokens.create.mutate({ name: 'Več', scopes: ['read'], expiresInDays: 7 }),
      () => all.account.export.mutate(),
      () => all.account.delete.mutate(),
      () => all.auth.signOut.mutate(),
    ])
      expect(await refusal(call())).toBe('SESSION_REQUIRED');
    expect(await t.caller(ana.token).then((api) => api.dogs.mine())).toHaveLength(1);
  });

  it('is refused at once when revoked (on every call, public ones too) or expired, and shows when it was last used', async () => {
    const ana = await makeUser(t.db);
    const session = await t.caller(ana.token);
    const { token, id } = await session.tokens.create({ name: 'Cron', scopes: ['read'], expiresInDays: 7 });
    const api = client(token);
    const before = Date.now();
    expect(await api.profiles.me.query()).toMatchObject({ userId: ana.id });
    const [used] = await session.tokens.list();
    expect(used!.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The check above is cached for a while: revoking must still end it now.
    expect(await session.tokens.revoke({ id })).toEqual({ ok: true });
    expect(await refusal(api.profiles.me.query())).toBe('UNAUTHENTICATED');
    expect(await refusal(api.config.get.query())).toBe('UNAUTHENTICATED');
    expect(await session.tokens.list()).toEqual([]);

    const expiring = await makeAccessToken(t.db, ana.id, { scopes: ['read'] });
    const other = client(expiring.token);
    expect(await other.dogs.mine.query()).toEqual([]);
    await t.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, expiring.id));
    expect(await refusal(other.dogs.mine.query())).toBe('UNAUTHENTICATED');
    const res = await rest('dogs.mine', expiring.token);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('UNAUTHENTICATED');
  });

  it(`refuses a client's bearer calls after ${LIMITS.accessToken.wrongPerClient} wrong tokens, a right one too, and only that client`, async () => {
    const max = LIMITS.accessToken.wrongPerClient;
    const ana = await makeUser(t.db);
    const { token } = await makeAccessToken(t.db, ana.id, { scopes: ['read'] });
    // Requests as other clients than this file's 127.0.0.1, so the other tests keep their window.
    const call = (remoteAddress: string, bearer: string, url = '/api/v1/dogs.mine') =>
      t.app.inject({ method: 'GET', url, remoteAddress, headers: { authorization: `Bearer ${bearer}` } });
    const guesser = '10.50.0.1';
    const wrong = (i: number) => `${ACCESS_TOKEN_PREFIX}${'a'.repeat(40)}${i}`;
    const statuses: number[] = [];
    // Guesses over both protocols count together; so do session-like tokens that match nothing.
    for (let i = 0; i < max + 3; i++) {
      const url = i % 3 === 0 ? '/trpc/dogs.mine' : '/api/v1/dogs.mine';
      statuses.push((await call(guesser, i % 5 === 0 ? `guess-${i}` : wrong(i), url)).statusCode);
    }
    const answers = new Set(statuses.slice(0, max));
    // Before the limit: refused as unknown (or, for an unknown session on tRPC, answered as a visitor would be,
    // which dogs.mine refuses too).
    expect(answers).toEqual(new Set([401]));
    expect(statuses.slice(max)).toEqual([429, 429, 429]);
    // Now even the right token is refused from there, over both protocols, with the minutes to wait…
    const refused = await call(guesser, token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { code: 'TOO_MANY_ATTEMPTS', meta: { minutes: LIMITS.accessToken.wrongWindowMinutes } },
    });
    expect((await call(guesser, token, '/trpc/dogs.mine')).statusCode).toBe(429);
    // …while another client and browsers (no bearer token) are not.
    expect((await call('10.50.0.2', token)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/trpc/config.get', remoteAddress: guesser })).statusCode,
    ).toBe(200);
  });

  it('takes only personal access tokens on /api/v1: a session token there is refused and counted', async () => {
    const ana = await makeUser(t.db);
    const session = (remoteAddress: string, url: string) =>
      t.app.inject({ method: 'GET', url, remoteAddress, headers: { authorization: `Bearer ${ana.token}` } });
    const refused = await session('10.51.0.1', '/api/v1/dogs.mine');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    // tRPC's own protocol still takes it (the web app and scripts that signed in).
    expect((await session('10.51.0.1', '/trpc/dogs.mine')).statusCode).toBe(200);
    const hits = await t.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.bucket, 'bearer:from:10.51.0.1'));
    expect(hits).toHaveLength(1);
  });

  it(`allows ${LIMITS.accessToken.callsPerMinute} calls a minute per token, exactly under concurrency, then 429 with Retry-After`, async () => {
    const max = LIMITS.accessToken.callsPerMinute;
    const ana = await makeUser(t.db);
    const { token, id } = await makeAccessToken(t.db, ana.id, { scopes: ['read'] });
    const other = await makeAccessToken(t.db, ana.id, { scopes: ['read'] });
    // This window already holds all but 5 calls; 12 arrive at once.
    await t.db
      .update(accessTokens)
      .set({ windowStart: new Date(), windowCalls: max - 5 })
      .where(eq(accessTokens.id, id));
    const answers = await Promise.all(Array.from({ length: 12 }, () => rest('auth.me', token)));
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    const limited = answers.find((r) => r.status === 429)!;
    expect((await limited.json()).error).toMatchObject({ code: 'TOKEN_RATE_LIMIT', httpStatus: 429 });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refusal(client(token).auth.me.query())).toBe('TOKEN_RATE_LIMIT');
    // Per token: the user's other token is not limited.
    expect((await rest('auth.me', other.token)).status).toBe(200);
    // The next window starts afresh.
    await t.db
      .update(accessTokens)
      .set({ windowStart: sql`now() - interval '61 seconds'` })
      .where(eq(accessTokens.id, id));
    expect((await rest('auth.me', token)).status).toBe(200);
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, id));
    expect(row!.windowCalls).toBe(1);
  });

  it('subscribes over the WebSocket with the chat scope; revoking ends the stream', async () => {
    const [ana, bor] = [await makeUser(t.db), await makeUser(t.db)];
    const [anaDog, borDog] = [await makeDog(t.db, ana.id), await makeDog(t.db, bor.id)];
    const chat = await makeChat(
      t.db,
      { userId: ana.id, dogId: anaDog.id },
      { userId: bor.id, dogId: borDog.id },
    );
    const reader = client((await makeAccessToken(t.db, ana.id, { scopes: ['read'] })).token);
    const refused = await new Promise<unknown>((resolve) => {
      reader.chats.onMessage.subscribe(
        { chatId: chat.id },
        { onError: (error) => resolve(error.data?.appCode) },
      );
    });
    expect(refused).toBe('MISSING_SCOPE');
    expect(await refusal(reader.chats.list.query())).toBe('MISSING_SCOPE');

    const chatToken = await makeAccessToken(t.db, ana.id, { scopes: ['chat'] });
    const chatter = client(chatToken.token);
    const received: string[] = [];
    let arrived = () => {};
    const ended = new Promise<unknown>((resolve) => {
      const started = new Promise<void>((ready) => {
        chatter.chats.onMessage.subscribe(
          { chatId: chat.id },
          {
            onStarted: () => ready(),
            onData: ({ data }) => {
              received.push(data.content);
              arrived();
            },
            onError: (error) => resolve(error.data?.appCode),
          },
        );
      });
      void started.then(async () => {
        const got = new Promise<void>((done) => (arrived = done));
        await (await t.caller(bor.token)).chats.send({ chatId: chat.id, content: 'Živjo, skripta!' });
        await got;
        await (await t.caller(ana.token)).tokens.revoke({ id: chatToken.id });
      });
    });
    expect(await ended).toBe('UNAUTHENTICATED');
    expect(received).toEqual(['Živjo, skripta!']);
    // And the token sends with the same scope.
    const sender = client((await makeAccessToken(t.db, ana.id, { scopes: ['chat'] })).token);
    expect((await sender.chats.send.mutate({ chatId: chat.id, content: 'Odgovor' })).content).toBe('Odgovor');
  });

  it('stops working when its owner is banned or resets the password, like the sessions', async () => {
    const admin = await t.caller((await makeUser(t.db, { email: 'ada@example.com', role: 'admin' })).token);
    const bor = await makeUser(t.db);
    const borToken = await makeAccessToken(t.db, bor.id, { scopes: ['read'] });
    expect((await rest('auth.me', borToken.token)).status).toBe(200);
    const reporter = await t.caller((await makeUser(t.db)).token);
    const { id: reportId } = await reporter.safety.report({
      targetType: 'user',
      targetId: bor.id,
      reason: 'spam',
      goodFaith: true,
    });
    await admin.admin.decide({ reportId, action: 'ban', statement: 'Oglaševanje.' });
    expect((await rest('auth.me', borToken.token)).status).toBe(401);
    expect(await t.db.select().from(accessTokens).where(eq(accessTokens.userId, bor.id))).toEqual([]);

    const cid = await makeUser(t.db);
    const cidToken = await makeAccessToken(t.db, cid.id, { scopes: ['read'] });
    expect((await rest('auth.me', cidToken.token)).status).toBe(200);
    await (await t.caller(null, undefined, '10.7.0.1')).auth.requestPasswordReset({ email: cid.email });
    await (
      await t.caller(null)
    ).auth.resetPassword({ token: await t.lastMailToken(), password: 'novo-dobro-geslo' });
    expect((await rest('auth.me', cidToken.token)).status).toBe(401);
  });

  it('uploads photos only with the write scope', async () => {
    const ana = await makeUser(t.db);
    const reader = await makeAccessToken(t.db, ana.id, { scopes: ['read'] });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'x.jpg');
    const res = await fetch(`${base}/api/uploads?kind=dog`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reader.token}` },
      body: form,
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'MISSING_SCOPE', meta: { scope: 'write' } });
    const writer = await makeAccessToken(t.db, ana.id, { scopes: ['write'] });
    const ok = await fetch(`${base}/api/uploads?kind=dog`, {
      method: 'POST',
      headers: { authorization: `Bearer ${writer.token}` },
      body: form,
    });
    // Past the scope: the (not an image) file itself is what is refused.
    expect(await ok.json()).toEqual({ code: 'UPLOAD_NOT_IMAGE' });
  });
});
