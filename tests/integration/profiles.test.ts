import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, profiles, uploads, users } from '../../server/db/schema';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';
import { jpeg } from '../helpers/images';
import { uploadedKey } from '../helpers/uploads';

describe.each(dbKinds())('profiles on %s', (kind) => {
  let t: TestApp;
  let photo: Buffer;
  let alice: Awaited<ReturnType<TestApp['signedInUser']>>;
  let bob: Awaited<ReturnType<TestApp['signedInUser']>>;
  const fileExists = (key: string) =>
    fs.existsSync(path.join(t.config.dataDir, 'uploads', `${key}_full.webp`));
  const profileRow = async (userId: string) =>
    (await t.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];

  beforeAll(async () => {
    t = await startTestApp(kind);
    photo = await jpeg(400, 400);
    alice = await t.signedInUser();
    bob = await t.signedInUser();
  });
  afterAll(() => t.close());

  it('me() starts from the sign-up name, with the e-mail and member-since date', async () => {
    const me = await (await t.caller(alice.token)).profiles.me();
    expect(me).toMatchObject({
      userId: alice.user.id,
      fullName: 'Test Uporabnik',
      email: alice.email,
      age: null,
      countryCode: 'SI',
      location: null,
      photo: null,
    });
    expect(me.createdAt).toBeInstanceOf(Date);
  });

  it('update saves name, age, country and a place valid for it; a new photo replaces and removes the old', async () => {
    const me = await t.caller(alice.token);
    const first = await uploadedKey(t.app, alice.token, photo, 'profile');
    const saved = await me.profiles.update({
      fullName: ' Ana Novak ',
      age: 34,
      country: 'si',
      location: 'novo mesto',
      photoKey: first,
    });
    expect(saved).toMatchObject({
      fullName: 'Ana Novak',
      age: 34,
      countryCode: 'SI',
      location: 'Novo mesto',
    });
    expect(saved.photo?.thumb).toBe(`/media/${first}_thumb.webp`);
    expect((await profileRow(alice.user.id))?.country).toBe('Slovenija');

    const second = await uploadedKey(t.app, alice.token, photo, 'profile');
    await me.profiles.update({
      fullName: 'Ana Novak',
      age: 34,
      country: 'IT',
      location: 'Trst',
      photoKey: second,
    });
    expect(fileExists(first)).toBe(false);
    expect(await t.db.select().from(uploads).where(eq(uploads.key, first))).toEqual([]);
    expect(fileExists(second)).toBe(true);
    expect(await me.profiles.me()).toMatchObject({ countryCode: 'IT', location: 'Trieste' });

    // Absent photoKey keeps the photo; null removes it (and its files).
    expect((await me.profiles.update({ fullName: 'Ana', country: 'SI', location: '' })).photo?.key).toBe(
      second,
    );
    const cleared = await me.profiles.update({ fullName: 'Ana', country: 'SI', photoKey: null });
    expect(cleared).toMatchObject({ photo: null, age: null, location: null });
    expect(fileExists(second)).toBe(false);
  });

  describe('validation: a clear field error and nothing changed', () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['empty name', { fullName: '  ' }, 'fullName', 'validation.fullNameRequired'],
      ['age 12', { age: 12 }, 'age', 'validation.profileAgeRange'],
      ['age 100', { age: 100 }, 'age', 'validation.profileAgeRange'],
      ['age 30.5', { age: 30.5 }, 'age', 'validation.profileAgeRange'],
      ['unknown country', { country: 'ZZ' }, 'country', 'validation.countryInvalid'],
      [
        'place outside the country',
        { country: 'SI', location: 'München' },
        'location',
        'validation.locationInvalid',
      ],
      ['malformed photo key', { photoKey: 'profiles/../../x' }, 'photoKey', 'validation.photoInvalid'],
    ];
    it.each(cases)('%s', async (_name, change, field, message) => {
      const before = await profileRow(alice.user.id);
      const error = await failure(
        (await t.caller(alice.token)).profiles.update({ fullName: 'Ana', country: 'SI', ...change } as never),
      );
      expect(error.appCode).toBe('VALIDATION');
      expect(error.fieldErrors?.[field]).toContain(message);
      expect(await profileRow(alice.user.id)).toEqual(before);
    });
  });

  it("refuses someone else's photo or a dog photo as the avatar, and changes nothing", async () => {
    const before = await profileRow(alice.user.id);
    const bobsKey = await uploadedKey(t.app, bob.token, photo, 'profile');
    const me = await t.caller(alice.token);
    expect((await failure(me.profiles.update({ fullName: 'Vsiljivec', photoKey: bobsKey }))).appCode).toBe(
      'UPLOAD_NOT_FOUND',
    );
    const dogKey = await uploadedKey(t.app, alice.token, photo, 'dog');
    expect((await failure(me.profiles.update({ fullName: 'Vsiljivec', photoKey: dogKey }))).appCode).toBe(
      'UPLOAD_NOT_FOUND',
    );
    expect(await profileRow(alice.user.id)).toEqual(before);
  });

  it('byUserId shows the public card with dogs, never the e-mail; unknown users are NOT_FOUND', async () => {
    await (
      await t.caller(bob.token)
    ).dogs.create({ name: 'Pika', breed: 'Mešanec', age: 2, gender: 'male', location: 'Celje' });
    const card = await (await t.caller(alice.token)).profiles.byUserId({ userId: bob.user.id });
    expect(card).toMatchObject({ userId: bob.user.id, fullName: 'Test Uporabnik' });
    expect(card).not.toHaveProperty('email');
    expect(card.dogs.map((dog) => dog.name)).toEqual(['Pika']);
    const missing = await failure(
      (await t.caller(alice.token)).profiles.byUserId({ userId: crypto.randomUUID() }),
    );
    expect(missing.appCode).toBe('NOT_FOUND');
  });

  it('stats() counts my dogs and my matches', async () => {
    const carol = await t.signedInUser();
    const me = await t.caller(carol.token);
    expect(await me.profiles.stats()).toEqual({ dogs: 0, matches: 0 });
    const mine = await me.dogs.create({
      name: 'A',
      breed: 'Mešanec',
      age: 2,
      gender: 'male',
      location: 'Celje',
    });
    await me.dogs.create({ name: 'B', breed: 'Mešanec', age: 2, gender: 'male', location: 'Celje' });
    const [theirs] = await (await t.caller(bob.token)).dogs.mine();
    await t.db
      .insert(matches)
      .values({ user1Id: bob.user.id, user2Id: carol.user.id, dog1Id: theirs!.id, dog2Id: mine.id });
    expect(await me.profiles.stats()).toEqual({ dogs: 2, matches: 1 });
  });

  it('stats() leaves out matches with someone hidden either way: blocked, blocking or suspended', async () => {
    const [dora, emil, fran] = [await t.signedInUser(), await t.signedInUser(), await t.signedInUser()];
    const [doraApi, emilApi, franApi] = [
      await t.caller(dora.token),
      await t.caller(emil.token),
      await t.caller(fran.token),
    ];
    const dog = { breed: 'Mešanec', age: 2, gender: 'male' as const, location: 'Celje' };
    const [d, e, f] = await Promise.all([
      doraApi.dogs.create({ name: 'D', ...dog }),
      emilApi.dogs.create({ name: 'E', ...dog }),
      franApi.dogs.create({ name: 'F', ...dog }),
    ]);
    await t.db.insert(matches).values([
      { user1Id: dora.user.id, user2Id: emil.user.id, dog1Id: d.id, dog2Id: e.id },
      { user1Id: fran.user.id, user2Id: dora.user.id, dog1Id: f.id, dog2Id: d.id },
    ]);
    const counted = async () =>
      Promise.all([doraApi, emilApi, franApi].map(async (api) => (await api.profiles.stats()).matches));
    expect(await counted()).toEqual([2, 1, 1]);
    // Dora blocks Emil: their match counts for neither; Fran's with Dora still counts.
    await doraApi.safety.block({ userId: emil.user.id });
    expect(await counted()).toEqual([1, 0, 1]);
    await doraApi.safety.unblock({ userId: emil.user.id });
    expect(await counted()).toEqual([2, 1, 1]);
    // Fran blocks Dora (the other way round), then only a suspension hides Emil.
    await franApi.safety.block({ userId: dora.user.id });
    expect(await counted()).toEqual([1, 1, 0]);
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, emil.user.id));
    expect((await doraApi.profiles.stats()).matches).toBe(0);
  });

  it('signed-out callers get UNAUTHENTICATED', async () => {
    const anon = await t.caller();
    for (const call of [
      anon.profiles.me(),
      anon.profiles.stats(),
      anon.profiles.byUserId({ userId: alice.user.id }),
      anon.profiles.update({ fullName: 'X' }),
    ])
      expect((await failure(call)).appCode).toBe('UNAUTHENTICATED');
  });
});
