import { randomUUID } from 'node:crypto';
import { bornOnOf, monthOfIndex, utcMonthIndex } from '#shared/domain/dog-age';
import { dateInDays, eventInstant } from '#shared/domain/event-time';
import { TERMS_VERSION } from '#shared/domain/terms';
import type { UserRole } from '#shared/schemas/auth';
import { hashPassword } from '../../server/auth/passwords';
import { insertAccessToken } from '../../server/auth/access-tokens';
import { createSession } from '../../server/auth/sessions';
import type { TokenScope } from '#shared/domain/access-tokens';
import type { DbOrTx } from '../../server/db/client';
import { chats, dogProfiles, events, matches, profiles, users } from '../../server/db/schema';
import { me } from '../../server/services/account/auth';
import { placeIdOf } from '../../server/services/matching/dogs';

/**
 * Rows written straight into the database, for tests that start after a journey that has tests of its own
 * (sign-up, adding a dog, a match): no mail, no per-client limits to run into, and no argon2 per user.
 */

export const TEST_PASSWORD = 'zelo-dobro-geslo';

/** argon2 is slow by design: each password is hashed once per test process. */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

/**
 * A confirmed account with a profile and a session; it accepted the terms in force at sign-up, as every
 * account made in the web app has (`termsAccepted: false`: an account from before that was recorded).
 */
export async function makeUser(
  db: DbOrTx,
  account: {
    email?: string;
    fullName?: string;
    password?: string;
    role?: UserRole;
    termsAccepted?: boolean;
  } = {},
) {
  const email = (account.email ?? `u-${randomUUID()}@example.com`).toLowerCase();
  const password = account.password ?? TEST_PASSWORD;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashOf(password),
      emailVerifiedAt: new Date(),
      role: account.role ?? 'user',
      ...(account.termsAccepted !== false && { termsAcceptedAt: new Date(), termsVersion: TERMS_VERSION }),
    })
    .returning({ id: users.id });
  const id = row!.id;
  await db.insert(profiles).values({ userId: id, fullName: account.fullName ?? 'Test Uporabnik' });
  const { token } = await createSession(db, id);
  const user = await me(db, id);
  return { id, token, email, password, user: user! };
}

/** The stored birth date (`born_on`) of a dog `months` old this month (UTC, as the server counts). */
export const bornMonthsAgo = (months: number) => bornOnOf(monthOfIndex(utcMonthIndex() - months));

/**
 * A dog of `userId`; the fields a test cares about override plain defaults. `age`: whole years old (3 unless
 * said), `months`: months old instead.
 */
export async function makeDog(
  db: DbOrTx,
  userId: string,
  {
    age = 3,
    months,
    ...fields
  }: Partial<typeof dogProfiles.$inferInsert> & { age?: number; months?: number } = {},
) {
  const dogFields = {
    name: 'Reks',
    breed: 'Mešanec',
    gender: 'male' as const,
    bornOn: bornMonthsAgo(months ?? age * 12),
    location: 'Ljubljana',
    ...fields,
    userId,
  };
  const place = { originCountry: dogFields.originCountry ?? 'SI', location: dogFields.location };
  const [dog] = await db
    .insert(dogProfiles)
    .values({ placeId: placeIdOf(place), ...dogFields })
    .returning();
  return dog!;
}

/** What `events.create` takes for a walk in Ljubljana three days from now. */
export const EVENT_INPUT = {
  title: 'Sprehod ob Ljubljanici',
  eventDate: dateInDays(3),
  eventTime: '17:30',
  locationName: 'Tromostovje',
  country: 'SI',
  location: 'Ljubljana',
};

/** An upcoming event of `userId` (a week from now unless the fields say otherwise). */
export async function makeEvent(
  db: DbOrTx,
  userId: string,
  fields: Partial<typeof events.$inferInsert> = {},
) {
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const eventDate = fields.eventDate ?? day;
  const eventTime = fields.eventTime ?? '10:00';
  const [event] = await db
    .insert(events)
    .values({
      title: 'Sprehod ob Savi',
      locationName: 'Park',
      country: 'SI',
      city: 'Ljubljana',
      ...fields,
      eventDate,
      eventTime,
      startsAt: fields.startsAt ?? eventInstant(eventDate, eventTime),
      userId,
    })
    .returning();
  return event!;
}

/** Two dogs that matched, and their chat (as an accepted like leaves them). */
export async function makeChat(
  db: DbOrTx,
  owner: { userId: string; dogId: string },
  liker: { userId: string; dogId: string },
) {
  await db
    .insert(matches)
    .values({ user1Id: owner.userId, dog1Id: owner.dogId, user2Id: liker.userId, dog2Id: liker.dogId });
  const [chat] = await db
    .insert(chats)
    .values({
      ownerId: owner.userId,
      dogId: owner.dogId,
      userId: liker.userId,
      otherDogId: liker.dogId,
      chatName: 'Klepet',
    })
    .returning();
  return chat!;
}

/** A personal access token of `userId` (all scopes a user may have unless given), as tokens.create makes it. */
export async function makeAccessToken(
  db: DbOrTx,
  userId: string,
  fields: { scopes?: TokenScope[]; name?: string; expiresAt?: Date } = {},
) {
  const { token, row } = await insertAccessToken(db, userId, {
    name: fields.name ?? 'Skripta',
    scopes: fields.scopes ?? ['read', 'write', 'chat'],
    expiresAt: fields.expiresAt ?? new Date(Date.now() + 30 * 86_400_000),
  });
  return { token, id: row.id };
}
