import fs from 'node:fs';
import path from 'node:path';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUpdates, dogProfiles, events, spots, users } from '../../server/db/schema';
import { PLACE_COORDINATES } from '#shared/data/coordinates';
import { DEMO_PHOTOS_DIR, DEMO_PORTRAITS } from '../../server/demo/photos';
import { seedDemo } from '../../server/demo/seed';
import { monthIndexOf, utcMonthIndex } from '#shared/domain/dog-age';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';

describe.each(dbKinds())('demo data on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_URL: 'http://localhost:1' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('seeds 24 owners with dogs and generated photos, upcoming events and a welcome; once', async () => {
    const dogs = await seedDemo(t.app.deps);
    const owners = await t.db.select().from(users).where(isNull(users.passwordHash));
    expect(owners).toHaveLength(24);
    expect(dogs).toBe(32);
    const rows = await t.db.select().from(dogProfiles);
    expect(rows).toHaveLength(32);
    expect(new Set(rows.map((dog) => dog.location)).size).toBeGreaterThan(15);
    // Puppies for the puppy training (issue 30): Nela is 4 months old, Ares 7.
    const month = utcMonthIndex();
    const puppies = rows.filter((dog) => month - monthIndexOf(dog.bornOn) < 12);
    expect(puppies.map((dog) => [dog.name, month - monthIndexOf(dog.bornOn)]).sort()).toEqual([
      ['Ares', 7],
      ['Nela', 4],
    ]);
    // Each demo dog says its gender (there is no default).
    expect(new Set(rows.map((dog) => dog.gender))).toEqual(new Set(['male', 'female']));
    // Each photo is a real image the server serves.
    const photo = await fetch(`${base}/media/${rows[0]!.photos[0]}_med.webp`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    // Stored as the build made it (dist/demo-photos): a new server's first start encodes no image.
    const built = fs
      .readdirSync(DEMO_PHOTOS_DIR)
      .filter((file) => file.endsWith('-medium.webp'))
      .map((file) => fs.readFileSync(path.join(DEMO_PHOTOS_DIR, file)).toString('base64'));
    expect(built).toHaveLength(DEMO_PORTRAITS);
    expect(built).toContain(Buffer.from(await photo.arrayBuffer()).toString('base64'));
    const visitor = await t.caller();
    expect((await visitor.dogs.demoDeck()).length).toBeGreaterThan(0);
    expect((await visitor.events.list()).length).toBe(4);
    const rowsOfEvents = await t.db.select().from(events);
    expect(rowsOfEvents.every((event) => event.startsAt.getTime() > Date.now())).toBe(true);
    // The Sunday walk ('Nedeljski') is on a Sunday.
    const sunday = rowsOfEvents.find((event) => event.title.startsWith('Nedeljski'));
    expect(new Date(`${sunday!.eventDate}T12:00:00Z`).getUTCDay()).toBe(0);
    expect(await visitor.announcements.list()).toMatchObject([{ title: 'Dobrodošli v Tačkah!' }]);
    expect(await t.db.select().from(adminUpdates)).toHaveLength(1);
    // Dog places in the demo towns, marked as demo: the ones around Ljubljana's centre, nearest first.
    const [lat, lon] = PLACE_COORDINATES.SI.Ljubljana!;
    const near = await visitor.spots.near({ lat, lon, radiusKm: 5 });
    expect(near.map((spot) => [spot.kind, spot.demo, spot.status])).toEqual([
      ['cafe', true, 'published'],
      ['vet', true, 'published'],
      ['dogPark', true, 'published'],
      ['trail', true, 'published'],
    ]);
    expect(await t.db.select().from(spots)).toHaveLength(10);

    // Nobody can sign in as a demo owner, and a second run adds nothing.
    const error = await failure(
      visitor.auth.signIn({ email: owners[0]!.email, password: 'karkoli-dolgega' }),
    );
    expect(error.appCode).toBe('INVALID_CREDENTIALS');
    expect(await seedDemo(t.app.deps)).toBe(0);
    expect(await t.db.select().from(dogProfiles)).toHaveLength(32);
  }, 120_000);

  it('makes a half-made set (an interrupted first start) whole again', async () => {
    // Keep the first set's owners but drop the welcome: as if the start stopped before the end.
    await t.db.delete(adminUpdates);
    expect(await seedDemo(t.app.deps)).toBe(32);
    expect(await t.db.select().from(users).where(isNull(users.passwordHash))).toHaveLength(24);
    expect(await t.db.select().from(dogProfiles)).toHaveLength(32);
    expect(await t.db.select().from(spots)).toHaveLength(10);
    expect(await t.db.select().from(spots)).toHaveLength(10);
  }, 120_000);
});
