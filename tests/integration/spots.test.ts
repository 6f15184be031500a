import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, profiles, spotReviews, spots, uploads, users } from '../../server/db/schema';
import { deleteAccount } from '../../server/services/account/account';
import { PLACE_COORDINATES } from '#shared/data/coordinates';
import { LIMITS } from '#shared/limits';
import type { SpotCreateInput } from '#shared/schemas/spots';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';
import { eventually } from '../helpers/instances';

/** Tivoli in Ljubljana, and points at known distances from it. */
const TIVOLI = { lat: 46.0569, lon: 14.4973 };
/** ~1.1 km east along the parallel per 0.0143° of longitude at this latitude. */
const east = (km: number) => ({
  lat: TIVOLI.lat,
  lon: TIVOLI.lon + km / (111.32 * Math.cos((TIVOLI.lat * Math.PI) / 180)),
});

const PARK: SpotCreateInput = {
  kind: 'dogPark',
  name: 'Pasji park Tivoli',
  country: 'SI',
  location: 'Ljubljana',
  ...TIVOLI,
  description: '  Ograjen travnik ob Tivolskem ribniku.  ',
  amenities: ['fenced', 'bins', 'shade'],
  leashRule: 'offLeash',
};

/** Metres between a place and a point, on a sphere of the earth's radius (as earthdistance reckons). */
const distance = (spot: { lat: number; lon: number }, lat: number, lon: number) => {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((spot.lat - lat) * rad) / 2) ** 2 +
    Math.cos(spot.lat * rad) * Math.cos(lat * rad) * Math.sin(((spot.lon - lon) * rad) / 2) ** 2;
  return 2 * 6_378_168 * Math.asin(Math.sqrt(a));
};

const WEEK = [
  [
    { from: '08:00', to: '12:00' },
    { from: '13:00', to: '19:00' },
  ],
  [],
  [],
  [],
  [],
  [],
  [],
];

describe.each(dbKinds())('dog places on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  /** A signed-in owner; `settled`: an account older than a new one, whose places need no moderator. */
  async function owner(settled = true, fullName?: string) {
    const signed = await t.signedInUser();
    if (settled)
      await t.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - (LIMITS.antiSpam.newAccountDays + 1) * 86_400_000) })
        .where(eq(users.id, signed.user.id));
    if (fullName) await t.db.update(profiles).set({ fullName }).where(eq(profiles.userId, signed.user.id));
    return { ...signed, id: signed.user.id, api: await t.caller(signed.token) };
  }

  it('adds a place with its hours, amenities and photo; anyone finds it near a point, nearest first', async () => {
    const ana = await owner();
    const [upload] = await t.db
      .insert(uploads)
      .values({ key: `spots/${'a'.repeat(26)}`, ownerId: ana.id, kind: 'spot' })
      .returning();
    const park = await ana.api.spots.create({ ...PARK, photos: [upload!.key] });
    expect(park).toMatchObject({
      kind: 'dogPark',
      name: 'Pasji park Tivoli',
      location: 'Ljubljana',
      description: 'Ograjen travnik ob Tivolskem ribniku.',
      amenities: ['fenced', 'bins', 'shade'],
      leashRule: 'offLeash',
      hours: null,
      emergency: false,
      status: 'published',
      isMine: true,
      rating: null,
      ratings: 0,
      photo: { key: upload!.key },
      reviews: [],
      myReview: null,
    });
    const vet = await ana.api.spots.create({
      ...PARK,
      ...east(2),
      kind: 'vet',
      name: 'Veterinarska postaja Center',
      amenities: [],
      leashRule: 'onLeash',
      hours: WEEK,
      emergency: true,
    });
    expect(vet).toMatchObject({ hours: WEEK, emergency: true });
    const far = await ana.api.spots.create({ ...PARK, ...east(7), name: 'Gozdna pot Rožnik' });
    // The upload is attached: no other row may take it.
    expect(
      (await t.db.select().from(uploads).where(eq(uploads.key, upload!.key)))[0]!.attachedAt,
    ).not.toBeNull();

    const visitor = await t.caller();
    const near = await visitor.spots.near({ ...TIVOLI, radiusKm: 5 });
    expect(near.map((spot) => spot.id)).toEqual([park.id, vet.id]);
    expect(near[0]!.distanceM).toBe(0);
    expect(near[1]!.distanceM).toBeGreaterThan(1950);
    expect(near[1]!.distanceM).toBeLessThan(2050);
    expect((await visitor.spots.near({ ...TIVOLI, radiusKm: 10 })).map((spot) => spot.id)).toEqual([
      park.id,
      vet.id,
      far.id,
    ]);
    // Filters: any of the kinds, all of the amenities.
    expect((await visitor.spots.near({ ...TIVOLI, radiusKm: 10, kinds: ['vet'] })).map((s) => s.id)).toEqual([
      vet.id,
    ]);
    expect(
      (await visitor.spots.near({ ...TIVOLI, radiusKm: 10, amenities: ['fenced', 'shade'] })).map(
        (s) => s.id,
      ),
    ).toEqual([park.id, far.id]);
    expect(await visitor.spots.near({ ...TIVOLI, radiusKm: 10, amenities: ['lighting'] })).toEqual([]);
    expect(await visitor.spots.byId({ id: vet.id })).toMatchObject({ isMine: false, hours: WEEK });
    // Near a town of the pickers: its centre (Ljubljana's is ~1 km from Tivoli), as "near my dog" asks.
    const [lat, lon] = PLACE_COORDINATES.SI.Ljubljana!;
    const inTown = await visitor.spots.near({ country: 'SI', location: 'ljubljana', radiusKm: 5 });
    expect(inTown.map((spot) => spot.id)).toEqual(
      [park, vet].sort((a, b) => distance(a, lat, lon) - distance(b, lat, lon)).map((spot) => spot.id),
    );
  });

  it('a place abroad: stored by its town’s name there, found near that town and not at home', async () => {
    const ana = await owner();
    const [lat, lon] = PLACE_COORDINATES.HR.Rovinj!;
    // The town as Italian calls it is Rovinj, as the list stores it.
    const beach = await ana.api.spots.create({
      ...PARK,
      name: 'Pasja plaža Rovinj',
      country: 'HR',
      location: 'Rovigno',
      lat: lat + 0.01,
      lon,
    });
    expect(beach).toMatchObject({ country: 'HR', location: 'Rovinj' });
    const visitor = await t.caller(null);
    const near = (where: { country: string; location: string }) =>
      visitor.spots.near({ ...where, radiusKm: 5 }).then((found) => found.map((spot) => spot.id));
    expect(await near({ country: 'HR', location: 'Rovinj' })).toEqual([beach.id]);
    expect(await near({ country: 'HR', location: 'Zagreb' })).toEqual([]);
    expect(await near({ country: 'SI', location: 'Piran' })).toEqual([]);
    // A town another country's list has not: refused, as a wrong town at home.
    expect((await failure(visitor.spots.near({ country: 'HR', location: 'Piran' }))).appCode).toBe(
      'VALIDATION',
    );
    // A country without a town list: no search could reach a place there, so none is added or looked for.
    const bosnia = { country: 'BA', location: 'Sarajevo' };
    const refused = await failure(ana.api.spots.create({ ...PARK, ...bosnia, lat: 43.8563, lon: 18.4131 }));
    expect(refused).toMatchObject({
      appCode: 'VALIDATION',
      fieldErrors: { country: ['validation.countryInvalid'] },
    });
    expect((await failure(visitor.spots.near(bosnia))).appCode).toBe('VALIDATION');
    expect(await t.db.select().from(spots).where(eq(spots.countryCode, 'BA'))).toEqual([]);
  });

  it('keeps a new account’s place for a moderator: only its author sees it, and it counts against a day', async () => {
    const newcomer = await owner(false);
    const waiting = await newcomer.api.spots.create({ ...PARK, ...east(0.5), name: 'Novi park' });
    expect(waiting).toMatchObject({ status: 'pending', isMine: true });
    expect((await newcomer.api.spots.mine()).map((spot) => [spot.id, spot.status])).toEqual([
      [waiting.id, 'pending'],
    ]);
    const other = await owner();
    expect((await failure(other.api.spots.byId({ id: waiting.id }))).appCode).toBe('NOT_FOUND');
    expect((await failure((await t.caller()).spots.byId({ id: waiting.id }))).appCode).toBe('NOT_FOUND');
    expect((await other.api.spots.near({ ...TIVOLI, radiusKm: 1 })).map((s) => s.id)).not.toContain(
      waiting.id,
    );
    expect((await failure(other.api.spots.review({ spotId: waiting.id, rating: 5 }))).appCode).toBe(
      'NOT_FOUND',
    );

    // LIMITS.spot.perDay a day, even when sent at once.
    const busy = await owner();
    const results = await Promise.allSettled(
      Array.from({ length: LIMITS.spot.perDay + 3 }, (_, i) =>
        busy.api.spots.create({ ...PARK, ...east(30 + i), name: `Park ${i + 1}` }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(LIMITS.spot.perDay);
    const refused = results.find((result) => result.status === 'rejected');
    expect((await failure(Promise.reject(refused!.reason))).appCode).toBe('DAILY_LIMIT');
    expect(await t.db.select().from(spots).where(eq(spots.authorId, busy.id))).toHaveLength(
      LIMITS.spot.perDay,
    );
  });

  it('puts a new account’s place in the moderators’ queue: dismissing publishes it, removing tells the author why', async () => {
    const admin = await t.signedInUser();
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const moderator = await t.caller(admin.token);
    const newcomer = await owner(false);
    const good = await newcomer.api.spots.create({ ...PARK, ...east(120), name: 'Dober park' });
    const bad = await newcomer.api.spots.create({ ...PARK, ...east(121), name: 'Kupite moje kapsule' });
    const queue = (await moderator.admin.reports()).filter((r) => r.targetType === 'spot');
    const waiting = (id: string) => queue.find((r) => r.targetId === id)!;
    expect(waiting(good.id)).toMatchObject({
      reason: 'review',
      status: 'open',
      target: { userId: newcomer.id },
      reporter: { signedIn: false, contactEmail: null },
      item: { fields: expect.arrayContaining([{ field: 'name', value: 'Dober park' }]) },
    });

    await moderator.admin.decide({ reportId: waiting(good.id).id, action: 'dismiss', statement: 'V redu.' });
    const visitor = await t.caller();
    expect((await visitor.spots.near({ ...east(120), radiusKm: 2 })).map((spot) => spot.id)).toEqual([
      good.id,
    ]);
    expect(await visitor.spots.byId({ id: good.id })).toMatchObject({ status: 'published' });

    const statement = 'Oglas za izdelek, ne kraj za pse.';
    await moderator.admin.decide({ reportId: waiting(bad.id).id, action: 'remove_content', statement });
    expect(await t.db.select().from(spots).where(eq(spots.id, bad.id))).toEqual([]);
    const notice = (await newcomer.api.requests.list()).find((n) => n.type === 'moderation');
    expect(notice?.decision).toMatchObject({ action: 'remove_content', statement });
    expect((await newcomer.api.spots.mine()).map((spot) => spot.id)).toEqual([good.id]);
  });

  it('takes a report of a published place, and removes it with its photos on the moderator’s decision', async () => {
    const admin = await t.signedInUser();
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const moderator = await t.caller(admin.token);
    const ana = await owner();
    const [photo] = await t.db
      .insert(uploads)
      .values({ key: `spots/${'d'.repeat(26)}`, ownerId: ana.id, kind: 'spot' })
      .returning();
    const park = await ana.api.spots.create({
      ...PARK,
      ...east(150),
      name: 'Zasebno dvorišče',
      photos: [photo!.key],
    });
    const bor = await owner();
    const report = {
      targetType: 'spot' as const,
      targetId: park.id,
      reason: 'fake' as const,
      goodFaith: true as const,
    };
    expect((await failure(ana.api.safety.report(report))).appCode).toBe('VALIDATION'); // her own
    const { id } = await bor.api.safety.report({ ...report, details: 'To je zasebno dvorišče.' });
    expect((await moderator.admin.reports()).find((r) => r.id === id)).toMatchObject({
      targetType: 'spot',
      reason: 'fake',
      target: { userId: ana.id },
    });
    await moderator.admin.decide({ reportId: id, action: 'remove_content', statement: 'Zasebno zemljišče.' });
    expect(await t.db.select().from(spots).where(eq(spots.id, park.id))).toEqual([]);
    expect(await t.db.select().from(uploads).where(eq(uploads.key, photo!.key))).toEqual([]);
    expect((await failure(bor.api.safety.report(report))).appCode).toBe('NOT_FOUND');
  });

  it('rates a place once per owner (a second review replaces the first); the mean and tips show to others', async () => {
    const ana = await owner(true, 'Ana Novak');
    const bor = await owner(true, 'Bor Kos');
    const eve = await owner(true, 'Eva Zupan');
    const park = await ana.api.spots.create({ ...PARK, ...east(60), name: 'Park za ocene' });
    await bor.api.spots.review({ spotId: park.id, rating: 2, tip: 'Blatno po dežju' });
    const mine = await bor.api.spots.review({ spotId: park.id, rating: 4, tip: '  Zjutraj je mirno.  ' });
    expect(mine.myReview).toMatchObject({ userId: bor.id, rating: 4, tip: 'Zjutraj je mirno.' });
    await eve.api.spots.review({ spotId: park.id, rating: 5 });
    expect(await t.db.select().from(spotReviews).where(eq(spotReviews.spotId, park.id))).toHaveLength(2);

    const seen = await ana.api.spots.byId({ id: park.id });
    expect(seen).toMatchObject({ rating: 4.5, ratings: 2, myReview: null });
    expect(seen.reviews.map((review) => [review.fullName, review.rating, review.tip])).toEqual([
      ['Eva Zupan', 5, null],
      ['Bor Kos', 4, 'Zjutraj je mirno.'],
    ]);
    expect((await ana.api.spots.near({ ...east(60), radiusKm: 1 }))[0]).toMatchObject({
      rating: 4.5,
      ratings: 2,
    });

    // A block hides the reviewer's words from the other, either way round; the place stays.
    await t.db.insert(blocks).values({ blockerId: eve.id, blockedId: ana.id });
    expect((await ana.api.spots.byId({ id: park.id })).reviews.map((review) => review.fullName)).toEqual([
      'Bor Kos',
    ]);
    // Taking a review back removes only the caller's.
    await eve.api.spots.removeReview({ spotId: park.id });
    await eve.api.spots.removeReview({ spotId: park.id });
    expect((await bor.api.spots.byId({ id: park.id })).rating).toBe(4);
  });

  // Only a server database lets a removal hold its transaction open while a review comes in (PGlite has one).
  if (kind === 'postgres')
    it('a review of a place removed while it was being stored is NOT_FOUND, not a broken key', async () => {
      const ana = await owner();
      const bor = await owner();
      const park = await ana.api.spots.create({ ...PARK, ...east(70), name: 'Park, ki ga odstranijo' });
      let reviewing: ReturnType<typeof failure> | undefined;
      await t.db.transaction(async (tx) => {
        await tx.delete(spots).where(eq(spots.id, park.id));
        // The review starts while the removal is not yet committed, and waits for it.
        reviewing = failure(bor.api.spots.review({ spotId: park.id, rating: 5 }));
        await eventually(
          async () => {
            const [locks] = await tx
              .select({ waiting: sql<number>`count(*)::int` })
              .from(sql`pg_locks`)
              .where(sql`not granted`);
            return locks!.waiting > 0;
          },
          () => 'the review waiting for the removal',
        );
      });
      expect(await reviewing).toMatchObject({ appCode: 'NOT_FOUND' });
      expect(await t.db.select().from(spotReviews).where(eq(spotReviews.spotId, park.id))).toEqual([]);
    });

  it('refuses bad input field by field and writes nothing', async () => {
    const ana = await owner();
    const before = await t.db.select().from(spots).where(eq(spots.authorId, ana.id));
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'A' }, 'name', 'validation.spotNameTooShort'],
      [{ name: 'x'.repeat(LIMITS.spot.name.max + 1) }, 'name', 'validation.spotNameTooLong'],
      [{ name: 'Park\nTivoli' }, 'name', 'validation.oneLine'],
      [{ kind: 'zoo' }, 'kind', 'validation.choiceInvalid'],
      [{ location: 'Atlantida' }, 'location', 'validation.locationInvalid'],
      [{ lat: 91 }, 'lat', 'validation.pointInvalid'],
      [{ lon: Number.NaN }, 'lon', 'validation.pointInvalid'],
      [{ amenities: ['fenced', 'fenced'] }, 'amenities', 'validation.choiceInvalid'],
      [{ amenities: ['pool'] }, 'amenities', 'validation.choiceInvalid'],
      [{ leashRule: 'sometimes' }, 'leashRule', 'validation.choiceInvalid'],
      [{ hours: [[]] }, 'hours', 'validation.spotHoursInvalid'],
      [
        { hours: [[{ from: '12:00', to: '08:00' }], [], [], [], [], [], []] },
        'hours',
        'validation.spotHoursInvalid',
      ],
      [
        { hours: [[{ from: '8:00', to: '12:00' }], [], [], [], [], [], []] },
        'hours',
        'validation.spotHoursInvalid',
      ],
      [
        {
          hours: [
            [
              { from: '08:00', to: '12:00' },
              { from: '11:00', to: '13:00' },
            ],
            [],
            [],
            [],
            [],
            [],
            [],
          ],
        },
        'hours',
        'validation.spotHoursInvalid',
      ],
      [
        { description: 'x'.repeat(LIMITS.spot.descriptionMax + 1) },
        'description',
        'validation.descriptionTooLong',
      ],
      [{ photos: ['../../etc/passwd'] }, 'photos', 'validation.photoInvalid'],
    ];
    for (const [change, field, key] of cases) {
      const error = await failure(ana.api.spots.create({ ...PARK, ...change } as SpotCreateInput));
      expect(error.fieldErrors?.[field], JSON.stringify(change)).toContain(key);
    }
    // Someone else's upload, or a dog's photo: nothing is stored.
    const [dogPhoto] = await t.db
      .insert(uploads)
      .values({ key: `dogs/${'b'.repeat(26)}`, ownerId: ana.id, kind: 'dog' })
      .returning();
    expect((await failure(ana.api.spots.create({ ...PARK, photos: [dogPhoto!.key] }))).appCode).toBe(
      'UPLOAD_NOT_FOUND',
    );
    expect(await t.db.select().from(spots).where(eq(spots.authorId, ana.id))).toEqual(before);

    const visitor = await t.caller();
    for (const [input, field] of [
      [{ ...TIVOLI, radiusKm: 3 }, 'radiusKm'],
      [{ lat: -91, lon: 0 }, 'lat'],
      [{ ...TIVOLI, kinds: ['zoo'] }, 'kinds'],
      [{ lat: 46 }, 'lon'],
      [{ country: 'SI', location: 'Atlantida' }, 'location'],
      [{}, 'location'],
    ] as const)
      expect((await failure(visitor.spots.near(input as never))).fieldErrors?.[field]).toBeDefined();
    const rating = await failure(
      ana.api.spots.review({ spotId: before[0]?.id ?? crypto.randomUUID(), rating: 6 }),
    );
    expect(rating.fieldErrors?.rating).toContain('validation.ratingInvalid');
  });

  it('hides a suspended author’s places; a deleted author’s stay, without their photos', async () => {
    const gone = await owner();
    const suspended = await owner();
    const [photo] = await t.db
      .insert(uploads)
      .values({ key: `spots/${'c'.repeat(26)}`, ownerId: gone.id, kind: 'spot' })
      .returning();
    const kept = await gone.api.spots.create({ ...PARK, ...east(90), name: 'Ostane', photos: [photo!.key] });
    const hidden = await suspended.api.spots.create({ ...PARK, ...east(90.5), name: 'Skrit' });
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, suspended.id));
    await deleteAccount(t.app.deps, gone.id);
    const visitor = await t.caller();
    expect((await visitor.spots.near({ ...east(90), radiusKm: 1 })).map((spot) => spot.id)).toEqual([
      kept.id,
    ]);
    expect((await failure(visitor.spots.byId({ id: hidden.id }))).appCode).toBe('NOT_FOUND');
    const [row] = await t.db.select().from(spots).where(eq(spots.id, kept.id));
    expect(row).toMatchObject({ authorId: null, photos: [] });
  });
});
