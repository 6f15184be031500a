import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spots, spotSuggestions, users } from '../../server/db/schema';
import { LIMITS } from '#shared/limits';
import type { SpotCreateInput, SpotSuggestInput } from '#shared/schemas/spots';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';

const HOURS = [[{ from: '07:00', to: '21:00' }], [], [], [], [], [], []];
const LATER = [[{ from: '07:00', to: '22:00' }], [], [], [], [], [], []];
const PARK: SpotCreateInput = {
  kind: 'dogPark',
  name: 'Pasji park Tivoli',
  country: 'SI',
  location: 'Ljubljana',
  lat: 46.0569,
  lon: 14.4973,
  description: 'Ograjen travnik.',
  amenities: ['fenced', 'bins'],
  leashRule: 'offLeash',
  hours: HOURS,
};

/**
 * Suggested changes to places (issue 33 §2): an owner suggests, the place stays as it is; a moderator reads
 * the place now beside the changed fields and applies it or turns it down, once.
 */
describe.each(dbKinds())('suggested changes to places on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  /** A signed-in owner whose account is no longer new (their places are published at once). */
  async function owner(role: 'user' | 'admin' = 'user') {
    const signed = await t.signedInUser();
    await t.db
      .update(users)
      .set({ role, createdAt: new Date(Date.now() - (LIMITS.antiSpam.newAccountDays + 1) * 86_400_000) })
      .where(eq(users.id, signed.user.id));
    return { id: signed.user.id, api: await t.caller(signed.token) };
  }
  /** The place as the form would send it back, with `change` on top. */
  const asSuggested = (spotId: string, change: Partial<SpotSuggestInput> = {}): SpotSuggestInput => ({
    ...PARK,
    spotId,
    ...change,
  });

  it('keeps what differs, leaves the place alone, and a moderator applies it', async () => {
    const ana = await owner();
    const bor = await owner();
    const moderator = await owner('admin');
    const park = await ana.api.spots.create(PARK);

    // Bor changes nothing: refused, nothing stored (hours read back from jsonb are the same hours).
    expect(await failure(bor.api.spots.suggest(asSuggested(park.id)))).toMatchObject({
      appCode: 'NOTHING_CHANGED',
    });
    // Amenities in another order are the same amenities.
    expect(
      await failure(bor.api.spots.suggest(asSuggested(park.id, { amenities: ['bins', 'fenced'] }))),
    ).toMatchObject({ appCode: 'NOTHING_CHANGED' });
    // A pin a couple of metres off (the form's map gives its point back through the projection) is the place's.
    expect(
      await failure(bor.api.spots.suggest(asSuggested(park.id, { lat: PARK.lat + 0.00002 }))),
    ).toMatchObject({ appCode: 'NOTHING_CHANGED' });
    expect(await t.db.select().from(spotSuggestions).where(eq(spotSuggestions.userId, bor.id))).toEqual([]);

    await bor.api.spots.suggest(
      asSuggested(park.id, {
        name: 'Pasji park Tivoli (zahod)',
        amenities: ['fenced'],
        note: 'Prva verzija',
      }),
    );
    // A newer suggestion replaces his waiting one: the name again, hours, water, and why.
    expect(
      await bor.api.spots.suggest(
        asSuggested(park.id, {
          name: 'Pasji park Tivoli (zahod)',
          amenities: ['fenced', 'bins', 'water'],
          hours: LATER,
          note: 'Tabla ob vhodu: odprto 7–21, pitnik pri klopeh.',
        }),
      ),
    ).toEqual({ ok: true });
    const stored = await t.db.select().from(spotSuggestions).where(eq(spotSuggestions.userId, bor.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      status: 'open',
      note: 'Tabla ob vhodu: odprto 7–21, pitnik pri klopeh.',
      changes: { name: 'Pasji park Tivoli (zahod)', amenities: ['fenced', 'bins', 'water'], hours: LATER },
    });
    expect(Object.keys(stored[0]!.changes).sort()).toEqual(['amenities', 'hours', 'name']);
    // The place is unchanged until a moderator decides.
    expect(await ana.api.spots.byId({ id: park.id })).toMatchObject({
      name: 'Pasji park Tivoli',
      hours: HOURS,
    });

    const [waiting] = (await moderator.api.admin.suggestions()).filter((s) => s.spotId === park.id);
    expect(waiting).toMatchObject({
      spotName: 'Pasji park Tivoli',
      by: { userId: bor.id },
      now: { name: 'Pasji park Tivoli', amenities: ['fenced', 'bins'], hours: HOURS, kind: 'dogPark' },
      changes: { name: 'Pasji park Tivoli (zahod)', hours: LATER },
    });
    expect(await moderator.api.admin.decideSuggestion({ id: waiting!.id, apply: true })).toEqual({
      ok: true,
    });
    expect(await ana.api.spots.byId({ id: park.id })).toMatchObject({
      name: 'Pasji park Tivoli (zahod)',
      amenities: ['fenced', 'bins', 'water'],
      hours: LATER,
      leashRule: 'offLeash',
      description: 'Ograjen travnik.',
    });
    // Decided once: a second decision is refused, and the queue is empty of it.
    expect(
      await failure(moderator.api.admin.decideSuggestion({ id: waiting!.id, apply: false })),
    ).toMatchObject({ appCode: 'REQUEST_HANDLED' });
    expect((await moderator.api.admin.suggestions()).some((s) => s.id === waiting!.id)).toBe(false);
    // Bor hears it was applied, once, by the place's new name.
    expect(
      (await bor.api.requests.list())
        .filter((notice) => notice.type.startsWith('suggestion_'))
        .map((notice) => [notice.type, notice.detail, notice.status]),
    ).toEqual([['suggestion_applied', 'Pasji park Tivoli (zahod)', 'unread']]);
    // In Bor's data export, with what became of it.
    expect((await bor.api.account.export()).spotSuggestions).toEqual([
      expect.objectContaining({ spot: 'Pasji park Tivoli (zahod)', status: 'applied' }),
    ]);
  });

  it('a suggestion turned down changes nothing; a moved pin and country are applied as one', async () => {
    const ana = await owner();
    const cene = await owner();
    const moderator = await owner('admin');
    const park = await ana.api.spots.create(PARK);
    await cene.api.spots.suggest(asSuggested(park.id, { kind: 'trail', name: 'Vandal' }));
    const [bad] = (await moderator.api.admin.suggestions()).filter((s) => s.spotId === park.id);
    await moderator.api.admin.decideSuggestion({ id: bad!.id, apply: false });
    expect(await ana.api.spots.byId({ id: park.id })).toMatchObject({
      kind: 'dogPark',
      name: 'Pasji park Tivoli',
    });
    const [row] = await t.db.select().from(spotSuggestions).where(eq(spotSuggestions.id, bad!.id));
    expect(row).toMatchObject({ status: 'rejected', decidedBy: moderator.id });
    expect(
      (await cene.api.requests.list()).map((notice) => [notice.type, notice.detail, notice.direction]),
    ).toEqual([['suggestion_rejected', 'Pasji park Tivoli', 'received']]);
    expect((await ana.api.requests.list()).some((notice) => notice.type.startsWith('suggestion_'))).toBe(
      false,
    );

    await cene.api.spots.suggest(
      asSuggested(park.id, { country: 'HR', location: 'Rovinj', lat: 45.0827, lon: 13.6346 }),
    );
    const [moved] = (await moderator.api.admin.suggestions()).filter((s) => s.spotId === park.id);
    expect(moved!.changes).toEqual({ country: 'HR', location: 'Rovinj', lat: 45.0827, lon: 13.6346 });
    await moderator.api.admin.decideSuggestion({ id: moved!.id, apply: true });
    const [spot] = await t.db.select().from(spots).where(eq(spots.id, park.id));
    expect(spot).toMatchObject({ countryCode: 'HR', location: 'Rovinj', lat: 45.0827, lon: 13.6346 });
  });

  it('only published places, within a day’s cap; only moderators read and decide', async () => {
    const ana = await owner();
    const bor = await owner();
    const park = await ana.api.spots.create(PARK);
    // A new account's place waits for a moderator: nobody suggests changes to it yet.
    const newcomer = await t.signedInUser();
    const waiting = await (await t.caller(newcomer.token)).spots.create({ ...PARK, name: 'Novi park' });
    expect(waiting.status).toBe('pending');
    expect(await failure(bor.api.spots.suggest(asSuggested(waiting.id, { name: 'Drug' })))).toMatchObject({
      appCode: 'NOT_FOUND',
    });
    expect(await failure(bor.api.admin.suggestions())).toMatchObject({ appCode: 'FORBIDDEN' });

    const cap = LIMITS.spot.suggestionsPerDay;
    // Ana may add only LIMITS.spot.perDay places a day: the others are stored as hers directly.
    const others = await t.db
      .insert(spots)
      .values(
        Array.from({ length: cap }, (_, i) => ({
          kind: PARK.kind,
          name: `Park ${i}`,
          countryCode: 'SI',
          location: PARK.location,
          lat: PARK.lat,
          lon: PARK.lon,
          authorId: ana.id,
          status: 'published' as const,
        })),
      )
      .returning({ id: spots.id });
    for (const other of others) await bor.api.spots.suggest(asSuggested(other.id, { name: 'Drugo ime' }));
    expect(await failure(bor.api.spots.suggest(asSuggested(park.id, { name: 'Še eno' })))).toMatchObject({
      appCode: 'DAILY_LIMIT',
      meta: { max: cap },
    });
  });
});
