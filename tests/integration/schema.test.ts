import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dogProfiles, events, matches, users } from '../../server/db/schema';
import { LIMITS } from '#shared/limits';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';

describe.each(dbKinds())('schema rules on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const owner = async (email: string) => {
    const [user] = await t.db.insert(users).values({ email }).returning();
    return user!.id;
  };
  const dog = async (userId: string, name: string) => {
    const [row] = await t.db
      .insert(dogProfiles)
      .values({ userId, name, breed: 'Mešanec', gender: 'male', bornOn: '2023-04-01', location: 'Ljubljana' })
      .returning();
    return row!.id;
  };

  it('keeps one match per pair of dogs, in either order', async () => {
    const [a, b] = [await owner('a@example.com'), await owner('b@example.com')];
    const [dogA, dogB] = [await dog(a, 'Luna'), await dog(b, 'Rex')];
    await t.db.insert(matches).values({ user1Id: a, user2Id: b, dog1Id: dogA, dog2Id: dogB });
    await expect(
      t.db.insert(matches).values({ user1Id: b, user2Id: a, dog1Id: dogB, dog2Id: dogA }),
    ).rejects.toThrow();
  });

  it('caps attendees and description length in the database too', async () => {
    const userId = await owner('c@example.com');
    const event = {
      userId,
      title: 'Sprehod',
      eventDate: '2030-01-01',
      eventTime: '10:00',
      startsAt: new Date('2030-01-01T09:00:00Z'),
      locationName: 'Tivoli',
      country: 'Slovenija',
      city: 'Ljubljana',
    };
    const [saved] = await t.db.insert(events).values(event).returning();
    expect(saved!.maxAttendees).toBe(LIMITS.eventAttendees.default);
    await expect(
      t.db.insert(events).values({ ...event, maxAttendees: LIMITS.eventAttendees.max + 1 }),
    ).rejects.toThrow();
    await expect(
      t.db.insert(dogProfiles).values({
        userId,
        name: 'Dolgi',
        breed: 'Mešanec',
        gender: 'male',
        bornOn: '2024-04-01',
        location: 'Kranj',
        description: 'x'.repeat(LIMITS.dogDescription.max + 1),
      }),
    ).rejects.toThrow();
  });

  it('keeps a birth month as its first day, and no dog without a gender (no default)', async () => {
    const userId = await owner('d@example.com');
    const dog = { userId, name: 'Mladič', breed: 'Mešanec', location: 'Kranj' };
    await expect(
      t.db.insert(dogProfiles).values({ ...dog, gender: 'female', bornOn: '2026-03-15' }),
    ).rejects.toThrow();
    await expect(
      t.db.insert(dogProfiles).values({ ...dog, bornOn: '2026-03-01' } as never),
    ).rejects.toThrow();
    const [row] = await t.db
      .insert(dogProfiles)
      .values({ ...dog, gender: 'female', bornOn: '2026-03-01' })
      .returning();
    expect(row).toMatchObject({ gender: 'female', bornOn: '2026-03-01' });
  });
});
