import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceCookies } from '../../server/auth/device-cookies';
import { LIMITS } from '#shared/limits';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';

/**
 * Issue 28: strangers on many addresses (an attacker with an IPv6 /48 has 65,536 clients) must not be able to
 * lock an owner out. A browser that signed in to the account before is limited on its own (device cookies).
 */
describe.each(dbKinds())('sign-in from a trusted browser on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  let nextClient = 0;
  /** A caller from a new address, with `device` as its device cookie. */
  const client = (device: string | null = null) =>
    t.caller(null, undefined, `10.60.${++nextClient >> 8}.${nextClient & 255}`, device);

  /** The owner signs in from her browser: the device cookie it is given. */
  async function signedInBrowser(email: string, password: string) {
    await (await client()).auth.signIn({ email, password });
    const device = t.cookies.tacke_device;
    if (!device) throw new Error('no device cookie set');
    return device;
  }

  /** Strangers, each from its own address, fail on `email` until it is locked for every untrusted client. */
  async function lockByStrangers(email: string) {
    const perClient = LIMITS.signIn.perAddressAndClient;
    for (let failed = 0; failed < LIMITS.signIn.perAddress;) {
      const stranger = await client();
      for (let i = 0; i < perClient && failed < LIMITS.signIn.perAddress; i++, failed++)
        expect((await failure(stranger.auth.signIn({ email, password: `guess-${failed}` }))).appCode).toBe(
          'INVALID_CREDENTIALS',
        );
    }
  }

  it("strangers' failures lock the address for untrusted clients only: the owner's browser signs in", async () => {
    const { email, password } = await t.signedInUser('hana.naprava@example.com');
    const device = await signedInBrowser(email, password);
    // Signed, and naming no address.
    expect(device).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(device).not.toContain('hana');

    await lockByStrangers(email);
    // The right password from a new client: locked, as before.
    expect((await failure((await client()).auth.signIn({ email, password }))).appCode).toBe('ACCOUNT_LOCKED');
    // The owner's browser, from yet another address: in.
    const home = await client(device);
    await expect(home.auth.signIn({ email, password })).resolves.toHaveProperty('user.email', email);
    // A new note for the account replaces the old one (a fresh window).
    expect(t.cookies.tacke_device).not.toBe(device);
    expect(t.cookies.tacke_device!.split(',')).toHaveLength(1);
  });

  it("a trusted browser's own failures are limited on their own; past them it is an untrusted client", async () => {
    const { email, password } = await t.signedInUser('iva.naprava@example.com');
    const device = await signedInBrowser(email, password);
    const home = await client(device);
    const codes: string[] = [];
    for (let i = 0; i < LIMITS.signIn.perDevice; i++)
      codes.push((await failure(home.auth.signIn({ email, password: `tipkarska-${i}` }))).appCode);
    expect(codes).toEqual(Array<string>(LIMITS.signIn.perDevice).fill('INVALID_CREDENTIALS'));
    // Its window used up, it shares the address's lock like anyone else.
    await lockByStrangers(email);
    expect((await failure(home.auth.signIn({ email, password }))).appCode).toBe('ACCOUNT_LOCKED');
  });

  it('a note for another account, or an altered one, is no trust', async () => {
    const bor = await t.signedInUser('bor.naprava@example.com');
    const cene = await t.signedInUser('cene.naprava@example.com');
    const borsBrowser = await signedInBrowser(bor.email, bor.password);
    await lockByStrangers(cene.email);
    const as = (who: typeof bor) => ({ email: who.email, password: who.password });
    // Bor's browser is not Cene's.
    const refused = await failure((await client(borsBrowser)).auth.signIn(as(cene)));
    expect(refused.appCode).toBe('ACCOUNT_LOCKED');
    // Bor's note with one character of its signature changed (the first: the last character of a base64url
    // digest has bits that decode to nothing).
    const [nonce, signature] = borsBrowser.split('.') as [string, string];
    const forged = `${nonce}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await lockByStrangers(bor.email);
    expect((await failure((await client(forged)).auth.signIn(as(bor)))).appCode).toBe('ACCOUNT_LOCKED');
    // Bor's real note still works.
    await expect((await client(borsBrowser)).auth.signIn(as(bor))).resolves.toHaveProperty(
      'user.email',
      bor.email,
    );
  });
});

describe('device cookies', () => {
  const devices = createDeviceCookies('test secret');
  it('keep one note per account, the newest five', () => {
    let cookie: string | null = null;
    const emails = [
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
      'e@example.com',
      'f@example.com',
    ];
    for (const email of emails) cookie = devices.issue(cookie, email);
    expect(cookie!.split(',')).toHaveLength(5);
    expect(devices.trusted(cookie, 'a@example.com')).toBeNull();
    for (const email of emails.slice(1)) expect(devices.trusted(cookie, email)).not.toBeNull();
    // Addresses compare without case; another secret's notes are worth nothing.
    expect(devices.trusted(cookie, 'F@Example.com')).not.toBeNull();
    expect(createDeviceCookies('other secret').trusted(cookie, 'f@example.com')).toBeNull();
    // Signing in again renews the account's note in place.
    const renewed = devices.issue(cookie, 'c@example.com');
    expect(renewed.split(',')).toHaveLength(5);
    expect(devices.trusted(renewed, 'c@example.com')).not.toBe(devices.trusted(cookie, 'c@example.com'));
    expect(devices.trusted('garbage,..,.', 'c@example.com')).toBeNull();
  });
});
