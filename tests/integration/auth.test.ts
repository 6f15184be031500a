import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, profiles, rateLimitHits, sessions, users } from '../../server/db/schema';
import { hashToken } from '../../server/auth/tokens';
import { LIMITS } from '#shared/limits';
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

  it('signs up: user, profile and a hashed confirm token; the mail links to /email-confirmed and holds nothing the visitor typed', async () => {
    const anon = await t.caller(null, undefined, '10.9.0.1');
    const result = await anon.auth.signUp({
      fullName: '  Ana <a href="http://evil.example">Novak</a> ',
      email: 'Ana@Example.com',
      password: 'psi-so-super',
      dogName: 'Luna',
    });
    expect(result).toEqual({ email: 'ana@example.com' });
    await t.settled();
    const [user] = await t.db.select().from(users).where(eq(users.email, 'ana@example.com'));
    expect(user?.emailVerifiedAt).toBeNull();
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.signupDogName).toBe('Luna');
    expect(user?.role).toBe('user');
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile?.fullName).toBe('Ana <a href="http://evil.example">Novak</a>');
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('ana@example.com');
    expect(mail.link).toMatch(/^http:\/\/tacke\.test\/email-confirmed\?token=[a-z2-7]{32}$/);
    expect(mail.text).toContain(mail.link);
    expect(mail.text).not.toContain('Novak');
    expect(mail.text).not.toContain('evil');
    expect(mail.subject).toContain('Potrdite');
    const [stored] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user!.id));
    expect(stored?.tokenHash).toBe(hashToken(await t.lastMailToken()));
  });

  it('writes the confirmation mail in the chosen language', async () => {
    await (
      await t.caller(null, undefined, '10.9.0.2')
    ).auth.signUp({ fullName: 'Hans', email: 'hans@example.com', password: 'hunde-sind-toll', locale: 'de' });
    await t.settled();
    expect(t.mails.at(-1)!.subject).toBe('Bestätige deine E-Mail-Adresse für Tačke');
    // Pushes and e-mails later speak it too.
    const [hans] = await t.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.email, 'hans@example.com'));
    expect(hans?.locale).toBe('de');
  });

  it('keeps the language of the latest sign-in and of the app (setLocale) for pushes and e-mails', async () => {
    const { email, password } = await t.signedUpUser('lingua@example.com');
    const anon = await t.caller(null, undefined, '10.9.0.9');
    const { user, token } = await anon.auth.signIn({ email, password, locale: 'it', returnToken: true });
    expect(user.locale).toBe('it');
    const api = await t.caller(token!);
    await api.notifySettings.setLocale({ locale: 'en' });
    expect((await api.auth.me())?.locale).toBe('en');
    expect((await failure(api.notifySettings.setLocale({ locale: 'fr' as never }))).appCode).toBe(
      'VALIDATION',
    );
    expect((await api.auth.me())?.locale).toBe('en');
  });

  it('answers a sign-up of a confirmed address like any other and tells the owner by mail; the account is untouched', async () => {
    const { email, password } = await t.signedUpUser('bor@example.com');
    const anon = await t.caller(null, undefined, '10.9.0.3');
    await expect(
      anon.auth.signUp({ fullName: 'Bor 2', email: 'BOR@example.com', password: 'drugo-geslo-1' }),
    ).resolves.toEqual({ email });
    await t.settled();
    expect(await rowsFor(email)).toBe(1);
    const mail = t.mails.at(-1)!;
    expect(mail).toMatchObject({
      to: email,
      subject: 'Račun v Tačkah že imate',
      link: 'http://tacke.test/auth',
    });
    expect(mail.text).not.toContain('Bor 2');
    await expect(anon.auth.signIn({ email, password })).resolves.toHaveProperty('user.email', email);
    expect((await failure(anon.auth.signIn({ email, password: 'drugo-geslo-1' }))).appCode).toBe(
      'INVALID_CREDENTIALS',
    );
  });

  it('never activates a password planted by someone else (account pre-hijacking)', async () => {
    const attacker = await t.caller(null, undefined, '10.9.0.4');
    const owner = await t.caller(null, undefined, '10.9.0.5');
    await attacker.auth.signUp({
      fullName: 'Squatter',
      email: 'tina@example.com',
      password: 'napadalec-123',
    });
    const attackersLink = await t.lastMailToken(); // it went to Tina's mailbox
    // Tina opens the link she did not ask for: without the planted password nothing is activated.
    expect(
      (await failure(owner.auth.confirmEmail({ token: attackersLink, password: 'prava-tina-123' }))).appCode,
    ).toBe('INVALID_CREDENTIALS');
    const [pending] = await t.db.select().from(users).where(eq(users.email, 'tina@example.com'));
    expect(pending?.emailVerifiedAt).toBeNull();
    // Tina signs up herself: the pending sign-up is not replaced by hers (nor by the attacker's next one)…
    await owner.auth.signUp({ fullName: 'Tina', email: 'tina@example.com', password: 'prava-tina-123' });
    await t.settled();
    expect(await rowsFor('tina@example.com')).toBe(1);
    const [still] = await t.db.select().from(users).where(eq(users.email, 'tina@example.com'));
    expect(still?.passwordHash).toBe(pending?.passwordHash);
    // …she gets a link to choose the password herself, which activates the account with hers only.
    const mail = t.mails.at(-1)!;
    expect(mail).toMatchObject({ to: 'tina@example.com', subject: 'Dokončajte registracijo v Tačkah' });
    expect(mail.link).toMatch(/\/reset-password\?token=/);
    const signedIn = await owner.auth.resetPassword({
      token: await t.lastMailToken(),
      password: 'prava-tina-123',
    });
    expect(signedIn.user.email).toBe('tina@example.com');
    expect(
      (await failure(attacker.auth.signIn({ email: 'tina@example.com', password: 'napadalec-123' }))).appCode,
    ).toBe('INVALID_CREDENTIALS');
    expect(
      (await failure(attacker.auth.confirmEmail({ token: attackersLink, password: 'napadalec-123' })))
        .appCode,
    ).toBe('INVALID_TOKEN');
  });

  it('gives the admin role only to an ADMIN_EMAILS owner who confirms with their own password', async () => {
    const attacker = await t.caller(null, undefined, '10.9.0.6');
    await attacker.auth.signUp({ fullName: 'Boss', email: 'boss@example.com', password: 'planted-123' });
    const link = await t.lastMailToken();
    const [pending] = await t.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(pending?.role).toBe('user');
    const boss = await t.caller(null, undefined, '10.9.0.7');
    expect((await failure(boss.auth.confirmEmail({ token: link, password: 'bossovo-geslo' }))).appCode).toBe(
      'INVALID_CREDENTIALS',
    );
    const [after] = await t.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(after).toMatchObject({ role: 'user', emailVerifiedAt: null });
    // Boss takes the address over through a reset link (the mailbox proves it) and is the admin.
    await boss.auth.requestPasswordReset({ email: 'boss@example.com' });
    const { user } = await boss.auth.resetPassword({
      token: await t.lastMailToken(),
      password: 'bossovo-geslo',
    });
    expect(user.role).toBe('admin');
  });

  it('rejects bad input field by field and writes nothing', async () => {
    const anon = await t.caller(null, undefined, '10.9.0.8');
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
    await t.settled();
    expect(await rowsFor('x@example.com')).toBe(0);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('answers sign-up and reset before the mail goes out, and sends a mail the server refused once it takes mail again', async () => {
    const anon = await t.caller(null, undefined, '10.9.0.9');
    const release = t.holdMail();
    const before = t.mails.length;
    await expect(
      anon.auth.signUp({ fullName: 'Cene', email: 'cene@example.com', password: 'psi-so-super' }),
    ).resolves.toEqual({ email: 'cene@example.com' });
    await expect(anon.auth.requestPasswordReset({ email: 'bor@example.com' })).resolves.toEqual({ ok: true });
    expect(t.mails.length).toBe(before); // both answered while the mail server still holds the mail
    t.setMailFailing(true);
    release();
    await t.settled();
    expect(t.mails.length).toBe(before);
    // The account waits for its mail (it used to be taken back), and the mails wait in the queue.
    expect(await rowsFor('cene@example.com')).toBe(1);
    t.setMailFailing(false);
    await t.app.database.execute(
      `update pgboss.job set start_after = now() where name = 'mail' and state = 'retry'`,
    );
    await t.settled();
    const sent = t.mails.slice(before);
    expect(sent.map((mail) => mail.to).sort()).toEqual(['bor@example.com', 'cene@example.com']);
    // Each carries a working link, and a Message-ID its repeats would share.
    const confirm = sent.find((mail) => mail.to === 'cene@example.com')!;
    expect(confirm.messageId).toMatch(/^<[0-9a-f-]{36}@tacke\.test>$/);
    const { user } = await anon.auth.confirmEmail({
      token: new URL(confirm.link).searchParams.get('token')!,
      password: 'psi-so-super',
      returnToken: true,
    });
    expect(user.email).toBe('cene@example.com');
  });

  it('confirms only with the password chosen at sign-up; confirming signs in once, the link works once', async () => {
    const anon = await t.caller(null, undefined, '10.9.0.10');
    await anon.auth.signUp({ fullName: 'Dana', email: 'dana@example.com', password: 'psi-so-super' });
    const token = await t.lastMailToken();
    expect(
      (await failure(anon.auth.signIn({ email: 'dana@example.com', password: 'psi-so-super' }))).appCode,
    ).toBe('EMAIL_NOT_CONFIRMED');
    expect((await failure(anon.auth.confirmEmail({ token, password: 'ni-moje-geslo' }))).appCode).toBe(
      'INVALID_CREDENTIALS',
    );
    const confirmed = await anon.auth.confirmEmail({ token, password: 'psi-so-super' });
    expect(confirmed.user).toMatchObject({ email: 'dana@example.com', fullName: 'Dana', role: 'user' });
    // A browser gets the session only as the HttpOnly cookie, never in the answer.
    expect(confirmed.token).toBeNull();
    const cookie = t.cookies.tacke_session!;
    expect(await (await t.caller(cookie)).auth.me()).toMatchObject({ email: 'dana@example.com' });
    const again = await failure(anon.auth.confirmEmail({ token, password: 'psi-so-super' }));
    expect(again.appCode).toBe('INVALID_TOKEN');
    expect((await failure(anon.auth.confirmEmail({ token: 'a'.repeat(32), password: 'x' }))).appCode).toBe(
      'INVALID_TOKEN',
    );
    expect((await failure(anon.auth.confirmEmail({ token: 'nonsense', password: 'x' }))).appCode).toBe(
      'VALIDATION',
    );
    await expect(
      anon.auth.signIn({ email: 'dana@example.com', password: 'psi-so-super' }),
    ).resolves.toHaveProperty('user.email', 'dana@example.com');
  });

  it('returns the session token only to clients that ask for it, and then sets no cookie', async () => {
    const { email, password } = await t.signedUpUser('skript@example.com');
    const anon = await t.caller(null, undefined, '10.9.0.11');
    t.cookies.tacke_session = 'unchanged';
    const script = await anon.auth.signIn({ email, password, returnToken: true });
    expect(script.token).toMatch(/^[a-z2-7]{32}$/);
    expect(t.cookies.tacke_session).toBe('unchanged');
    const browser = await anon.auth.signIn({ email, password });
    expect(browser.token).toBeNull();
    expect(t.cookies.tacke_session).toMatch(/^[a-z2-7]{32}$/);
    expect(await (await t.caller(script.token)).auth.me()).toMatchObject({ email });
  });

  it('sends a new confirmation link on sign-in once the old one has run out, and only then', async () => {
    const anon = await t.caller(null, undefined, '10.9.0.12');
    await anon.auth.signUp({ fullName: 'Rok', email: 'rok@example.com', password: 'psi-so-super' });
    await t.settled();
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
    // The next attempt at once (its mail still in the queue) sends no second link.
    expect((await failure(signIn())).appCode).toBe('EMAIL_NOT_CONFIRMED');
    await t.settled();
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)!.subject).toBe('Confirm your e-mail address for Tačke');
    expect((await failure(signIn())).appCode).toBe('EMAIL_NOT_CONFIRMED');
    await t.settled();
    expect(t.mails.length).toBe(before + 1);
    await anon.auth.confirmEmail({ token: await t.lastMailToken(), password: 'psi-so-super' });
    await expect(signIn()).resolves.toHaveProperty('user.email', 'rok@example.com');
  });

  it('refuses an expired confirmation link and leaves the address unconfirmed', async () => {
    const anon = await t.caller(null, undefined, '10.9.0.13');
    await anon.auth.signUp({ fullName: 'Eva', email: 'eva@example.com', password: 'psi-so-super' });
    const token = await t.lastMailToken();
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    expect((await failure(anon.auth.confirmEmail({ token, password: 'psi-so-super' }))).appCode).toBe(
      'TOKEN_EXPIRED',
    );
    const [user] = await t.db.select().from(users).where(eq(users.email, 'eva@example.com'));
    expect(user?.emailVerifiedAt).toBeNull();
  });

  it('signs in with a new session each time, updates last_active, and refuses wrong credentials alike', async () => {
    const { email, password } = await t.signedUpUser('filip@example.com');
    const anon = await t.caller(null, undefined, '10.9.0.14');
    await t.db.update(profiles).set({ lastActive: null });
    const first = await anon.auth.signIn({ email: 'FILIP@example.com', password, returnToken: true });
    const second = await anon.auth.signIn({ email, password, returnToken: true });
    expect(first.token).not.toBe(second.token);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, first.user.id));
    expect(profile?.lastActive).toBeInstanceOf(Date);
    const [stored] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(first.token!)));
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

  it('counts sign-in attempts made in parallel, exactly', async () => {
    const { email } = await t.signedUpUser('parallel@example.com');
    const anon = await t.caller(null, undefined, '10.9.0.15');
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        failure(anon.auth.signIn({ email, password: `guess-number-${i}` })),
      ),
    );
    const codes = results.map((r) => r.appCode);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(LIMITS.signIn.perAddressAndClient);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(
      25 - LIMITS.signIn.perAddressAndClient,
    );
  });

  it(`slows down one client after ${LIMITS.signIn.perAddressAndClient} failures on an address without locking the owner out`, async () => {
    const { email, password } = await t.signedUpUser('greta@example.com');
    const attacker = await t.caller(null, undefined, '10.9.1.1');
    for (let i = 0; i < LIMITS.signIn.perAddressAndClient; i++)
      expect((await failure(attacker.auth.signIn({ email, password: `wrong-${i}-password` }))).appCode).toBe(
        'INVALID_CREDENTIALS',
      );
    expect(await failure(attacker.auth.signIn({ email, password }))).toMatchObject({
      appCode: 'TOO_MANY_ATTEMPTS',
      meta: { minutes: LIMITS.signIn.windowMinutes },
    });
    // The owner, from her own device, signs in as usual.
    const owner = await t.caller(null, undefined, '10.9.1.2');
    await expect(owner.auth.signIn({ email, password })).resolves.toHaveProperty('user.email', email);
    // Once the window has passed, the attacker's client may try again.
    await t.db
      .update(rateLimitHits)
      .set({ createdAt: new Date(Date.now() - (LIMITS.signIn.windowMinutes + 1) * 60_000) })
      .where(eq(rateLimitHits.bucket, `signin:pair:${email} 10.9.1.1`));
    expect((await failure(attacker.auth.signIn({ email, password: 'wrong-again' }))).appCode).toBe(
      'INVALID_CREDENTIALS',
    );
  });

  it(`stops one client spraying passwords over many addresses after ${LIMITS.signIn.perClient} failures`, async () => {
    const sprayer = await t.caller(null, undefined, '10.9.2.1');
    const codes: string[] = [];
    for (let i = 0; i < LIMITS.signIn.perClient + 5; i++)
      codes.push(
        (await failure(sprayer.auth.signIn({ email: `spray-${i}@example.com`, password: 'Geslo1234!' })))
          .appCode,
      );
    expect(codes.slice(0, LIMITS.signIn.perClient).every((c) => c === 'INVALID_CREDENTIALS')).toBe(true);
    expect(codes.slice(LIMITS.signIn.perClient).every((c) => c === 'TOO_MANY_ATTEMPTS')).toBe(true);
    // Another client is not affected.
    const other = await t.caller(null, undefined, '10.9.2.2');
    expect(
      (await failure(other.auth.signIn({ email: 'spray-0@example.com', password: 'Geslo1234!' }))).appCode,
    ).toBe('INVALID_CREDENTIALS');
  });

  it('locks an address that many clients fail on, and a reset link lifts the lock', async () => {
    const { email, password } = await t.signedUpUser('hana@example.com');
    const perClient = LIMITS.signIn.perAddressAndClient;
    for (let c = 0; c * perClient < LIMITS.signIn.perAddress; c++) {
      const attacker = await t.caller(null, undefined, `10.9.3.${c + 1}`);
      for (let i = 0; i < perClient && c * perClient + i < LIMITS.signIn.perAddress; i++)
        await failure(attacker.auth.signIn({ email, password: `guess-${c}-${i}` }));
    }
    const owner = await t.caller(null, undefined, '10.9.3.200');
    expect(await failure(owner.auth.signIn({ email, password }))).toMatchObject({
      appCode: 'ACCOUNT_LOCKED',
      meta: { minutes: LIMITS.signIn.windowMinutes },
    });
    await owner.auth.requestPasswordReset({ email });
    await owner.auth.resetPassword({ token: await t.lastMailToken(), password: 'novo-geslo-za-hano' });
    await expect(owner.auth.signIn({ email, password: 'novo-geslo-za-hano' })).resolves.toHaveProperty(
      'user.email',
      email,
    );
  });

  it(`sends at most ${LIMITS.mail.perAddressPerHour} account e-mails an hour to one address, known or not, alike`, async () => {
    const { email } = await t.signedUpUser('pismo@example.com');
    // Its sign-up's mail counted too: once its job has run (a late one would count against the resets).
    await t.settled();
    await t.db.delete(rateLimitHits);
    for (const address of [email, 'neznan@example.com']) {
      const codes: string[] = [];
      for (let i = 0; i < LIMITS.mail.perAddressPerHour + 2; i++) {
        const client = await t.caller(null, undefined, `10.9.4.${i + (address === email ? 0 : 100)}`);
        codes.push(
          await client.auth.requestPasswordReset({ email: address }).then(
            () => 'ok',
            async (error: unknown) => (await failure(Promise.reject(error))).appCode,
          ),
        );
      }
      expect(codes).toEqual([
        ...Array<string>(LIMITS.mail.perAddressPerHour).fill('ok'),
        'TOO_MANY_MAILS',
        'TOO_MANY_MAILS',
      ]);
    }
    await t.settled();
    // At most one mail per accepted request; fewer when a newer request replaced a link whose mail had not
    // gone yet (only the newest link works: email-tokens.ts), as happens on a loaded machine.
    const resets = t.mails.filter((m) => m.to === email && m.subject.includes('Ponastavitev')).length;
    expect(resets).toBeGreaterThanOrEqual(1);
    expect(resets).toBeLessThanOrEqual(LIMITS.mail.perAddressPerHour);
    // Sign-ups count under the same limit.
    const signUp = await failure(
      (await t.caller(null, undefined, '10.9.4.200')).auth.signUp({
        fullName: 'X',
        email,
        password: 'psi-so-super',
      }),
    );
    expect(signUp).toMatchObject({ appCode: 'TOO_MANY_MAILS', meta: { minutes: 60 } });
  });

  it(`sends at most ${LIMITS.mail.perClientPerHour} account e-mails an hour for one client`, async () => {
    const client = await t.caller(null, undefined, '10.9.5.1');
    const codes: string[] = [];
    for (let i = 0; i < LIMITS.mail.perClientPerHour + 2; i++)
      codes.push(
        await client.auth
          .signUp({ fullName: 'Spam', email: `spam-${i}@example.com`, password: 'psi-so-super' })
          .then(
            () => 'ok',
            async (error: unknown) => (await failure(Promise.reject(error))).appCode,
          ),
      );
    expect(codes.filter((c) => c === 'ok')).toHaveLength(LIMITS.mail.perClientPerHour);
    expect(codes.slice(LIMITS.mail.perClientPerHour)).toEqual(['TOO_MANY_MAILS', 'TOO_MANY_MAILS']);
    await t.settled();
    expect(t.mails.filter((m) => m.to.startsWith('spam-'))).toHaveLength(LIMITS.mail.perClientPerHour);
  });

  it('signs out on the server and tolerates a missing session', async () => {
    const { token } = await t.signedUpUser('ivo@example.com');
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
    const { token, user } = await t.signedUpUser('aktiven@example.com');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.db.update(profiles).set({ lastActive: hourAgo }).where(eq(profiles.userId, user.id));
    await (await t.caller(token)).auth.me();
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile!.lastActive!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends expired sessions and extends sessions past half their life', async () => {
    const { token, user } = await t.signedUpUser('jana@example.com');
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
    await t.signedUpUser('mailfail@example.com');
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
    await t.settled();
    const before = t.mails.length;
    await expect(
      (await t.caller()).auth.requestPasswordReset({ email: 'ghost@example.com' }),
    ).resolves.toEqual({ ok: true });
    await t.settled();
    expect(t.mails.length).toBe(before);
  });

  it('resets the password with a single-use link, ending every other session', async () => {
    const { token: oldSession, email, password } = await t.signedUpUser('klara@example.com');
    const anon = await t.caller(null, undefined, '10.9.6.1');
    await anon.auth.requestPasswordReset({ email: 'Klara@example.com', locale: 'it' });
    const first = await t.lastMailToken();
    expect(t.mails.at(-1)!.link).toBe(`http://tacke.test/reset-password?token=${first}`);
    expect(t.mails.at(-1)!.subject).toBe('Reimposta la password di Tačke');
    // A newer request replaces the older link.
    await anon.auth.requestPasswordReset({ email });
    const second = await t.lastMailToken();
    expect(
      (await failure(anon.auth.resetPassword({ token: first, password: 'novo-geslo-123' }))).appCode,
    ).toBe('INVALID_TOKEN');
    expect(
      (await failure(anon.auth.resetPassword({ token: second, password: 'short' }))).fieldErrors,
    ).toEqual({
      password: ['validation.passwordTooShort'],
    });
    const reset = await anon.auth.resetPassword({
      token: second,
      password: 'novo-geslo-123',
      returnToken: true,
    });
    expect(reset.user.email).toBe(email);
    expect(await (await t.caller(oldSession)).auth.me()).toBeNull();
    expect(await (await t.caller(reset.token)).auth.me()).toMatchObject({ email });
    expect((await failure(anon.auth.signIn({ email, password }))).appCode).toBe('INVALID_CREDENTIALS');
    await expect(anon.auth.signIn({ email, password: 'novo-geslo-123' })).resolves.toHaveProperty(
      'user.email',
      email,
    );
    expect(
      (await failure(anon.auth.resetPassword({ token: second, password: 'se-eno-geslo' }))).appCode,
    ).toBe('INVALID_TOKEN');
  });

  it('ends an unused confirmation link when the password is reset', async () => {
    const anon = await t.caller(null, undefined, '10.9.6.2');
    await anon.auth.signUp({ fullName: 'Uroš', email: 'uros@example.com', password: 'psi-so-super' });
    const confirmLink = await t.lastMailToken();
    await anon.auth.requestPasswordReset({ email: 'uros@example.com' });
    await anon.auth.resetPassword({ token: await t.lastMailToken(), password: 'novo-geslo-123' });
    expect(
      (await failure(anon.auth.confirmEmail({ token: confirmLink, password: 'psi-so-super' }))).appCode,
    ).toBe('INVALID_TOKEN');
  });
});
