import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '#shared/errors';
import type {
  Announcement,
  announcementCreateInput,
  announcementUpdateInput,
} from '#shared/schemas/announcements';
import { adminUpdates } from '../../db/schema';
import { lockStreams } from '../../realtime/stream-lock';
import { BACKFILL_BATCH } from '../../realtime/backfill';
import type { ServiceDeps } from '../deps';

type Row = typeof adminUpdates.$inferSelect;

export const ANNOUNCEMENTS_TOPIC = 'announcements';

const view = ({ id, title, content, updateType, createdAt, updatedAt }: Row): Announcement => ({
  id,
  title,
  content,
  updateType,
  createdAt,
  updatedAt,
});

/** Active announcements, newest first. */
export async function listAnnouncements(deps: ServiceDeps): Promise<Announcement[]> {
  const rows = await deps.db
    .select()
    .from(adminUpdates)
    .where(eq(adminUpdates.isActive, true))
    .orderBy(desc(adminUpdates.createdAt))
    .limit(100);
  return rows.map(view);
}

export async function createAnnouncement(
  deps: ServiceDeps,
  adminId: string,
  input: z.output<typeof announcementCreateInput>,
): Promise<Announcement> {
  const [row] = await deps.db.transaction(async (tx) => {
    await lockStreams(tx, ANNOUNCEMENTS_TOPIC);
    return tx
      .insert(adminUpdates)
      .values({ ...input, createdBy: adminId })
      .returning();
  });
  await deps.bus.publish(ANNOUNCEMENTS_TOPIC, null);
  await deps.notify.announcement(row!.id);
  return view(row!);
}

/** Edits an active announcement; each change takes a new `seq` so subscribers see it. */
export async function updateAnnouncement(
  deps: ServiceDeps,
  { id, ...input }: z.output<typeof announcementUpdateInput>,
): Promise<Announcement> {
  const [row] = await deps.db.transaction(async (tx) => {
    await lockStreams(tx, ANNOUNCEMENTS_TOPIC);
    return tx
      .update(adminUpdates)
      .set({ ...input, updatedAt: new Date(), seq: sql`default` })
      .where(and(eq(adminUpdates.id, id), eq(adminUpdates.isActive, true)))
      .returning();
  });
  if (!row) throw new AppError('NOT_FOUND');
  await deps.bus.publish(ANNOUNCEMENTS_TOPIC, null);
  return view(row);
}

/** Soft delete (SPEC §4): the row stays, inactive. */
export async function removeAnnouncement(deps: ServiceDeps, id: string) {
  const [row] = await deps.db.transaction(async (tx) => {
    await lockStreams(tx, ANNOUNCEMENTS_TOPIC);
    return tx
      .update(adminUpdates)
      .set({ isActive: false, updatedAt: new Date(), seq: sql`default` })
      .where(and(eq(adminUpdates.id, id), eq(adminUpdates.isActive, true)))
      .returning({ id: adminUpdates.id });
  });
  if (!row) throw new AppError('NOT_FOUND');
  await deps.bus.publish(ANNOUNCEMENTS_TOPIC, null);
  return { id };
}

/**
 * Every change after `afterSeq`, oldest first, inactive ones included (so clients drop them). A removed
 * announcement is gone for everyone: the stream is public, so it says only which one to drop, not its text.
 */
export async function announcementChanges(deps: ServiceDeps, afterSeq: number, limit = BACKFILL_BATCH) {
  const rows = await deps.db
    .select()
    .from(adminUpdates)
    .where(gt(adminUpdates.seq, afterSeq))
    .orderBy(adminUpdates.seq)
    .limit(limit);
  return rows.map((row) => ({
    seq: row.seq,
    item: { ...view(row.isActive ? row : { ...row, title: '', content: '' }), isActive: row.isActive },
  }));
}

export async function latestAnnouncementSeq(deps: ServiceDeps): Promise<number> {
  const [row] = await deps.db
    .select({ seq: sql<number | null>`max(${adminUpdates.seq})` })
    .from(adminUpdates);
  return Number(row?.seq ?? 0);
}
