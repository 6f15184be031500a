import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deckPositions, dogProfiles, swipes, users } from '../../server/db/schema';
import { seedOf } from '../../server/services/deck';
import type { DeckFiltersInput } from '../../src/schemas/deck';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';
import { makeDog, makeUser } from '../helpers/factories';

type DogFields = Parameters<typeof makeDog>[2];

describe.each(dbKinds())('the deck on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  // Each test sees only its own dogs.
  beforeEach(async () => {
    await t.db.delete(users);
  });

  /** A user with one dog (in Ljubljana unless said otherwise) and their API. */
  async function owner(fields: DogFields = {}) {
    const user = await makeUser(t.db);
    const dog = await makeDog(t.db, user.id, fields);
    return { ...user, dog, api: await t.caller(user.token) };
  }
  type Owner = Awaited<ReturnType<typeof owner>>;
  /** Another owner's dog. */
  const dogAt = async (fields: DogFields = {}) => (await owner(fields)).dog;
  const deck = async (me: Owner, limit = 50) => me.api.dogs.deck({ fromDogId: me.dog.id, limit });
  const names = async (me: Owner, limit = 50) => (await deck(me, limit)).map((dog) => dog.name);
  const filter = (me: Owner, filters: DeckFiltersInput) => me.api.dogs.setDeckFilters(filters);
  const pass = (me: Owner, dogId: string) => me.api.likes.pass({ fromDogId: me.dog.id, dogId });
  /** The dog's place in `me`'s walk (the order within a bucket). */
  const ringOf = (me: Owner, key: number) => (key - seedOf(me.id) + 1) % 1;
  /** A shuffle key that puts a dog at `ring` in `me`'s walk. */
  const keyAt = (me: Owner, ring: number) => (seedOf(me.id) + ring) % 1;

  it('orders by distance bucket, nearest first, and tells each card only its bucket', async () => {
    const me = await owner();
    const places: Array<[string, DogFields]> = [
      ['Bruselj', { location: 'Bruselj', originCountry: 'BE' }],
      ['Dunaj', { location: 'Wien', originCountry: 'AT' }],
      ['Sobota', { location: 'Murska Sobota' }],
      ['Celje', { location: 'Celje' }],
      ['Kranj', { location: 'Kranj' }],
      ['Medvode', { location: 'Medvode' }],
      ['Ljubljana', { location: 'Ljubljana' }],
    ];
    for (const [name, fields] of places) await dogAt({ ...fields, name });
    await filter(me, { radiusKm: null });
    const cards = await deck(me);
    expect(cards.map((dog) => [dog.name, dog.distance])).toEqual([
      ['Ljubljana', 0],
      ['Medvode', 1],
      ['Kranj', 2],
      ['Celje', 3],
      ['Sobota', 4],
      ['Dunaj', 5],
      ['Bruselj', null],
    ]);
    // No exact figure travels anywhere in a card.
    expect(JSON.stringify(cards)).not.toMatch(/"(lat|lon|km|distanceKm|placeId)"/);
    // The default radius (200 km) keeps the five nearest; a narrower one drops the farthest buckets.
    await filter(me, {});
    expect(await names(me)).toEqual(['Ljubljana', 'Medvode', 'Kranj', 'Celje', 'Sobota']);
    await filter(me, { radiusKm: 100 });
    expect(await names(me)).toEqual(['Ljubljana', 'Medvode', 'Kranj', 'Celje']);
    await filter(me, { radiusKm: 20 });
    expect(await names(me)).toEqual(['Ljubljana', 'Medvode']);
  });

  it('orders a bucket by the user’s own random walk, not by distance', async () => {
    const me = await owner();
    // 50–100 km: Novo mesto 58, Celje 62, Koper 82. The walk order is set against the distance order.
    await dogAt({ name: 'Koper', location: 'Koper', shuffleKey: keyAt(me, 0.1) });
    await dogAt({ name: 'Celje', location: 'Celje', shuffleKey: keyAt(me, 0.2) });
    await dogAt({ name: 'Novo mesto', location: 'Novo mesto', shuffleKey: keyAt(me, 0.3) });
    await dogAt({ name: 'Koper 2', location: 'Koper', shuffleKey: keyAt(me, 0.9) });
    // Ljubljana's own dog comes first whatever its key.
    await dogAt({ name: 'Doma', shuffleKey: keyAt(me, 0.95) });
    expect(await names(me)).toEqual(['Doma', 'Koper', 'Celje', 'Novo mesto', 'Koper 2']);
  });

  it('applies every filter; a dog that does not say is left out by a filter on it', async () => {
    const me = await owner();
    await dogAt({
      name: 'Mala',
      size: 'small',
      energy: 'low',
      playStyle: 'gentle',
      gender: 'female',
      age: 2,
    });
    await dogAt({
      name: 'Srednja',
      size: 'medium',
      energy: 'high',
      playStyle: 'chase',
      age: 5,
      vaccinated: true,
    });
    await dogAt({
      name: 'Velik',
      size: 'large',
      energy: 'medium',
      playStyle: 'wrestle',
      age: 9,
      neutered: true,
    });
    await dogAt({ name: 'Orjak', size: 'giant', breed: 'Nemška doga', age: 12, goodWithSmallDogs: true });
    await dogAt({ name: 'Neznan', breed: 'Labradorec', age: 1, vaccinated: false, neutered: false });
    const cases: Array<[DeckFiltersInput, string[]]> = [
      [{}, ['Mala', 'Neznan', 'Orjak', 'Srednja', 'Velik']],
      [{ sizes: ['small', 'giant'] }, ['Mala', 'Orjak']],
      [{ ageMin: 5, ageMax: 9 }, ['Srednja', 'Velik']],
      [{ ageMax: 2 }, ['Mala', 'Neznan']],
      [{ gender: 'female' }, ['Mala']],
      [{ gender: 'male' }, ['Neznan', 'Orjak', 'Srednja', 'Velik']],
      [{ breeds: ['Nemška doga', 'Labrador retriever'] }, ['Neznan', 'Orjak']],
      [{ energies: ['low', 'high'] }, ['Mala', 'Srednja']],
      [{ playStyles: ['wrestle', 'gentle'] }, ['Mala', 'Velik']],
      [{ vaccinated: true }, ['Srednja']],
      [{ neutered: true }, ['Velik']],
      [{ goodWithSmallDogs: true }, ['Orjak']],
      [{ sizes: ['medium', 'large'], ageMin: 6 }, ['Velik']],
    ];
    for (const [filters, expected] of cases) {
      await filter(me, filters);
      expect((await names(me)).sort(), JSON.stringify(filters)).toEqual(expected);
    }
  });

  it('remembers filters per user, validated by the shared schema', async () => {
    const [ana, bor] = [await owner(), await owner()];
    expect(await ana.api.dogs.deckFilters()).toMatchObject({
      radiusKm: 200,
      sizes: [],
      ageMin: 1,
      ageMax: 20,
    });
    const saved = await filter(ana, {
      radiusKm: 50,
      sizes: ['large', 'small', 'large'],
      breeds: ['labrador retriever'],
    });
    // Stored in one canonical form: choices in their own order, breeds by their Slovenian names.
    expect(saved).toMatchObject({ radiusKm: 50, sizes: ['small', 'large'], breeds: ['Labradorec'] });
    expect(await ana.api.dogs.deckFilters()).toEqual(saved);
    expect((await bor.api.dogs.deckFilters()).radiusKm).toBe(200);
    for (const bad of [
      { radiusKm: 7 },
      { ageMin: 9, ageMax: 3 },
      { breeds: ['Ni pasma'] },
      { sizes: ['tiny'] },
    ]) {
      const error = await failure(filter(ana, bad as DeckFiltersInput));
      expect(error.appCode, JSON.stringify(bad)).toBe('VALIDATION');
    }
    expect(await ana.api.dogs.deckFilters()).toEqual(saved);
  });

  it('keeps every visibility rule: own dogs, swiped dogs, blocked and suspended owners', async () => {
    const me = await owner();
    const mine = await makeDog(t.db, me.id, { name: 'Moj drugi' });
    const [blocked, suspended, liked] = [
      await owner({ name: 'Blokiran' }),
      await owner({ name: 'Suspendiran' }),
      await owner({ name: 'Všečkan' }),
    ];
    await dogAt({ name: 'Viden' });
    await me.api.safety.block({ userId: blocked.id });
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, suspended.id));
    await me.api.likes.like({ fromDogId: me.dog.id, dogId: liked.dog.id });
    expect(await names(me)).toEqual(['Viden']);
    expect(await names(me)).not.toContain(mine.name);
    // The blocked side does not see me either.
    expect(await names(blocked)).not.toContain(me.dog.name);
    expect((await failure(blocked.api.dogs.deck({ fromDogId: me.dog.id }))).appCode).toBe('NOT_FOUND');
  });

  it('keeps a heavy swiper’s position: passed dogs are not read again, yet nothing unswiped is lost', async () => {
    const me = await owner();
    const dogs = [];
    for (let i = 0; i < 12; i++)
      dogs.push(await dogAt({ name: `Pes ${i}`, shuffleKey: keyAt(me, (i + 1) / 20) }));
    const filtered = await dogAt({ name: 'Velik', size: 'large', shuffleKey: keyAt(me, 0.02) });
    await filter(me, { sizes: [] });
    expect((await deck(me, 5)).map((dog) => dog.name)).toEqual(['Velik', 'Pes 0', 'Pes 1', 'Pes 2', 'Pes 3']);
    await filter(me, { ageMax: 10 });
    for (const dog of dogs.slice(0, 6)) await pass(me, dog.id);
    const next = await deck(me, 3);
    expect(next.map((dog) => dog.name)).toEqual(['Velik', 'Pes 6', 'Pes 7']);
    await pass(me, filtered.id);
    expect((await deck(me, 2)).map((dog) => dog.name)).toEqual(['Pes 6', 'Pes 7']);
    // The walk now starts at Pes 6: the seven dogs before it are behind its position.
    const [position] = await t.db.select().from(deckPositions).where(eq(deckPositions.userId, me.id));
    expect(position).toMatchObject({ bucket: 0 });
    expect(position!.position).toBeCloseTo(ringOf(me, dogs[6]!.shuffleKey), 9);

    // Behind the position: a new dog, a dog moved here, an edited dog that now passes the filter.
    await dogAt({ name: 'Nov', shuffleKey: keyAt(me, 0.01) });
    const mover = await owner({ name: 'Preseljen', location: 'Maribor', shuffleKey: keyAt(me, 0.015) });
    const old = await dogAt({ name: 'Star', age: 15, shuffleKey: keyAt(me, 0.03) });
    await t.db
      .update(dogProfiles)
      .set({ updatedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(dogProfiles.id, old.id));
    expect(await names(me, 3)).toEqual(['Nov', 'Pes 6', 'Pes 7']);
    const { name, breed, age } = mover.dog;
    await mover.api.dogs.update({ id: mover.dog.id, name, breed, age, location: 'Ljubljana' });
    await t.db.update(dogProfiles).set({ age: 4, updatedAt: new Date() }).where(eq(dogProfiles.id, old.id));
    expect((await names(me)).slice(0, 4).sort()).toEqual(['Nov', 'Pes 6', 'Preseljen', 'Star'].sort());

    // Other filters walk from the start: the large dog, passed, stays out; a wider age brings no one back.
    await filter(me, { ageMax: 20 });
    expect(await names(me)).not.toContain('Velik');
  });

  it('undo takes back the last passes, one at a time, free; the dog is back on top', async () => {
    const me = await owner();
    const [a, b, c] = [
      await dogAt({ name: 'A', shuffleKey: keyAt(me, 0.1), location: 'Medvode' }),
      await dogAt({ name: 'B', shuffleKey: keyAt(me, 0.2) }),
      await dogAt({ name: 'C', shuffleKey: keyAt(me, 0.3) }),
    ];
    expect(await names(me)).toEqual(['B', 'C', 'A']);
    await pass(me, b.id);
    await pass(me, c.id);
    await me.api.likes.like({ fromDogId: me.dog.id, dogId: a.id });
    expect(await names(me)).toEqual([]);
    const back = await me.api.likes.undoPass({ fromDogId: me.dog.id });
    expect(back).toMatchObject({ id: c.id, name: 'C', distance: 0 });
    expect(await names(me)).toEqual(['C']);
    expect((await me.api.likes.undoPass({ fromDogId: me.dog.id }))?.name).toBe('B');
    expect(await names(me)).toEqual(['B', 'C']);
    // A like is not a pass: it is taken back from the list of liked dogs.
    expect((await failure(me.api.likes.undoPass({ fromDogId: me.dog.id }))).appCode).toBe('NOTHING_TO_UNDO');
    const other = await owner();
    expect((await failure(other.api.likes.undoPass({ fromDogId: me.dog.id }))).appCode).toBe('NOT_FOUND');
    expect(await t.db.select().from(swipes).where(eq(swipes.userId, me.id))).toHaveLength(1);
  });

  it('lists the dogs I liked with my request; withdrawing one puts it back in my deck', async () => {
    const me = await owner();
    const [a, b] = [
      await dogAt({ name: 'A', shuffleKey: keyAt(me, 0.1) }),
      await dogAt({ name: 'B', shuffleKey: keyAt(me, 0.2) }),
    ];
    await me.api.likes.like({ fromDogId: me.dog.id, dogId: a.id });
    await me.api.likes.like({ fromDogId: me.dog.id, dogId: b.id });
    expect(await names(me)).toEqual([]);
    const { items, nextCursor } = await me.api.likes.liked();
    expect(nextCursor).toBeNull();
    expect(items.map((item) => [item.dog.name, item.request?.status])).toEqual([
      ['B', 'unread'],
      ['A', 'unread'],
    ]);
    await me.api.likes.withdraw({ id: items[1]!.request!.id });
    expect((await me.api.likes.liked()).items.map((item) => item.dog.name)).toEqual(['B']);
    expect(await names(me)).toEqual(['A']);
    // Someone else's list is their own.
    expect((await (await owner()).api.likes.liked()).items).toEqual([]);
  });

  it('pages the liked dogs, newest first', async () => {
    const me = await owner();
    const base = Date.now() - 3_600_000;
    for (let i = 0; i < 33; i++) {
      const dog = await dogAt({ name: `L${i}` });
      await t.db
        .insert(swipes)
        .values({ userId: me.id, dogId: dog.id, liked: true, createdAt: new Date(base + (i % 31) * 1000) });
    }
    const first = await me.api.likes.liked();
    expect(first.items).toHaveLength(30);
    const second = await me.api.likes.liked({ cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((item) => item.dog.id)).size).toBe(33);
    const times = all.map((item) => +item.likedAt);
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('an unblock brings the other’s dogs back, also behind my position', async () => {
    const me = await owner();
    const other = await owner({ name: 'Drug', shuffleKey: keyAt(me, 0.1) });
    const later = await dogAt({ name: 'Kasneje', shuffleKey: keyAt(me, 0.5) });
    await me.api.safety.block({ userId: other.id });
    expect(await names(me)).toEqual(['Kasneje']);
    await pass(me, later.id);
    expect(await names(me)).toEqual([]);
    await me.api.safety.unblock({ userId: other.id });
    expect(await names(me)).toEqual(['Drug']);
  });
});
