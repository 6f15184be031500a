import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deckPositions, dogProfiles, swipes, users } from '../../server/db/schema';
import { filtersKey } from '../../server/services/matching/deck-positions';
import { seedOf } from '../../server/services/matching/deck-walks';
import { placeIdOf } from '../../server/services/matching/dogs';
import { DEFAULT_DECK_FILTERS } from '#shared/domain/deck-filters';
import type { DeckFiltersInput } from '#shared/schemas/deck';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';
import { WORKING } from '../helpers/delivery';
import { bornMonthsAgo, makeDog, makeUser } from '../helpers/factories';
import { sleep } from '../helpers/instances';

type DogFields = Parameters<typeof makeDog>[2];

describe.each(dbKinds())('the deck on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Workers on: a suspension's end is a job.
    t = await startTestApp(kind, WORKING);
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

  it('a card carries what a card shows and nothing more (the deck reads only those columns)', async () => {
    const me = await owner();
    const other = await dogAt({ name: 'Aro', location: 'Ljubljana' });
    const [card] = await deck(me);
    expect(Object.keys(card!).sort()).toEqual(
      [
        ...['id', 'userId', 'name', 'breed', 'birthMonth', 'gender', 'location', 'originCountry'],
        ...['description', 'traits', 'photos', 'weight', 'size', 'energy', 'playStyle', 'vaccinated'],
        ...['neutered', 'goodWithSmallDogs', 'owner', 'distance'],
      ].sort(),
    );
    expect(card).toMatchObject({
      id: other.id,
      name: 'Aro',
      birthMonth: other.bornOn.slice(0, 7),
      distance: 0,
    });
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
    // Issue 30: a puppy of four months, and a dog one month short of its second birthday.
    await dogAt({ name: 'Mladič', months: 4 });
    await dogAt({ name: 'Skoraj dve', months: 23 });
    const cases: Array<[DeckFiltersInput, string[]]> = [
      [{}, ['Mala', 'Mladič', 'Neznan', 'Orjak', 'Skoraj dve', 'Srednja', 'Velik']],
      [{ sizes: ['small', 'giant'] }, ['Mala', 'Orjak']],
      [{ ageMin: 5, ageMax: 9 }, ['Srednja', 'Velik']],
      [{ ageMax: 2 }, ['Mala', 'Mladič', 'Neznan', 'Skoraj dve']],
      [{ ageMax: 0 }, ['Mladič']],
      [{ ageMin: 1, ageMax: 1 }, ['Neznan', 'Skoraj dve']],
      [{ ageMin: 2, ageMax: 2 }, ['Mala']],
      [{ gender: 'female' }, ['Mala']],
      [{ gender: 'male' }, ['Mladič', 'Neznan', 'Orjak', 'Skoraj dve', 'Srednja', 'Velik']],
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

  it('answers each caller with their own values from a query built once per shape', async () => {
    // Same shape (one size, the same walks), other values: neither answer may be built on the other's.
    const [ana, bor] = [
      await owner({ name: 'Ana', size: 'small' }),
      await owner({ name: 'Bor', size: 'large' }),
    ];
    await dogAt({ name: 'Mali', size: 'small' });
    await dogAt({ name: 'Veliki', size: 'large' });
    await filter(ana, { sizes: ['small'] });
    await filter(bor, { sizes: ['large'] });
    for (let round = 0; round < 2; round++) {
      expect((await names(ana)).sort()).toEqual(['Mali']);
      expect((await names(bor)).sort()).toEqual(['Veliki']);
    }
    await filter(ana, { sizes: ['large'] });
    expect((await names(ana)).sort()).toEqual(['Bor', 'Veliki']);
  });

  it('remembers filters per user, validated by the shared schema', async () => {
    const [ana, bor] = [await owner(), await owner()];
    expect(await ana.api.dogs.deckFilters()).toMatchObject({
      radiusKm: 200,
      sizes: [],
      ageMin: 0,
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

  /** `count` dogs of one other owner in Ljubljana, at even steps along `me`'s walk, in order. */
  async function walkOf(me: Owner, count: number, fields: DogFields = {}) {
    const other = await makeUser(t.db);
    const place = placeIdOf({ originCountry: 'SI', location: 'Ljubljana' });
    return t.db
      .insert(dogProfiles)
      .values(
        Array.from({ length: count }, (_, i) => ({
          userId: other.id,
          name: `Pes ${i}`,
          breed: 'Mešanec',
          gender: 'male' as const,
          bornOn: bornMonthsAgo(36),
          location: 'Ljubljana',
          placeId: place,
          shuffleKey: keyAt(me, (i + 1) / (count + 1)),
          ...fields,
        })),
      )
      .returning();
  }
  const passAll = (me: Owner, dogs: Array<{ id: string }>) =>
    t.db
      .insert(swipes)
      .values(dogs.map((dog) => ({ userId: me.id, dogId: dog.id, fromDogId: me.dog.id, liked: false })));
  const positions = (me: Owner) =>
    t.db.select().from(deckPositions).where(eq(deckPositions.userId, me.id)).orderBy(deckPositions.bucket);
  /** As if `minutes` had gone by since `me`'s walks last looked for changed dogs. */
  const later = (me: Owner, minutes = 2) =>
    t.db
      .update(deckPositions)
      .set({ checkedAt: sql`${deckPositions.checkedAt} - make_interval(mins => ${minutes})` })
      .where(eq(deckPositions.userId, me.id));
  /** A dog the walk has already passed: its last change is older than the walk's last look. */
  const passedLongAgo = (dogId: string) =>
    t.db
      .update(dogProfiles)
      .set({ updatedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(dogProfiles.id, dogId));
  const pesi = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `Pes ${from + i}`);

  it('orders a bucket of a few places by the walk too, across its places', async () => {
    const me = await owner({ location: 'Koper' });
    // 5–20 km from Koper: Izola, Piran, Trieste and three more places, read place by place.
    const at = (name: string, location: string, ring: number, originCountry = 'SI') =>
      dogAt({ name, location, originCountry, shuffleKey: keyAt(me, ring) });
    await at('Izola 1', 'Izola', 0.1);
    await at('Piran 1', 'Piran', 0.2);
    await at('Trst', 'Trieste', 0.3, 'IT');
    await at('Izola 2', 'Izola', 0.4);
    await at('Piran 2', 'Piran', 0.5);
    await at('Izola 3', 'Izola', 0.6);
    expect(await names(me, 4)).toEqual(['Izola 1', 'Piran 1', 'Trst', 'Izola 2']);
    expect(await names(me)).toEqual(['Izola 1', 'Piran 1', 'Trst', 'Izola 2', 'Piran 2', 'Izola 3']);
  });

  it('keeps a heavy swiper’s position, written once it spares reading; nothing unswiped is lost', async () => {
    const me = await owner();
    await filter(me, { ageMax: 10 });
    const dogs = await walkOf(me, 100);
    expect(await names(me, 10)).toEqual(pesi(0, 10));
    await passAll(me, dogs.slice(0, 10));
    expect(await names(me, 10)).toEqual(pesi(10, 20));
    // Ten passed cards cost less to read again than a write.
    expect(await positions(me)).toEqual([]);
    await passAll(me, dogs.slice(10, 70));
    expect(await names(me, 10)).toEqual(pesi(70, 80));
    const [row] = await positions(me);
    expect(row).toMatchObject({ bucket: 0 });
    expect(row!.position).toBeCloseTo(ringOf(me, dogs[70]!.shuffleKey), 9);

    // The walk goes on from there: a dog it passed long ago (hidden then, say) is not read again.
    const passed = await dogAt({ name: 'Prejšnji', shuffleKey: keyAt(me, 0.001) });
    await passedLongAgo(passed.id);
    expect(await names(me, 3)).toEqual(pesi(70, 73));
    // Behind the position: a new dog, a dog moved here, an edited dog that now passes the filter. The walk
    // looks for them about once a minute, oldest change first.
    await dogAt({ name: 'Nov', shuffleKey: keyAt(me, 0.002) });
    const mover = await owner({ name: 'Preseljen', location: 'Maribor', shuffleKey: keyAt(me, 0.003) });
    const old = await dogAt({ name: 'Star', age: 15, shuffleKey: keyAt(me, 0.004) });
    await passedLongAgo(old.id);
    const { name, breed } = mover.dog;
    await mover.api.dogs.update({ id: mover.dog.id, name, breed, location: 'Ljubljana' });
    await t.db
      .update(dogProfiles)
      .set({ bornOn: bornMonthsAgo(48), updatedAt: new Date() })
      .where(eq(dogProfiles.id, old.id));
    expect(await names(me, 3)).toEqual(pesi(70, 73));
    await later(me);
    expect(await names(me, 5)).toEqual(['Nov', 'Preseljen', 'Star', 'Pes 70', 'Pes 71']);
    // Until they are swiped they stay on top: the walk keeps the time it last looked until none is left.
    const [nov] = await positions(me);
    await passAll(me, [{ id: (await deck(me, 1))[0]!.id }]);
    expect(await names(me, 3)).toEqual(['Preseljen', 'Star', 'Pes 70']);
    expect((await positions(me))[0]!.checkedAt).toEqual(nov!.checkedAt);
  });

  it('keeps positions per filters: they hold for narrower filters and when going back', async () => {
    const me = await owner();
    const dogs = await walkOf(me, 80, { size: 'large' });
    const small = await dogAt({ name: 'Mali', size: 'small', shuffleKey: keyAt(me, 0.005) });
    await filter(me, { sizes: ['large'] });
    await passAll(me, dogs.slice(0, 70));
    expect(await names(me, 5)).toEqual(pesi(70, 75));
    expect(await positions(me)).toHaveLength(1);
    // A large dog the walk passed long ago: a walk from the position does not read it again.
    const passed = await dogAt({ name: 'Prejšnji', size: 'large', shuffleKey: keyAt(me, 0.002) });
    await passedLongAgo(passed.id);
    await passedLongAgo(small.id);
    // Narrower filters go on from the position of the wider ones.
    await filter(me, { sizes: ['large'], ageMax: 5 });
    expect(await names(me, 5)).toEqual(pesi(70, 75));
    // Wider ones walk from the start: the small dog and the passed one come first.
    await filter(me, {});
    expect(await names(me, 3)).toEqual(['Prejšnji', 'Mali', 'Pes 70']);
    // Back to the large ones: their own position holds.
    await filter(me, { sizes: ['large'] });
    expect(await names(me, 3)).toEqual(pesi(70, 73));
  });

  it('goes on from a position kept with finer times than its own (written by SQL)', async () => {
    const me = await owner();
    const dogs = await walkOf(me, 100);
    await passAll(me, dogs.slice(0, 70));
    const [place] = await t.db
      .select({ id: dogProfiles.placeId })
      .from(dogProfiles)
      .where(eq(dogProfiles.id, me.dog.id));
    await t.db.insert(deckPositions).values({
      userId: me.id,
      fromPlaceId: place!.id!,
      bucket: 0,
      filtersKey: filtersKey(DEFAULT_DECK_FILTERS),
      position: ringOf(me, dogs[0]!.shuffleKey),
      checkedAt: sql`now() - interval '1 minute'`,
    });
    await filter(me, { sizes: [], ageMax: 10 });
    expect(await names(me, 3)).toEqual(pesi(70, 73));
    // The narrower filters' own position is written (the read position's time compared to the millisecond).
    const narrower = (await positions(me)).find((row) => JSON.parse(row.filtersKey).ageMax === 10);
    expect(narrower?.position).toBeCloseTo(ringOf(me, dogs[70]!.shuffleKey), 9);
  });

  it('a position walked with an age range holds only that month: dogs grow into the range behind it', async () => {
    const me = await owner();
    await filter(me, { ageMin: 1 });
    const dogs = await walkOf(me, 100);
    await passAll(me, dogs.slice(0, 70));
    // An 11-month puppy the walk passed (too young then), long unchanged.
    const puppy = await dogAt({ name: 'Mladič', months: 11, shuffleKey: keyAt(me, 0.002) });
    await passedLongAgo(puppy.id);
    expect(await names(me, 3)).toEqual(pesi(70, 73));
    const [walked] = await positions(me);
    expect(JSON.parse(walked!.filtersKey)).toMatchObject({
      ageMin: 1,
      ageMonth: bornMonthsAgo(0).slice(0, 7),
    });
    // A month later (the position dated back a month, the puppy born a month earlier): one year old now.
    const lastMonth = JSON.stringify({
      ...JSON.parse(walked!.filtersKey),
      ageMonth: bornMonthsAgo(1).slice(0, 7),
    });
    await t.db.update(deckPositions).set({ filtersKey: lastMonth }).where(eq(deckPositions.userId, me.id));
    await t.db
      .update(dogProfiles)
      .set({ bornOn: bornMonthsAgo(12), updatedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(dogProfiles.id, puppy.id));
    expect(await names(me, 2)).toEqual(['Mladič', 'Pes 70']);
  });

  it('keeps the positions of the last four filter sets', async () => {
    const me = await owner();
    await dogAt({ name: 'Mlad', age: 2 });
    // No dog is this old: each walk finds none and keeps its end.
    for (const ageMin of [15, 16, 17, 18, 19]) {
      await filter(me, { ageMin });
      expect(await names(me)).toEqual([]);
      await later(me, 1);
    }
    const nearest = (await positions(me)).filter((row) => row.bucket === 0);
    expect(nearest.map((row) => JSON.parse(row.filtersKey).ageMin).sort()).toEqual([16, 17, 18, 19]);
    expect(nearest.every((row) => row.position === 1)).toBe(true);
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
    await me.api.requests.withdraw({ id: items[1]!.request!.id });
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

  it('brings a suspended owner’s dogs back when the suspension runs out, also behind my position', async () => {
    const me = await owner();
    const admin = await makeUser(t.db, { role: 'admin' });
    const other = await owner({ name: 'Suspendiran', shuffleKey: keyAt(me, 0.1) });
    await passedLongAgo(other.dog.id);
    const { id: reportId } = await me.api.safety.report({
      targetType: 'user',
      targetId: other.id,
      reason: 'harassment',
      goodFaith: true,
    });
    await (
      await t.caller(admin.token)
    ).admin.decide({ reportId, action: 'suspend', suspendDays: 1, statement: 'Žaljiva sporočila.' });
    expect(await names(me)).toEqual([]);
    // The decision queued its end.
    const job = async () => {
      const { rows } = await t.app.database.execute(
        `select state, data, start_after from pgboss.job where name = 'suspension-end'`,
      );
      return rows as Array<{ state: string; data: { userId: string }; start_after: Date }>;
    };
    const [queued] = await job();
    const [suspended] = await t.db
      .select({ until: users.suspendedUntil })
      .from(users)
      .where(eq(users.id, other.id));
    expect(queued).toMatchObject({ state: 'created', data: { userId: other.id } });
    expect(+new Date(queued!.start_after)).toBe(+suspended!.until!);
    // It runs out. My walk passed the dog while it was hidden, so only the job brings it back.
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, other.id));
    await later(me);
    expect(await names(me)).toEqual([]);
    await t.app.database.execute(`update pgboss.job set start_after = now() where name = 'suspension-end'`);
    const deadline = Date.now() + 10_000;
    while ((await job())[0]?.state !== 'completed' && Date.now() < deadline) await sleep(50);
    await later(me);
    expect(await names(me)).toEqual(['Suspendiran']);
  });
});
