import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dogProfiles, uploads } from '../../server/db/schema';
import { LIMITS } from '../../src/limits';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';
import { jpeg } from '../helpers/images';
import { uploadedKey } from '../helpers/uploads';

const valid = { name: 'Luna', breed: 'Labradorec', age: 3, location: 'Ljubljana' };

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
      age: 3,
      location: 'capodistria',
      traits: ['Loyal', 'Igriv', 'Igriv'],
      description: '  ',
      photos: [key],
    });
    expect(first).toMatchObject({
      name: 'Luna',
      breed: 'Nemški ovčar',
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
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.key, key));
    expect(upload?.attachedAt).toBeInstanceOf(Date);

    const second = await me.dogs.create({
      ...valid,
      name: 'Max',
      gender: 'female',
      originCountry: 'AT',
      location: 'Vienna',
    });
    expect(second).toMatchObject({ originCountry: 'AT', location: 'Wien', gender: 'female' });
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
      ['age 0', { age: 0 }, 'age', 'validation.dogAgeRange'],
      ['age 21', { age: LIMITS.dogAge.max + 1 }, 'age', 'validation.dogAgeRange'],
      ['age 2.5', { age: 2.5 }, 'age', 'validation.dogAgeRange'],
      ['age as text', { age: '3' }, 'age', 'validation.dogAgeRange'],
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
    const updated = await me.dogs.update({ ...valid, id: dog.id, name: 'Luna II', age: 4, photos: [c, a] });
    expect(updated).toMatchObject({ id: dog.id, name: 'Luna II', age: 4 });
    expect(updated.photos.map((p) => p.key)).toEqual([c, a]);
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(dog.updatedAt.getTime());
    expect(fileExists(`/media/${b}_full.webp`)).toBe(false);
    expect(fileExists(`/media/${b}_thumb.webp`)).toBe(false);
    expect(fileExists(`/media/${a}_full.webp`)).toBe(true);
    expect(fileExists(`/media/${c}_med.webp`)).toBe(true);
    expect(await t.db.select().from(uploads).where(eq(uploads.key, b))).toEqual([]);
    expect((await me.dogs.byId({ id: dog.id })).name).toBe('Luna II');
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
    await me.dogs.update({ ...valid, id: dog.id, age: 5 });
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
