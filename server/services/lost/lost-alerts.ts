import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { daysBefore } from '#shared/domain/days';
import { roundedArea } from '#shared/domain/lost';
import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type {
  foundReportInput,
  LostAlertView,
  LostList,
  lostReportInput,
  lostWidenInput,
} from '#shared/schemas/lost';
import { lockKeys } from '../../db/advisory-lock';
import { storedAlready } from '../../db/client-ids';
import type { DbOrTx } from '../../db/client';
import { transact } from '../../db/transact';
import { crashPoint } from '../../crash-points';
import {
  dogProfiles,
  lostAlertDeliveries,
  lostAlerts,
  lostSightings,
  places,
  profiles,
  uploads,
} from '../../db/schema';
import type { ServiceDeps } from '../deps';
import { activeUser, shownTo } from '../safety/visibility';
import { attachUploads, photoOf } from '../uploads';

/**
 * Lost-dog alerts (issue 33 §5–8). An owner raises one for their dog; owners with a dog within its radius of
 * the last-seen point hear of it (the `lost-alert` job, queued with each change it announces). Everyone but
 * the owner sees the point rounded to about a kilometre (`roundedArea`): it may be a home.
 */

/** How far the town an alert is named after may be from its point. */
const TOWN_WITHIN_M = 15_000;

/** The listed town nearest a point, within TOWN_WITHIN_M (by the places' GiST index). */
export const nearestTown = ({ lat, lon }: { lat: number; lon: number }) => sql`select p.name from ${places} p
  where earth_box(ll_to_earth(${lat}, ${lon}), ${TOWN_WITHIN_M}) @> ll_to_earth(p.lat, p.lon)
  order by earth_distance(ll_to_earth(${lat}, ${lon}), ll_to_earth(p.lat, p.lon)) limit 1`;
const expiry = () => sql`now() + ${`${LIMITS.lostAlert.expiresDays} days`}::interval`;

/** An alert's columns as views are made of them. */
const alertColumns = {
  id: lostAlerts.id,
  userId: lostAlerts.userId,
  kind: lostAlerts.kind,
  looks: lostAlerts.looks,
  status: lostAlerts.status,
  lat: lostAlerts.lat,
  lon: lostAlerts.lon,
  town: lostAlerts.town,
  seenAt: lostAlerts.seenAt,
  note: lostAlerts.note,
  radiusKm: lostAlerts.radiusKm,
  createdAt: lostAlerts.createdAt,
  expiresAt: lostAlerts.expiresAt,
  endedAt: lostAlerts.endedAt,
  dogId: dogProfiles.id,
  dogName: dogProfiles.name,
  dogBreed: dogProfiles.breed,
  dogPhotos: dogProfiles.photos,
  photo: lostAlerts.photo,
  ownerName: profiles.fullName,
  told: sql<number>`(select count(*)::int from ${lostAlertDeliveries} d
    where d.alert_id = ${lostAlerts.id} and d.channel <> 'none')`,
};

function alertsOf(db: DbOrTx) {
  return db
    .select(alertColumns)
    .from(lostAlerts)
    .leftJoin(dogProfiles, eq(dogProfiles.id, lostAlerts.dogId))
    .leftJoin(profiles, eq(profiles.userId, lostAlerts.userId));
}
type AlertRow = Awaited<ReturnType<typeof alertsOf>>[number];

function viewOf(deps: ServiceDeps, viewerId: string, row: AlertRow): LostAlertView {
  const mine = row.userId === viewerId;
  const point = mine ? { lat: row.lat, lon: row.lon } : roundedArea(row);
  // The alert's own photo, else the profile's main one (a found dog's is its own).
  const photoKey = row.photo ?? row.dogPhotos?.[0];
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    mine,
    dog: {
      id: row.dogId,
      name: row.dogName,
      breed: row.dogBreed,
      photo: photoKey ? photoOf(deps.storage, photoKey) : null,
    },
    looks: row.looks,
    ownerName: row.ownerName ?? '',
    ...point,
    town: row.town,
    seenAt: row.seenAt,
    note: row.note,
    radiusKm: row.radiusKm,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    endedAt: row.endedAt,
    told: mine ? row.told : null,
  };
}

/**
 * Marks my dog lost. One open alert per dog (LOST_ALERT_OPEN). A retry with the same id is answered as the
 * first was.
 */
export function reportLost(deps: ServiceDeps, userId: string, input: z.output<typeof lostReportInput>) {
  const { dogId, ...alert } = input;
  return raise(deps, userId, alert, { kind: 'lost', dogId, looks: null });
}

/** A dog I found and whose owner I do not know: owners around hear of it as of a lost dog. */
export function reportFound(deps: ServiceDeps, userId: string, input: z.output<typeof foundReportInput>) {
  const { looks, ...alert } = input;
  return raise(deps, userId, alert, { kind: 'found', dogId: null, looks });
}

/**
 * Stores a new alert, lost or found, and queues its delivery: LIMITS.lostAlert.perMonth of either a month
 * per account (MONTHLY_LIMIT), under my advisory lock. A retry with the same id stores nothing more.
 */
async function raise(
  deps: ServiceDeps,
  userId: string,
  input: Omit<z.output<typeof lostReportInput>, 'dogId'>,
  what: { kind: 'lost'; dogId: string; looks: null } | { kind: 'found'; dogId: null; looks: string },
): Promise<LostAlertView> {
  await transact(deps.db, async (tx) => {
    await lockKeys(tx, [`lost:${userId}`]);
    if (await storedAlready(tx, lostAlerts, input.id, userId)) return;
    if (what.dogId) {
      // Locked against removal until the alert is stored (a dog deleted meanwhile: NOT_FOUND).
      const [dog] = await tx
        .select({ id: dogProfiles.id })
        .from(dogProfiles)
        .where(and(eq(dogProfiles.id, what.dogId), eq(dogProfiles.userId, userId)))
        .for('key share', { of: dogProfiles });
      if (!dog) throw new AppError('NOT_FOUND');
    }
    const [facts] = await tx
      .select({
        month: sql<number>`count(*) filter (where ${lostAlerts.createdAt} > ${daysBefore(Date.now(), LIMITS.lostAlert.capDays).toISOString()}::timestamptz)::int`,
        open: sql<number>`count(*) filter (where ${lostAlerts.dogId} = ${what.dogId}
          and ${lostAlerts.status} = 'open')::int`,
      })
      .from(lostAlerts)
      .where(eq(lostAlerts.userId, userId));
    if (facts?.open) throw new AppError('LOST_ALERT_OPEN');
    if ((facts?.month ?? 0) >= LIMITS.lostAlert.perMonth)
      throw new AppError('MONTHLY_LIMIT', { max: LIMITS.lostAlert.perMonth });
    if (input.photo) await attachUploads(tx, userId, 'lost', [input.photo]);
    await tx.insert(lostAlerts).values({
      id: input.id,
      userId,
      ...what,
      lat: input.lat,
      lon: input.lon,
      town: sql`(${nearestTown(input)})`,
      seenAt: input.seenAt,
      note: input.note,
      photo: input.photo ?? null,
      radiusKm: LIMITS.lostAlert.radiusKm[0],
      expiresAt: expiry(),
    });
    await deps.notify.lostAlert(input.id, tx);
  });
  crashPoint('lost:committed');
  return lostAlert(deps, userId, input.id);
}

/**
 * Changes my open alert with `set` and, where `announce`, queues its delivery in the same transaction. An
 * alert not mine, or no longer open, is NOT_FOUND (a stranger learns nothing of it).
 */
async function changeOpen(
  deps: ServiceDeps,
  userId: string,
  id: string,
  change: (current: { radiusKm: number }) => PgUpdateSetSource<typeof lostAlerts> | null,
  announce: boolean,
) {
  await transact(deps.db, async (tx) => {
    const [alert] = await tx
      .select({ radiusKm: lostAlerts.radiusKm })
      .from(lostAlerts)
      .where(and(eq(lostAlerts.id, id), eq(lostAlerts.userId, userId), eq(lostAlerts.status, 'open')))
      .for('update');
    if (!alert) throw new AppError('NOT_FOUND');
    const set = change(alert);
    if (!set) return;
    await tx.update(lostAlerts).set(set).where(eq(lostAlerts.id, id));
    if (announce) await deps.notify.lostAlert(id, tx);
  });
  return lostAlert(deps, userId, id);
}

/** Widens my open alert to the next radius (only wider); owners newly within it hear of it. */
export function widenLost(deps: ServiceDeps, userId: string, input: z.output<typeof lostWidenInput>) {
  return changeOpen(
    deps,
    userId,
    input.id,
    ({ radiusKm }) => {
      if (input.radiusKm < radiusKm) throw new AppError('VALIDATION');
      return input.radiusKm === radiusKm ? null : { radiusKm: input.radiusKm };
    },
    true,
  );
}

/**
 * My dog is back, or the dog I found is back with its owner: the alert closes and everyone who was told of
 * it hears so ("Aro je doma").
 */
export function foundLost(deps: ServiceDeps, userId: string, id: string) {
  return changeOpen(deps, userId, id, () => ({ status: 'found', endedAt: sql`now()` }), true);
}

/** Keeps my open alert up another LIMITS.lostAlert.expiresDays from now. */
export function renewLost(deps: ServiceDeps, userId: string, id: string) {
  return changeOpen(deps, userId, id, () => ({ expiresAt: expiry() }), false);
}

/** Takes my open alert back (raised by mistake): it closes and nobody is told more. */
export function withdrawLost(deps: ServiceDeps, userId: string, id: string) {
  return changeOpen(deps, userId, id, () => ({ status: 'closed', endedAt: sql`now()` }), false);
}

/** An alert the viewer may see: their own, or one whose owner is not hidden either way. */
export const alertSeenBy = (viewerId: string) =>
  or(eq(lostAlerts.userId, viewerId), shownTo(viewerId, lostAlerts.userId));

/** One alert: the owner's, or any other one not hidden between the viewer and its owner. */
export async function lostAlert(deps: ServiceDeps, viewerId: string, id: string): Promise<LostAlertView> {
  const [row] = await alertsOf(deps.db).where(and(eq(lostAlerts.id, id), alertSeenBy(viewerId)));
  if (!row) throw new AppError('NOT_FOUND');
  return viewOf(deps, viewerId, row);
}

/**
 * An alert as its public page shows it to anyone, signed in or not (issue 33 §7): open and not expired, or
 * found (the page then says the dog is home); an owner suspended or banned shows nothing. No owner's name,
 * and the point rounded as for every other viewer. NOT_FOUND otherwise.
 */
export async function publicLostAlert(deps: ServiceDeps, id: string) {
  const [row] = await alertsOf(deps.db).where(
    and(
      eq(lostAlerts.id, id),
      or(
        and(eq(lostAlerts.status, 'open'), gt(lostAlerts.expiresAt, sql`now()`)),
        eq(lostAlerts.status, 'found'),
      ),
      activeUser(lostAlerts.userId),
    ),
  );
  if (!row) throw new AppError('NOT_FOUND');
  // What the page shows, field by field: never the owner's name, whom it told, nor the dog's id.
  const alert = viewOf(deps, '', row);
  const { name, breed, photo } = alert.dog;
  return {
    id: alert.id,
    kind: alert.kind,
    looks: alert.looks,
    status: alert.status,
    dog: { name, breed, photo },
    lat: alert.lat,
    lon: alert.lon,
    town: alert.town,
    seenAt: alert.seenAt,
    note: alert.note,
    endedAt: alert.endedAt,
  };
}
export type PublicLostAlert = Awaited<ReturnType<typeof publicLostAlert>>;

/**
 * Open alerts whose radius reaches one of my dogs' places (the same rule as who is told), and mine: open, or
 * ended within LIMITS.lostAlert.expiresDays.
 */
export async function lostAlertsFor(deps: ServiceDeps, viewerId: string): Promise<LostList> {
  const near = await alertsOf(deps.db)
    .where(
      and(
        eq(lostAlerts.status, 'open'),
        gt(lostAlerts.expiresAt, sql`now()`),
        sql`${lostAlerts.userId} <> ${viewerId}`,
        shownTo(viewerId, lostAlerts.userId),
        sql`exists (select 1 from ${dogProfiles} d join ${places} p on p.id = d.place_id
          where d.user_id = ${viewerId} and earth_distance(ll_to_earth(p.lat, p.lon),
            ll_to_earth(${lostAlerts.lat}, ${lostAlerts.lon})) <= ${lostAlerts.radiusKm} * 1000)`,
      ),
    )
    .orderBy(desc(lostAlerts.createdAt))
    .limit(50);
  const mine = await alertsOf(deps.db)
    .where(
      and(
        eq(lostAlerts.userId, viewerId),
        or(
          eq(lostAlerts.status, 'open'),
          gt(lostAlerts.endedAt, daysBefore(Date.now(), LIMITS.lostAlert.expiresDays)),
        ),
      ),
    )
    .orderBy(desc(lostAlerts.createdAt));
  return {
    near: near.map((row) => viewOf(deps, viewerId, row)),
    mine: mine.map((row) => viewOf(deps, viewerId, row)),
  };
}

/** The hourly clean-up: open alerts past their expiry close (nobody is told). Returns how many. */
export async function closeExpiredLost(db: DbOrTx) {
  const closed = await db
    .update(lostAlerts)
    .set({ status: 'closed', endedAt: sql`now()` })
    .where(and(eq(lostAlerts.status, 'open'), sql`${lostAlerts.expiresAt} <= now()`))
    .returning({ id: lostAlerts.id });
  return closed.length;
}

/**
 * Lost-dog alerts' photos whose alert is gone (purged a month after it ended, or with its dog or account)
 * count as never attached again, so the sweep below removes them with their files. Only photos attached an
 * hour ago or more: one attached in a transaction still storing its alert is not gone.
 */
export async function detachGonePhotos(db: DbOrTx, now = new Date()) {
  const detached = await db
    .update(uploads)
    .set({ attachedAt: null })
    .where(
      and(
        eq(uploads.kind, 'lost'),
        lt(uploads.attachedAt, new Date(now.getTime() - 3_600_000)),
        sql`not exists (select 1 from ${lostAlerts} where ${lostAlerts.photo} = ${uploads.key})`,
        sql`not exists (select 1 from ${lostSightings} where ${lostSightings.photo} = ${uploads.key})`,
      ),
    )
    .returning({ key: uploads.key });
  return detached.length;
}

/** An account's alerts, for its data export. */
export const lostAlertsOfUser = (db: DbOrTx, userId: string) =>
  db
    .select({
      kind: lostAlerts.kind,
      dog: dogProfiles.name,
      looks: lostAlerts.looks,
      lat: lostAlerts.lat,
      lon: lostAlerts.lon,
      seenAt: lostAlerts.seenAt,
      note: lostAlerts.note,
      radiusKm: lostAlerts.radiusKm,
      status: lostAlerts.status,
      createdAt: lostAlerts.createdAt,
      endedAt: lostAlerts.endedAt,
    })
    .from(lostAlerts)
    .leftJoin(dogProfiles, eq(dogProfiles.id, lostAlerts.dogId))
    .where(eq(lostAlerts.userId, userId))
    .orderBy(lostAlerts.createdAt);
