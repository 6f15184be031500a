import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtOnce } from '../../server/db/built-once';
import type { DbOrTx } from '../../server/db/client';
import { rowsMappedOnce } from '../../server/db/rows-mapped-once';
import { dogProfiles, places, profiles } from '../../server/db/schema';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';
import { makeDog, makeUser } from '../helpers/factories';

/** What Drizzle can return to a prepared select: the driver's arrays mapped by its own code or by a plan. */
interface Mapped {
  customResultMapper?: unknown;
}

/** A select of every kind of field: columns, a nested object, an `sql` piece with a decoder, nulls, dates. */
const cardsOf = (db: DbOrTx, name: string) =>
  db
    .select({
      id: dogProfiles.id,
      bornOn: dogProfiles.bornOn,
      photos: dogProfiles.photos,
      weight: dogProfiles.weight,
      createdAt: dogProfiles.createdAt,
      owner: { userId: profiles.userId, fullName: profiles.fullName, photoUrl: profiles.photoUrl },
      rank: sql<number>`${dogProfiles.weight} * 2`.mapWith(Number),
      named: sql<string>`upper(${dogProfiles.name})`.as('named'),
    })
    .from(dogProfiles)
    .innerJoin(profiles, eq(profiles.userId, dogProfiles.userId))
    .where(eq(dogProfiles.userId, sql.placeholder('userId')))
    .orderBy(dogProfiles.name)
    .prepare(name);

describe.each(dbKinds())('rows mapped once (%s)', (kind) => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    userId = (await makeUser(t.db, { fullName: 'Ana Novak' })).id;
    await makeDog(t.db, userId, { name: 'Aron', weight: 12.5, photos: ['dogs/a', 'dogs/b'] });
    await makeDog(t.db, userId, { name: 'Bela' });
  });
  afterAll(() => t.close());

  it("answers what Drizzle's own mapping answers, from a plan made once", async () => {
    const drizzles = await cardsOf(t.db, 'mapped_by_drizzle').execute({ userId });
    const planned = rowsMappedOnce(cardsOf(t.db, 'mapped_by_plan'));
    expect((planned as Mapped).customResultMapper).toBeTypeOf('function');
    const rows = await planned.execute({ userId });
    expect(rows).toEqual(drizzles);
    expect(rows.map((row) => Object.keys(row))).toEqual(drizzles.map((row) => Object.keys(row)));
    const [aron, bela] = rows;
    expect(aron).toMatchObject({
      photos: ['dogs/a', 'dogs/b'],
      weight: 12.5,
      rank: 25,
      named: 'ARON',
      owner: { userId, fullName: 'Ana Novak', photoUrl: null },
    });
    expect(aron!.createdAt).toBeInstanceOf(Date);
    expect(aron!.bornOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(bela).toMatchObject({ weight: null, rank: null, photos: [] });
  });

  it('leaves a select with an outer join to Drizzle, which makes a missing joined row null', async () => {
    const query = (name: string) =>
      t.db
        .select({ name: dogProfiles.name, place: { id: places.id, name: places.name } })
        .from(dogProfiles)
        .leftJoin(places, eq(places.id, sql`null`))
        .where(eq(dogProfiles.userId, sql.placeholder('userId')))
        .orderBy(dogProfiles.name)
        .prepare(name);
    const kept = rowsMappedOnce(query('outer_join_kept'));
    expect((kept as Mapped).customResultMapper).toBeUndefined();
    expect(await kept.execute({ userId })).toEqual([
      { name: 'Aron', place: null },
      { name: 'Bela', place: null },
    ]);
  });

  it('is how builtOnce runs its selects', async () => {
    const built = builtOnce((db: DbOrTx, _shape: null) => cardsOf(db, 'built_once_cards'));
    expect((built(t.db, null) as Mapped).customResultMapper).toBeTypeOf('function');
    expect(await built(t.db, null).execute({ userId })).toHaveLength(2);
  });
});
