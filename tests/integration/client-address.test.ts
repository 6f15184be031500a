import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/limits';
import { startTestApp, type TestApp } from '../helpers/app';

/** Over real HTTP: which address per-client limits count, and what a sign-in answer carries. */
describe('the client behind per-client limits (PGlite)', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  async function start(env: Record<string, string> = {}) {
    t = await startTestApp('pglite', env);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (procedure: string, input: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}/trpc/${procedure}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ json: input }),
      });
  }

  /** Reset requests for different addresses, each claiming another X-Forwarded-For: their statuses. */
  async function resets(post: Awaited<ReturnType<typeof start>>) {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.mail.perClientPerHour; i++)
      statuses.push(
        (
          await post(
            'auth.requestPasswordReset',
            { email: `r${i}@example.com` },
            { 'x-forwarded-for': `203.0.113.${i}` },
          )
        ).status,
      );
    return statuses;
  }

  it('ignores X-Forwarded-For by default: a client cannot pick its address', async () => {
    const statuses = await resets(await start());
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('believes the proxies TRUST_PROXY names', async () => {
    const statuses = await resets(await start({ TRUST_PROXY: '1' }));
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('keeps the session token out of a browser sign-in answer (the HttpOnly cookie carries it)', async () => {
    const post = await start();
    const { email, password } = await t!.signedInUser('kuki@example.com');
    const browser = await post('auth.signIn', { email, password });
    expect(browser.status).toBe(200);
    const cookie = /tacke_session=([a-z2-7]{32});.*HttpOnly/i.exec(browser.headers.get('set-cookie') ?? '');
    expect(cookie).not.toBeNull();
    const body = await browser.text();
    expect(body).not.toContain(cookie![1]);
    expect(JSON.parse(body).result.data.json.token).toBeNull();
    const script = await post('auth.signIn', { email, password, returnToken: true });
    expect(script.headers.get('set-cookie')).toBeNull();
    expect(JSON.parse(await script.text()).result.data.json.token).toMatch(/^[a-z2-7]{32}$/);
  });
});
