import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, profiles, sessions, signInFailures, users } from '../../server/db/schema';
import { hashToken } from '../../server/auth/tokens';
import { LIMITS } from '../../src/limits';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';

describe.each(dbKinds())('auth router on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_EMAILS: 'boss@example.com' });
  });
  afterAll(() => t.close());

  const rowsFor = async (email: string) => {
    const [u] = await t.db.select({ n: count() }).from(users).where(eq(users.email, email));
    return u?.n ?? 0;
  };

  it('signs up: user, profile and a hashed confirm token; the mail links to /email-confirmed', async () => {
    const anon = await t.caller();
    const result = await anon.auth.signUp({
      fullName: '  Ana Novak ',
      email: 'Ana@Example.com',
      password: 'psi-so-super',
      dogName: 'Luna',
    });
    expect(result).toEqual({ email: 'ana@example.com' });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'ana@example.com'));
    expect(user?.emailVerifiedAt).toBeNull();
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.signupDogName).toBe('Luna');
    expect(user?.role).toBe('user');
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile?.fullName).toBe('Ana Novak');
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('ana@example.com');
    expect(mail.link).toMatch(/^http:\/\/tacke\.test\/email-confirmed\?token=[a-z2-7]{32}$/);
    expect(mail.text).toContain(mail.link);
    expect(mail.subject).toContain('Potrdite');
    const [stored] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user!.id));
    expect(stored?.tokenHash).toBe(hashToken(t.lastMailToken()));
  });

  it('writes the confirmation mail in the chosen language', async () => {
    await (
      await t.caller()
    ).auth.signUp({ fullName: 'Hans', email: 'hans@example.com', password: 'hunde-sind-toll', locale: 'de' });
    expect(t.mails.at(-1)!.subject).toBe('Bestätige deine E-Mail-Adresse für Tačke');
  });

  it('refuses the address of a confirmed account, whatever its case, and keeps one row', async () => {
    const anon = await t.caller();
    await t.signedInUser('bor@example.com');
    expect(
      (
        await failure(
          anon.auth.signUp({ fullName: 'Bor 2', email: 'BOR@example.com', password: 'drugo-geslo-1' }),
        )
      ).appCode,
    ).toBe('EMAIL_TAKEN');
    expect(await rowsFor('bor@example.com')).toBe(1);
  });

  it('replaces an unconfirmed account when the address signs up again: the old link and password stop working', async () => {
    const anon = await t.caller();
    await anon.auth.signUp({ fullName: 'Squatter', email: 'tina@example.com', password: 'napadalec-123' });
    const oldLink = t.lastMailToken();
    await anon.auth.signUp({ fullName: 'Tina', email: 'tina@example.com', password: 'prava-tina-123' });
    expect(await rowsFor('tina@example.com')).toBe(1);
    expect((await failure(anon.auth.confirmEmail({ token: oldLink }))).appCode).toBe('INVALID_TOKEN');
    const { user } = await anon.auth.confirmEmail({ token: t.lastMailToken() });
    expect(user.fullName).toBe('Tina');
    expect(
      (await failure(anon.auth.signIn({ email: 'tina@example.com', password: 'napadalec-123' }))).appCode,
    ).toBe('INVALID_CREDENTIALS');
  });

  it('rejects bad input field by field and writes nothing', async () => {
    const anon = await t.caller();
    const mailsBefore = t.mails.length;
    const error = await failure(
      anon.auth.signUp({ fullName: ' ', email: 'not-an-email', password: 'short' }),
    );
    expect(error.appCode).toBe('VALIDATION');
    expect(error.fieldErrors).toEqual({
      fullName: ['validation.fullNameRequired'],
      email: ['validation.emailInvalid'],
      password: ['validation.passwordTooShort'],
    });
    const common = await failure(
      anon.auth.signUp({ fullName: 'X', email: 'x@example.com', password: 'Password123' }),
    );
    expect(common.fieldErrors).toEqual({ password: ['validation.passwordTooCommon'] });
    const long = await failure(
      anon.auth.signUp({ fullName: 'X', email: 'x@example.com', password: 'a'.repeat(129) }),
    );
    expect(long.fieldErrors).toEqual({ password: ['validation.passwordTooLong'] });
    expect(await rowsFor('x@example.com')).toBe(0);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('leaves no account behind when the confirmation mail cannot be sent', async () => {
    t.setMailFailing(true);
    try {
      const error = await failure(
        (await t.caller()).auth.signUp({
          fullName: 'Cene',
          email: 'cene@example.com',
          password: 'psi-so-super',
        }),
      );
      expect(error).toEqual({ appCode: 'MAIL_FAILED' }); // nothing about the mail server reaches the client
    } finally {
      t.setMailFailing(false);
    }
    expect(await rowsFor('cene@example.com')).toBe(0);
    // …and the address can sign up once mail works again.
    await expect(
      (await t.caller()).auth.signUp({
        fullName: 'Cene',
        email: 'cene@example.com',
        password: 'psi-so-super',
      }),
    ).resolves.toEqual({
      email: 'cene@example.com',
    });
  });

  it('requires a confirmed address before sign-in; confirming signs in once, the link works once', async () => {
    const anon = await t.caller();
    await anon.auth.signUp({ fullName: 'Dana', email: 'dana@example.com', password: 'psi-so-super' });
    const token = t.lastMailToken();
    expect(
      (await failure(anon.auth.signIn({ email: 'dana@example.com', password: 'psi-so-super' }))).appCode,
    ).toBe('EMAIL_NOT_CONFIRMED');
    const confirmed = await anon.auth.confirmEmail({ token });
    expect(confirmed.user).toMatchObject({ email: 'dana@example.com', fullName: 'Dana', role: 'user' });
    expect(t.cookies.tacke_session).toBe(confirmed.token);
    const me = await (await t.caller(confirmed.token)).auth.me();
    expect(me).toMatchObject({ email: 'dana@example.com', fullName: 'Dana', role: 'user' });
    expect((await failure(anon.auth.confirmEmail({ token }))).appCode).toBe('INVALID_TOKEN');
    expect((await failure(anon.auth.confirmEmail({ token: 'a'.repeat(32) }))).appCode).toBe('INVALID_TOKEN');
    expect((await failure(anon.auth.confirmEmail({ token: 'nonsense' }))).appCode).toBe('VALIDATION');
    await expect(
      anon.auth.signIn({ email: 'dana@example.com', password: 'psi-so-super' }),
    ).resolves.toHaveProperty('token');
  });

  it('sends a new confirmation link on sign-in once the old one has run out, and only then', async () => {
    const anon = await t.caller();
    await anon.auth.signUp({ fullName: 'Rok', email: 'rok@example.com', password: 'psi-so-super' });
    const before = t.mails.length;
    const signIn = () =>
      anon.auth.signIn({ email: 'rok@example.com', password: 'psi-so-super', locale: 'en' });
    expect((await failure(signIn())).appCode).toBe('EMAIL_NOT_CONFIRMED');
    expect(t.mails.length).toBe(before); // the first link still works
    await t.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(
      (await failure(anon.auth.signIn({ email: 'rok@example.com', password: 'wrong-password' }))).appCode,
    ).toBe('INVALID_CREDENTIALS');
    expect(t.mails.length).toBe(before); // a wrong password earns nothing
    expect((await failure(signIn())).appCode).toBe('EMAIL_NOT_CONFIRMED');
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)!.subject).toBe('Confirm your e-mail address for Tačke');
    expect((await failure(signIn())).appCode).toBe('EMAIL_NOT_CONFIRMED');
    expect(t.mails.length).toBe(before + 1);
    await anon.auth.confirmEmail({ token: t.lastMailToken() });
    await expect(signIn()).resolves.toHaveProperty('token');
  });

  it('refuses an expired confirmation link and leaves the address unconfirmed', async () => {
    const anon = await t.caller();
    await anon.auth.signUp({ fullName: 'Eva', email: 'eva@example.com', password: 'psi-so-super' });
    const token = t.lastMailToken();
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    expect((await failure(anon.auth.confirmEmail({ token }))).appCode).toBe('TOKEN_EXPIRED');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'eva@example.com'));
    expect(user?.emailVerifiedAt).toBeNull();
  });

  it('signs in with a new session each time, updates last_active, and refuses wrong credentials alike', async () => {
    const { email, password } = await t.signedInUser('filip@example.com');
    const anon = await t.caller();
    await t.db.update(profiles).set({ lastActive: null });
    const first = await anon.auth.signIn({ email: 'FILIP@example.com', password });
    const second = await anon.auth.signIn({ email, password });
    expect(first.token).not.toBe(second.token);
    expect(t.cookies.tacke_session).toBe(second.token);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, first.user.id));
    expect(profile?.lastActive).toBeInstanceOf(Date);
    const [stored] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(first.token)));
    expect(stored?.userId).toBe(first.user.id);
    expect((await failure(anon.auth.signIn({ email, password: 'napacno-geslo' }))).appCode).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await failure(anon.auth.signIn({ email: 'nobody@example.com', password }))).appCode).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await failure(anon.auth.signIn({ email: 'nobody', password }))).fieldErrors).toEqual({
      email: ['validation.emailInvalid'],
    });
  });

  it('counts sign-in attempts made in parallel', async () => {
    const { email } = await t.signedInUser('parallel@example.com');
    const anon = await t.caller();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        failure(anon.auth.signIn({ email, password: `guess-number-${i}` })),
      ),
    );
    const guesses = results.filter((r) => r.appCode === 'INVALID_CREDENTIALS').length;
    expect(guesses).toBeLessThanOrEqual(LIMITS.signIn.perAddressAndClient);
    expect(results.filter((r) => r.appCode === 'TOO_MANY_ATTEMPTS').length).toBe(25 - guesses);
  });

  it(`limits failed sign-ins to ${LIMITS.signIn.perAddressAndClient} per ${LIMITS.signIn.windowMinutes} minutes per e-mail`, async () => {
    const { email, password } = await t.signedInUser('greta@example.com');
    const anon = await t.caller();
    for (let i = 0; i < LIMITS.signIn.perAddressAndClient; i++)
      expect((await failure(anon.auth.signIn({ email, password: `wrong-${i}-password` }))).appCode).toBe(
        'INVALID_CREDENTIALS',
      );
    const limited = await failure(anon.auth.signIn({ email, password }));
    expect(limited).toMatchObject({
      appCode: 'TOO_MANY_ATTEMPTS',
      meta: { minutes: LIMITS.signIn.windowMinutes },
    });
    // Another address is not affected.
    await t.signedInUser('hana@example.com');
    await expect(anon.auth.signIn({ email: 'hana@example.com', password })).resolves.toHaveProperty('token');
    // Once the window has passed, the right password works and clears the count.
    await t.db
      .update(signInFailures)
      .set({ createdAt: new Date(Date.now() - (LIMITS.signIn.windowMinutes + 1) * 60_000) })
      .where(eq(signInFailures.email, email));
    await expect(anon.auth.signIn({ email, password })).resolves.toHaveProperty('token');
    const [left] = await t.db
      .select({ n: count() })
      .from(signInFailures)
      .where(eq(signInFailures.email, email));
    expect(left?.n).toBe(0);
  });

  it('signs out on the server and tolerates a missing session', async () => {
    const { token } = await t.signedInUser('ivo@example.com');
    const user = await t.caller(token);
    expect(await user.auth.me()).not.toBeNull();
    await expect(user.auth.signOut()).resolves.toEqual({ ok: true });
    expect(t.cookies.tacke_session).toBe('');
    expect(await (await t.caller(token)).auth.me()).toBeNull();
    const [left] = await t.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)));
    expect(left?.n).toBe(0);
    await expect((await t.caller()).auth.signOut()).resolves.toEqual({ ok: true });
    await expect((await t.caller('z'.repeat(32))).auth.signOut()).resolves.toEqual({ ok: true });
  });

  it('keeps last_active current while a session is used', async () => {
    const { token, user } = await t.signedInUser('aktiven@example.com');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.db.update(profiles).set({ lastActive: hourAgo }).where(eq(profiles.userId, user.id));
    await (await t.caller(token)).auth.me();
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile!.lastActive!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends expired sessions and extends sessions past half their life', async () => {
    const { token, user } = await t.signedInUser('jana@example.com');
    const id = hashToken(token);
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await t.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, id));
    expect(await (await t.caller(token)).auth.me()).toMatchObject({ id: user.id });
    const [extended] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (LIMITS.sessionDays - 1) * 86_400_000);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    expect(await (await t.caller(token)).auth.me()).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
  });

  it('answers a reset request the same way when the mail server fails', async () => {
    await t.signedInUser('mailfail@example.com');
    t.setMailFailing(true);
    try {
      await expect(
        (await t.caller()).auth.requestPasswordReset({ email: 'mailfail@example.com' }),
      ).resolves.toEqual({
        ok: true,
      });
    } finally {
      t.setMailFailing(false);
    }
  });

  it('answers a reset request the same way for unknown addresses and sends no mail', async () => {
    const before = t.mails.length;
    await expect(
      (await t.caller()).auth.requestPasswordReset({ email: 'ghost@example.com' }),
    ).resolves.toEqual({ ok: true });
    expect(t.mails.length).toBe(before);
  });

  it('resets the password with a single-use link, ending every other session', async () => {
    const { token: oldSession, email, password } = await t.signedInUser('klara@example.com');
    const anon = await t.caller();
    await anon.auth.requestPasswordReset({ email: 'Klara@example.com', locale: 'it' });
    const first = t.lastMailToken();
    expect(t.mails.at(-1)!.link).toBe(`http://tacke.test/reset-password?token=${first}`);
    expect(t.mails.at(-1)!.subject).toBe('Reimposta la password di Tačke');
    // A newer request replaces the older link.
    await anon.auth.requestPasswordReset({ email });
    const second = t.lastMailToken();
    expect(
      (await failure(anon.auth.resetPassword({ token: first, password: 'novo-geslo-123' }))).appCode,
    ).toBe('INVALID_TOKEN');
    expect(
      (await failure(anon.auth.resetPassword({ token: second, password: 'short' }))).fieldErrors,
    ).toEqual({
      password: ['validation.passwordTooShort'],
    });
    const reset = await anon.auth.resetPassword({ token: second, password: 'novo-geslo-123' });
    expect(reset.user.email).toBe(email);
    expect(await (await t.caller(oldSession)).auth.me()).toBeNull();
    expect(await (await t.caller(reset.token)).auth.me()).toMatchObject({ email });
    expect((await failure(anon.auth.signIn({ email, password }))).appCode).toBe('INVALID_CREDENTIALS');
    await expect(anon.auth.signIn({ email, password: 'novo-geslo-123' })).resolves.toHaveProperty('token');
    expect(
      (await failure(anon.auth.resetPassword({ token: second, password: 'se-eno-geslo' }))).appCode,
    ).toBe('INVALID_TOKEN');
  });

  it('ends an unused confirmation link when the password is reset', async () => {
    const anon = await t.caller();
    await anon.auth.signUp({ fullName: 'Uroš', email: 'uros@example.com', password: 'psi-so-super' });
    const confirmLink = t.lastMailToken();
    await anon.auth.requestPasswordReset({ email: 'uros@example.com' });
    await anon.auth.resetPassword({ token: t.lastMailToken(), password: 'novo-geslo-123' });
    expect((await failure(anon.auth.confirmEmail({ token: confirmLink }))).appCode).toBe('INVALID_TOKEN');
  });

  it('gives the admin role to ADMIN_EMAILS addresses once they are confirmed', async () => {
    await (
      await t.caller()
    ).auth.signUp({ fullName: 'Boss', email: 'boss@example.com', password: 'psi-so-super' });
    const [pending] = await t.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(pending?.role).toBe('user');
    const { token } = await (await t.caller()).auth.confirmEmail({ token: t.lastMailToken() });
    expect(await (await t.caller(token)).auth.me()).toMatchObject({ role: 'admin' });
  });
});
