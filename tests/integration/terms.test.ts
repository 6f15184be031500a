import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { TERMS_VERSION } from '#shared/domain/terms';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';

/** Issue 30: the terms accepted are kept with the account, with the version, so no new browser asks again. */
describe.each(dbKinds())('terms acceptance on the account on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const stored = async (email: string) => {
    const [row] = await t.db
      .select({ at: users.termsAcceptedAt, version: users.termsVersion })
      .from(users)
      .where(eq(users.email, email));
    return row;
  };

  /** Signs up (from a client address of its own), confirms, and returns a caller signed in as the account. */
  async function signUp(email: string, client: string, termsVersion?: string) {
    const anon = await t.caller(null, undefined, client);
    await anon.auth.signUp({ fullName: 'Nina Novak', email, password: 'psi-so-super', termsVersion });
    const { token } = await anon.auth.confirmEmail({
      token: await t.lastMailToken(),
      password: 'psi-so-super',
      returnToken: true,
    });
    return t.caller(token!);
  }

  it('records the terms accepted at sign-up with their version; auth.me says they are accepted', async () => {
    const before = Date.now();
    const api = await signUp('nina@example.com', '10.30.0.1', TERMS_VERSION);
    const row = await stored('nina@example.com');
    expect(row?.version).toBe(TERMS_VERSION);
    expect(row?.at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.at?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await api.auth.me()).toMatchObject({ termsAccepted: true, termsAcceptedAt: row!.at });
    // It is the account's data: the export has it.
    expect((await api.account.export()).account).toMatchObject({
      termsAcceptedAt: row!.at,
      termsVersion: TERMS_VERSION,
    });
  });

  it('asks an account made without them (a script, or from before) until it accepts through account.acceptTerms', async () => {
    const api = await signUp('stara@example.com', '10.30.0.2');
    expect(await stored('stara@example.com')).toEqual({ at: null, version: null });
    expect(await api.auth.me()).toMatchObject({ termsAccepted: false, termsAcceptedAt: null });

    const before = Date.now();
    const answer = await api.account.acceptTerms({ termsVersion: TERMS_VERSION });
    const row = await stored('stara@example.com');
    expect(row?.version).toBe(TERMS_VERSION);
    expect(row?.at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The answer is the new auth.me, so the app can update the session at once.
    expect(answer).toEqual(await api.auth.me());
    expect(answer).toMatchObject({ termsAccepted: true, termsAcceptedAt: row!.at });
  });

  it('asks again when the terms in force are newer than the version the account accepted', async () => {
    const api = await signUp('ponovno@example.com', '10.30.0.3', TERMS_VERSION);
    const older = { termsAcceptedAt: new Date('2024-05-01T10:00:00Z'), termsVersion: '2024-05-01' };
    await t.db.update(users).set(older).where(eq(users.email, 'ponovno@example.com'));
    expect(await api.auth.me()).toMatchObject({
      termsAccepted: false,
      termsAcceptedAt: older.termsAcceptedAt,
    });

    // A page still showing the older text records that one, and is asked again.
    await api.account.acceptTerms({ termsVersion: '2024-05-01' });
    expect((await api.auth.me())?.termsAccepted).toBe(false);
    await api.account.acceptTerms({ termsVersion: TERMS_VERSION });
    expect(await stored('ponovno@example.com')).toMatchObject({ version: TERMS_VERSION });
    expect((await api.auth.me())?.termsAccepted).toBe(true);
  });

  it('refuses a version that is not a date, and visitors, writing nothing', async () => {
    const api = await signUp('napaka@example.com', '10.30.0.4');
    for (const termsVersion of ['', 'latest', '2025-8-20', '2025-13-01', `${TERMS_VERSION} `])
      expect((await failure(api.account.acceptTerms({ termsVersion }))).appCode, termsVersion).toBe(
        'VALIDATION',
      );
    const anon = await t.caller(null, undefined, '10.30.0.5');
    expect((await failure(anon.account.acceptTerms({ termsVersion: TERMS_VERSION }))).appCode).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      (
        await failure(
          anon.auth.signUp({
            fullName: 'X',
            email: 'x@example.com',
            password: 'psi-so-super',
            termsVersion: 'yes',
          }),
        )
      ).appCode,
    ).toBe('VALIDATION');
    expect(await stored('napaka@example.com')).toEqual({ at: null, version: null });
    expect(await stored('x@example.com')).toBeUndefined();
  });
});
