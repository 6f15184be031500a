import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dogProfiles, uploads } from '../../server/db/schema';
import { monthOfIndex, utcMonthIndex } from '#shared/domain/dog-age';
import { LIMITS } from '#shared/limits';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';
import { jpeg } from '../helpers/images';
import { uploadedKey } from '../helpers/uploads';

/** The birth month of a dog `months` old this month (as the server counts: UTC). */
const bornMonthsAgo = (months: number) => monthOfIndex(utcMonthIndex() - months);

const valid = {
  name: 'Luna',
  breed: 'Labradorec',
  birthMonth: bornMonthsAgo(36),
  gender: 'female' as const,
  location: 'Ljubljana',
};

describe.each(dbKinds())('dogs on %s', (kind) => {
  let t: TestApp;
  let photo: Buffer;
  let alice: Awaited<ReturnType<TestApp['signedInUser']>>;
  let bob: Awaited<ReturnType<TestApp['signedInUser']>>;

  const fileExists = (url: string) =>
    fs.existsSync(path.join(t.config.dataDir, 'uploads', url.replace(/^\/media\//, '')));
  const dogCount = async () => (await t.db.select().from(dogProfiles)).length;

  beforeAll(async () => {
    t = await startTestApp(kind);
    photo = await jpeg(640, 480);
    alice = await t.signedInUser();
    bob = await t.signedInUser();
  });
  afterAll(() => t.close());

  it('creates a dog with defaults, canonical names and its photos; mine() lists newest first', async () => {
    const me = await t.caller(alice.token);
    const key = await uploadedKey(t.app, alice.token, photo);
    const first = await me.dogs.create({
      name: '  Luna ',
      breed: 'german shepherd',
      // The API's age before birth months, still taken: born three years before this month.
      age: 3,
      gender: 'male',
      location: 'capodistria',
      traits: ['Loyal', 'Igriv', 'Igriv'],
      description: '  ',
      photos: [key],
    });
    expect(first).toMatchObject({
      name: 'Luna',
      breed: 'Nemški ovčar',
      birthMonth: bornMonthsAgo(36),
      gender: 'male',
      originCountry: 'SI',
      location: 'Koper',
      traits: ['Zvest', 'Igriv'],
      description: null,
      userId: alice.user.id,
    });
    expect(first.photos).toEqual([
      {
        key,
        thumb: `/media/${key}_thumb.webp`,
        medium: `/media/${key}_med.webp`,
        full: `/media/${key}_full.webp`,
      },
    ]);
    expect(first).not.toHaveProperty('age');
    expect(first).not.toHaveProperty('bornOn');
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.key, key));
    expect(upload?.attachedAt).toBeInstanceOf(Date);

    const second = await me.dogs.create({
      ...valid,
      name: 'Max',
      originCountry: 'AT',
      location: 'Vienna',
    });
    expect(second).toMatchObject({
      originCountry: 'AT',
      location: 'Wien',
      gender: 'female',
      birthMonth: bornMonthsAgo(36),
    });
    expect((await me.dogs.mine()).map((dog) => dog.name)).toEqual(['Max', 'Luna']);
    expect(await (await t.caller(bob.token)).dogs.mine()).toEqual([]);
  });

  describe('validation: a clear field error and nothing stored', () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['empty name', { name: '   ' }, 'name', 'validation.dogNameRequired'],
      ['long name', { name: 'x'.repeat(LIMITS.dogName.max + 1) }, 'name', 'validation.dogNameTooLong'],
      ['empty breed', { breed: '' }, 'breed', 'validation.breedRequired'],
      ['unknown breed', { breed: 'Zmaj' }, 'breed', 'validation.breedInvalid'],
      ['partial breed', { breed: 'Labra' }, 'breed', 'validation.breedInvalid'],
      ['no birth month (nor age)', { birthMonth: undefined }, 'birthMonth', 'validation.birthMonthRequired'],
      ['birth month 13', { birthMonth: '2024-13' }, 'birthMonth', 'validation.birthMonthInvalid'],
      ['birth month as a date', { birthMonth: '2024-03-01' }, 'birthMonth', 'validation.birthMonthInvalid'],
      ['birth month as a number', { birthMonth: 202403 }, 'birthMonth', 'validation.birthMonthInvalid'],
      ['born in two months', { birthMonth: bornMonthsAgo(-2) }, 'birthMonth', 'validation.birthMonthFuture'],
      [
        'older than 20 years',
        { birthMonth: bornMonthsAgo(LIMITS.dogAge.max * 12 + 2) },
        'birthMonth',
        'validation.birthMonthTooOld',
      ],
      ['age -1', { birthMonth: undefined, age: -1 }, 'age', 'validation.dogAgeRange'],
      ['age 21', { birthMonth: undefined, age: LIMITS.dogAge.max + 1 }, 'age', 'validation.dogAgeRange'],
      ['age 2.5', { birthMonth: undefined, age: 2.5 }, 'age', 'validation.dogAgeRange'],
      ['age as text', { birthMonth: undefined, age: '3' }, 'age', 'validation.dogAgeRange'],
      ['no gender', { gender: undefined }, 'gender', 'validation.genderInvalid'],
      ['empty location', { location: '' }, 'location', 'validation.locationRequired'],
      ['place outside the country', { location: 'Wien' }, 'location', 'validation.locationInvalid'],
      ['unknown country', { originCountry: 'XX' }, 'originCountry', 'validation.countryInvalid'],
      [
        'description too long',
        { description: 'a'.repeat(LIMITS.dogDescription.max + 1) },
        'description',
        'validation.descriptionTooLong',
      ],
      ['unknown trait', { traits: ['Zvest', 'Leteč'] }, 'traits', 'validation.traitInvalid'],
      ['unknown gender', { gender: 'other' }, 'gender', 'validation.genderInvalid'],
      ['malformed photo key', { photos: ['../../etc/passwd'] }, 'photos', 'validation.photoInvalid'],
    ];
    it.each(cases)('%s', async (_name, change, field, message) => {
      const before = await dogCount();
      const error = await failure(
        (await t.caller(alice.token)).dogs.create({ ...valid, ...change } as never),
      );
      expect(error.appCode).toBe('VALIDATION');
      expect(error.fieldErrors?.[field]).toContain(message);
      expect(await dogCount()).toBe(before);
    });

    it('an empty dog is refused on every required field at once', async () => {
      const error = await failure((await t.caller(alice.token)).dogs.create({} as never));
      expect(error.appCode).toBe('VALIDATION');
      expect(Object.keys(error.fieldErrors ?? {}).sort()).toEqual([
        'birthMonth',
        'breed',
        'gender',
        'location',
        'name',
      ]);
    });

    it('a description of exactly 1500 characters is fine', async () => {
      const dog = await (
        await t.caller(alice.token)
      ).dogs.create({ ...valid, description: 'a'.repeat(LIMITS.dogDescription.max) });
      expect(dog.description).toHaveLength(LIMITS.dogDescription.max);
    });
  });

  it("refuses someone else's photo, or one already used by another dog, and stores nothing", async () => {
    const bobsKey = await uploadedKey(t.app, bob.token, photo);
    const before = await dogCount();
    const me = await t.caller(alice.token);
    expect((await failure(me.dogs.create({ ...valid, photos: [bobsKey] }))).appCode).toBe('UPLOAD_NOT_FOUND');
    const [row] = await t.db.select().from(uploads).where(eq(uploads.key, bobsKey));
    expect(row?.attachedAt).toBeNull();

    const key = await uploadedKey(t.app, alice.token, photo);
    await me.dogs.create({ ...valid, photos: [key] });
    const unused = await uploadedKey(t.app, alice.token, photo);
    expect((await failure(me.dogs.create({ ...valid, photos: [unused, key] }))).appCode).toBe(
      'UPLOAD_NOT_FOUND',
    );
    // The whole create rolled back: the unused upload is still free.
    const [free] = await t.db.select().from(uploads).where(eq(uploads.key, unused));
    expect(free?.attachedAt).toBeNull();
    expect(await dogCount()).toBe(before + 1);
    // A profile photo is not a dog photo.
    const profileKey = await uploadedKey(t.app, alice.token, photo, 'profile');
    expect((await failure(me.dogs.create({ ...valid, photos: [profileKey] }))).appCode).toBe(
      'UPLOAD_NOT_FOUND',
    );
  });

  it('updates: replaced photos leave storage, kept ones stay', async () => {
    const me = await t.caller(alice.token);
    const [a, b, c] = [
      await uploadedKey(t.app, alice.token, photo),
      await uploadedKey(t.app, alice.token, photo),
      await uploadedKey(t.app, alice.token, photo),
    ];
    const dog = await me.dogs.create({ ...valid, photos: [a, b] });
    const updated = await me.dogs.update({
      ...valid,
      id: dog.id,
      name: 'Luna II',
      birthMonth: bornMonthsAgo(50),
      photos: [c, a],
    });
    expect(updated).toMatchObject({ id: dog.id, name: 'Luna II', birthMonth: bornMonthsAgo(50) });
    expect(updated.photos.map((p) => p.key)).toEqual([c, a]);
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(dog.updatedAt.getTime());
    expect(fileExists(`/media/${b}_full.webp`)).toBe(false);
    expect(fileExists(`/media/${b}_thumb.webp`)).toBe(false);
    expect(fileExists(`/media/${a}_full.webp`)).toBe(true);
    expect(fileExists(`/media/${c}_med.webp`)).toBe(true);
    expect(await t.db.select().from(uploads).where(eq(uploads.key, b))).toEqual([]);
    expect((await me.dogs.byId({ id: dog.id })).name).toBe('Luna II');
  });

  it('a puppy: its birth month as given, stored as the first of the month; from this month back 20 years', async () => {
    const me = await t.caller(alice.token);
    const puppy = await me.dogs.create({ ...valid, name: 'Mladič', birthMonth: bornMonthsAgo(4) });
    expect(puppy.birthMonth).toBe(bornMonthsAgo(4));
    const [row] = await t.db.select().from(dogProfiles).where(eq(dogProfiles.id, puppy.id));
    expect(row!.bornOn).toBe(`${bornMonthsAgo(4)}-01`);
    expect((await (await t.caller(bob.token)).dogs.byId({ id: puppy.id })).birthMonth).toBe(bornMonthsAgo(4));
    // Born this month (0 months old), and the oldest: exactly 20 years.
    for (const months of [0, LIMITS.dogAge.max * 12])
      expect((await me.dogs.create({ ...valid, birthMonth: bornMonthsAgo(months) })).birthMonth).toBe(
        bornMonthsAgo(months),
      );
    // The legacy age 0 is a dog born this month.
    const { birthMonth: _birthMonth, ...withoutBirth } = valid;
    expect((await me.dogs.create({ ...withoutBirth, age: 0 })).birthMonth).toBe(bornMonthsAgo(0));
  });

  it('an update keeps the stored gender and birth month when they are left out, and changes them when given', async () => {
    const me = await t.caller(alice.token);
    const dog = await me.dogs.create({ ...valid, gender: 'male', birthMonth: bornMonthsAgo(7) });
    const { birthMonth: _birthMonth, gender: _gender, ...rest } = valid;
    const kept = await me.dogs.update({ ...rest, id: dog.id, name: 'Ostal' });
    expect(kept).toMatchObject({ name: 'Ostal', gender: 'male', birthMonth: bornMonthsAgo(7) });
    const changed = await me.dogs.update({ ...rest, id: dog.id, gender: 'female', age: 2 });
    expect(changed).toMatchObject({ gender: 'female', birthMonth: bornMonthsAgo(24) });
    const error = await failure(me.dogs.update({ ...rest, id: dog.id, gender: 'other' as never }));
    expect(error.fieldErrors?.gender).toContain('validation.genderInvalid');
  });

  it("another user's dog cannot be changed or deleted: NOT_FOUND and nothing changes", async () => {
    const dog = await (await t.caller(alice.token)).dogs.create({ ...valid, name: 'Ostane' });
    const mallory = await t.caller(bob.token);
    expect((await failure(mallory.dogs.update({ ...valid, id: dog.id, name: 'Ukraden' }))).appCode).toBe(
      'NOT_FOUND',
    );
    expect((await failure(mallory.dogs.remove({ id: dog.id }))).appCode).toBe('NOT_FOUND');
    const [row] = await t.db.select().from(dogProfiles).where(eq(dogProfiles.id, dog.id));
    expect(row).toMatchObject({ name: 'Ostane', userId: alice.user.id });
  });

  it('byId shows any dog with its owner card; unknown ids are NOT_FOUND', async () => {
    const dog = await (await t.caller(alice.token)).dogs.create({ ...valid, name: 'Javna' });
    const seen = await (await t.caller(bob.token)).dogs.byId({ id: dog.id });
    expect(seen).toMatchObject({
      id: dog.id,
      name: 'Javna',
      owner: { userId: alice.user.id, fullName: 'Test Uporabnik', photo: null },
    });
    expect(seen.owner).not.toHaveProperty('email');
    const missing = await failure((await t.caller(bob.token)).dogs.byId({ id: crypto.randomUUID() }));
    expect(missing.appCode).toBe('NOT_FOUND');
    expect((await failure((await t.caller(bob.token)).dogs.byId({ id: 'not-a-uuid' }))).appCode).toBe(
      'VALIDATION',
    );
  });

  it('remove deletes the row, its uploads and their files', async () => {
    const me = await t.caller(alice.token);
    const key = await uploadedKey(t.app, alice.token, photo);
    const dog = await me.dogs.create({ ...valid, photos: [key] });
    expect(await me.dogs.remove({ id: dog.id })).toEqual({ id: dog.id });
    expect(await t.db.select().from(dogProfiles).where(eq(dogProfiles.id, dog.id))).toEqual([]);
    expect(await t.db.select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
    expect(fileExists(`/media/${key}_med.webp`)).toBe(false);
    expect((await failure(me.dogs.remove({ id: dog.id }))).appCode).toBe('NOT_FOUND');
  });

  it('signed-out callers get UNAUTHENTICATED from every procedure', async () => {
    const anon = await t.caller();
    const id = crypto.randomUUID();
    for (const call of [
      anon.dogs.mine(),
      anon.dogs.byId({ id }),
      anon.dogs.create(valid),
      anon.dogs.update({ ...valid, id }),
      anon.dogs.remove({ id }),
    ])
      expect((await failure(call)).appCode).toBe('UNAUTHENTICATED');
  });

  it("onChange tells the owner's other tabs about their dogs, and nobody else", async () => {
    const controller = new AbortController();
    const mine = await (await t.caller(alice.token, controller.signal)).dogs.onChange();
    const theirs = await (await t.caller(bob.token, controller.signal)).dogs.onChange();
    const received: unknown[] = [];
    const reading = (async () => {
      for await (const change of mine) {
        received.push(change);
        if (received.length === 3) break;
      }
    })();
    const bobHeard: unknown[] = [];
    void (async () => {
      for await (const change of theirs) bobHeard.push(change);
    })().catch(() => {});
    const me = await t.caller(alice.token);
    const dog = await me.dogs.create(valid);
    await me.dogs.update({ ...valid, id: dog.id, name: 'Luna V' });
    await me.dogs.remove({ id: dog.id });
    await reading;
    controller.abort();
    expect(received).toEqual([
      { type: 'created', id: dog.id },
      { type: 'updated', id: dog.id },
      { type: 'removed', id: dog.id },
    ]);
    expect(bobHeard).toEqual([]);
  });

  it('a live subscription ends, as signed out, when its session ends elsewhere', async () => {
    const user = await t.signedInUser();
    const other = await (
      await t.caller()
    ).auth.signIn({
      email: user.email,
      password: user.password,
      returnToken: true,
    });
    const controller = new AbortController();
    const collect = async (token: string) => {
      const stream = await (await t.caller(token, controller.signal)).dogs.onChange();
      const seen: unknown[] = [];
      try {
        for await (const change of stream) seen.push(change);
        return { seen, error: null };
      } catch (error) {
        return { seen, error: await failure(Promise.reject(error)) };
      }
    };
    const first = collect(user.token);
    const second = collect(other.token!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Signing out the first session (say, in another tab) stops its stream; the second one stays live.
    await (await t.caller(user.token)).auth.signOut();
    expect(await first).toEqual({ seen: [], error: { appCode: 'UNAUTHENTICATED' } });
    const dog = await (await t.caller(other.token)).dogs.create(valid);
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    expect(await second).toEqual({ seen: [{ type: 'created', id: dog.id }], error: null });
  });

  it('a password reset ends every live subscription of the user', async () => {
    const user = await t.signedInUser();
    const controller = new AbortController();
    const stream = await (await t.caller(user.token, controller.signal)).dogs.onChange();
    const ended = (async () => {
      try {
        for await (const _change of stream);
        return null;
      } catch (error) {
        return (await failure(Promise.reject(error))).appCode;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const anon = await t.caller();
    await anon.auth.requestPasswordReset({ email: user.email });
    await anon.auth.resetPassword({ token: await t.lastMailToken(), password: 'cisto-novo-geslo' });
    expect(await ended).toBe('UNAUTHENTICATED');
    controller.abort();
  });
});
