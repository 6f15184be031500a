import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { DAY_MS } from '#shared/domain/days';
import { AppError } from '#shared/errors';
import { longDate } from '#shared/domain/long-date';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/i18n';
import type { ModerationAction, REPORT_STATUSES } from '#shared/domain/safety';
import type { appealInput, decideAppealInput, decideReportInput } from '#shared/schemas/safety';
import { invalidateUserSessions } from '../../auth/sessions';
import type { DbOrTx, Tx } from '../../db/client';
import { transact } from '../../db/transact';
import type { Jobs } from '../../jobs/queue';
import {
  appeals,
  chatMessages,
  dogProfiles,
  eventMessages,
  events,
  moderationActions,
  notifications,
  notifySettings,
  profiles,
  reports,
  spots,
  users,
} from '../../db/schema';
import { announceSessionsEnded } from '../../realtime/sessions';
import { removeAnnouncement } from '../notices/announcements';
import * as attendance from '../events/attendance';
import { backInDecks } from '../matching/deck-positions';
import type { ServiceDeps } from '../deps';
import { queueMail } from '../delivery/mail-delivery';
import { type DogChange, dogTopic } from '../matching/dogs';
import { releaseUnusedImages } from '../events/events';
import { publishRequests, updateNotices, writeNotices } from '../notices/notifications';
import { reportItem } from './report-item';
import { releaseUploads, removeUploadFiles } from '../uploads';
import { activeUser } from './visibility';

/**
 * The moderation console's work (issue 18, DSA Art. 16–17, 20): the reports queue, decisions with a statement
 * of reasons to the user they affect and to the reporter, appeals, and the audit log of every action.
 */

/** Decisions also mail reporters who were not signed in (through the job queue). */
type ModerationDeps = ServiceDeps & { jobs: Jobs };

const reporterProfile = alias(profiles, 'reporter_profile');
const targetProfile = alias(profiles, 'target_profile');
const targetUser = alias(users, 'target_user');

/** The queue: oldest first, each report with its snapshot and the context a decision needs. */
export async function listReports(deps: ServiceDeps, status: (typeof REPORT_STATUSES)[number]) {
  const rows = await deps.db
    .select({
      report: reports,
      reporterName: reporterProfile.fullName,
      targetName: targetProfile.fullName,
      targetEmail: targetUser.email,
      suspendedUntil: targetUser.suspendedUntil,
      bannedAt: targetUser.bannedAt,
      /** Reports about the same item, this one included. */
      sameItem: sql<number>`(select count(*)::int from ${reports} r
        where r.target_type = ${reports.targetType} and r.target_id = ${reports.targetId})`,
      /** Earlier decisions against the same user. */
      priorActions: sql<number>`(select count(*)::int from ${moderationActions} m
        where m.target_user_id = ${reports.targetUserId} and m.action in ('remove_content', 'warn', 'suspend', 'ban'))`,
    })
    .from(reports)
    .leftJoin(reporterProfile, eq(reporterProfile.userId, reports.reporterId))
    .leftJoin(targetProfile, eq(targetProfile.userId, reports.targetUserId))
    .leftJoin(targetUser, eq(targetUser.id, reports.targetUserId))
    .where(eq(reports.status, status))
    .orderBy(status === 'open' ? reports.createdAt : desc(reports.decidedAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.report.id,
    reason: row.report.reason,
    details: row.report.details,
    targetType: row.report.targetType,
    targetId: row.report.targetId,
    item: reportItem(deps.storage, row.report.snapshot as Record<string, unknown>),
    status: row.report.status,
    createdAt: row.report.createdAt,
    decidedAt: row.report.decidedAt,
    reporter: {
      name: row.reporterName,
      contactEmail: row.report.contactEmail,
      signedIn: !!row.report.reporterId,
    },
    target: row.report.targetUserId
      ? {
          userId: row.report.targetUserId,
          name: row.targetName ?? '',
          email: row.targetEmail ?? '',
          suspendedUntil: row.suspendedUntil,
          banned: !!row.bannedAt,
        }
      : null,
    sameItem: row.sameItem,
    priorActions: row.priorActions,
  }));
}

/** Removes the reported item (its snapshot stays in the report). Returns photo files to delete after commit. */
async function removeItem(tx: Tx, type: string, id: string, authorId: string | null): Promise<string[]> {
  if (type === 'dog') {
    const [dog] = await tx.delete(dogProfiles).where(eq(dogProfiles.id, id)).returning();
    return dog ? releaseUploads(tx, dog.userId, dog.photos) : [];
  }
  if (type === 'message') {
    await tx.delete(chatMessages).where(eq(chatMessages.id, id));
    return [];
  }
  if (type === 'event_message') {
    await tx.delete(eventMessages).where(eq(eventMessages.id, id));
    return [];
  }
  if (type === 'event') {
    const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
    if (!event) return [];
    await attendance.cancelAttendance(tx, eq(events.id, id));
    await tx.delete(events).where(eq(events.id, id));
    // The other occurrences of a series keep their shared image.
    return releaseUnusedImages(tx, event.userId, [event.imageUrl]);
  }
  if (type === 'spot') {
    const [spot] = await tx.delete(spots).where(eq(spots.id, id)).returning();
    return spot?.authorId ? releaseUploads(tx, spot.authorId, spot.photos) : [];
  }
  if (type === 'user' && authorId) {
    // A profile's content is its photo and name: the photo goes, the name stays for the people who know them.
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, authorId));
    await tx.update(profiles).set({ photoUrl: null }).where(eq(profiles.userId, authorId));
    return profile?.photoUrl ? releaseUploads(tx, authorId, [profile.photoUrl]) : [];
  }
  return [];
}

/** The record of an action, and the notice with its statement to the user it affects. */
async function recordAction(
  tx: Tx,
  values: {
    adminId: string;
    reportId: string | null;
    targetUserId: string | null;
    action: ModerationAction;
    statement: string;
    suspendedUntil?: Date | null;
  },
) {
  const [action] = await tx.insert(moderationActions).values(values).returning();
  if (values.targetUserId && values.action !== 'dismiss')
    await writeNotices(tx, [
      { ownerId: values.targetUserId, notificationType: 'moderation', actionId: action!.id },
    ]);
  return action!;
}

/**
 * An admin's decision on an open report, with the statement of reasons the affected user receives (DSA Art.
 * 17) and the reporter is told (Art. 16(5)): dismiss, remove the item, warn, suspend for some days, or ban. A
 * suspended or banned user's sessions end at once; they cannot sign in, and nothing of theirs is shown.
 */
export async function decideReport(
  deps: ModerationDeps,
  adminId: string,
  input: z.output<typeof decideReportInput>,
) {
  let files: string[] = [];
  let announcement: string | null = null;
  const done = await transact(deps.db, async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, input.reportId)).for('update');
    if (!report) throw new AppError('NOT_FOUND');
    if (report.status !== 'open') throw new AppError('REQUEST_HANDLED');
    const target = report.targetUserId;
    let suspendedUntil: Date | null = null;
    if (input.action === 'remove_content') {
      if (report.targetType === 'announcement') announcement = report.targetId;
      else files = await removeItem(tx, report.targetType, report.targetId, target);
    } else if (report.targetType === 'spot')
      // A waiting place not removed is published (a warning or suspension is about its author).
      await tx
        .update(spots)
        .set({ status: 'published', updatedAt: new Date() })
        .where(and(eq(spots.id, report.targetId), eq(spots.status, 'pending')));
    if (target && input.action === 'suspend') {
      suspendedUntil = new Date(Date.now() + input.suspendDays! * DAY_MS);
      await tx.update(users).set({ suspendedUntil }).where(eq(users.id, target));
      await invalidateUserSessions(tx, target);
    }
    if (target && input.action === 'ban') {
      await tx.update(users).set({ bannedAt: new Date() }).where(eq(users.id, target));
      await invalidateUserSessions(tx, target);
    }
    // Other open reports of the same item are answered by the same decision.
    const decided = await tx
      .update(reports)
      .set({ status: input.action === 'dismiss' ? 'dismissed' : 'actioned', decidedAt: new Date() })
      .where(
        and(
          eq(reports.targetType, report.targetType),
          eq(reports.targetId, report.targetId),
          eq(reports.status, 'open'),
        ),
      )
      .returning({ id: reports.id, reporterId: reports.reporterId, contactEmail: reports.contactEmail });
    const action = await recordAction(tx, {
      adminId,
      reportId: report.id,
      targetUserId: target,
      action: input.action,
      statement: input.statement,
      suspendedUntil,
    });
    const told = decided.filter((row) => row.reporterId).map((row) => row.reporterId!);
    const [affected] = target
      ? await tx
          .select({ email: users.email, locale: users.locale, timeZone: notifySettings.timeZone })
          .from(users)
          .leftJoin(notifySettings, eq(notifySettings.userId, users.id))
          .where(eq(users.id, target))
      : [];
    await writeNotices(
      tx,
      told.map((ownerId) => ({ ownerId, notificationType: 'report_decision' as const, actionId: action.id })),
    );
    // The mails and the suspension's end are queued with the decision: none is lost to a crash after it.
    const { action: kind, statement } = input;
    const mail = (
      to: string,
      mailKind: 'reportDecision' | 'moderationDecision',
      values: Record<string, string>,
      locale: Locale = DEFAULT_LOCALE,
    ) => queueMail(deps.jobs, tx, { to, kind: mailKind, locale, values });
    // The statement of reasons reaches the user by mail too (a suspended user cannot sign in to read it), in
    // the language they use the app in.
    if (kind !== 'dismiss' && affected?.email) {
      const locale = isLocale(affected.locale) ? affected.locale : DEFAULT_LOCALE;
      await mail(
        affected.email,
        'moderationDecision',
        {
          action: kind,
          statement,
          // When it ends, on the clock of the zone they chose for notifications (else Ljubljana's).
          until: suspendedUntil
            ? longDate(suspendedUntil, locale, { time: true, timeZone: affected.timeZone ?? undefined })
            : '',
        },
        locale,
      );
    }
    // Reporters who were not signed in hear of it at the address they gave.
    for (const row of decided)
      if (!row.reporterId && row.contactEmail)
        await mail(row.contactEmail, 'reportDecision', {
          reference: row.id.slice(0, 8),
          action: kind,
          statement,
        });
    if (target && suspendedUntil)
      await deps.jobs.send('suspension-end', { userId: target }, { startAfter: suspendedUntil, tx });
    return { action, target, told, removedDog: report.targetType === 'dog' ? report.targetId : null };
  });

  if (announcement) await removeAnnouncement(deps, announcement).catch(() => undefined);
  await removeUploadFiles(deps.storage, files, deps.log);
  if (done.target && (input.action === 'suspend' || input.action === 'ban'))
    await announceSessionsEnded(deps.bus, done.target);
  if (done.target && input.action === 'remove_content' && done.removedDog)
    await deps.bus.publish(dogTopic(done.target), {
      type: 'removed',
      id: done.removedDog,
    } satisfies DogChange);
  await publishRequests(deps, [...(done.target ? [done.target] : []), ...done.told]);
  return { actionId: done.action.id };
}

/** The affected user appeals a decision about them (once per decision), with their reasons. */
export async function appeal(deps: ServiceDeps, userId: string, input: z.output<typeof appealInput>) {
  const [action] = await deps.db
    .select()
    .from(moderationActions)
    .where(
      and(
        eq(moderationActions.id, input.actionId),
        eq(moderationActions.targetUserId, userId),
        inArray(moderationActions.action, ['remove_content', 'warn', 'suspend', 'ban']),
      ),
    );
  if (!action) throw new AppError('NOT_FOUND');
  const [row] = await deps.db
    .insert(appeals)
    .values({ actionId: action.id, userId, text: input.text })
    .onConflictDoNothing()
    .returning({ id: appeals.id });
  if (!row) throw new AppError('ALREADY_APPEALED');
  // The notice's "appealed" flag changed.
  await deps.db.transaction((tx) =>
    updateNotices(
      tx,
      [userId],
      {},
      and(eq(notifications.actionId, action.id), eq(notifications.ownerId, userId)),
    ),
  );
  await publishRequests(deps, [userId]);
  return { id: row.id };
}

/** Open appeals, oldest first, each with the decision it is about. */
export async function listAppeals(deps: ServiceDeps) {
  const rows = await deps.db
    .select({ appeal: appeals, action: moderationActions, name: profiles.fullName })
    .from(appeals)
    .innerJoin(moderationActions, eq(moderationActions.id, appeals.actionId))
    .leftJoin(profiles, eq(profiles.userId, appeals.userId))
    .where(eq(appeals.status, 'open'))
    .orderBy(appeals.createdAt);
  return rows.map(({ appeal: a, action, name }) => ({
    id: a.id,
    text: a.text,
    createdAt: a.createdAt,
    user: { userId: a.userId, name: name ?? '' },
    decision: {
      id: action.id,
      action: action.action,
      statement: action.statement,
      createdAt: action.createdAt,
    },
  }));
}

/**
 * An admin answers an appeal: the decision stands, or it is reversed (a suspension or ban is lifted). Either
 * way the user gets the answer with its reasons, and the audit log has it.
 */
export async function decideAppeal(
  deps: ServiceDeps,
  adminId: string,
  input: z.output<typeof decideAppealInput>,
) {
  const userId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ appeal: appeals, action: moderationActions })
      .from(appeals)
      .innerJoin(moderationActions, eq(moderationActions.id, appeals.actionId))
      .where(eq(appeals.id, input.appealId))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.appeal.status !== 'open') throw new AppError('REQUEST_HANDLED');
    // An appeal goes to another moderator than the one who decided, whenever there is one (DSA Art. 20).
    if (row.action.adminId === adminId && (await otherAdmins(tx, adminId)) > 0)
      throw new AppError('APPEAL_FOR_ANOTHER_MODERATOR');
    await tx
      .update(appeals)
      .set({ status: input.reverse ? 'reversed' : 'upheld', decidedAt: new Date() })
      .where(eq(appeals.id, row.appeal.id));
    if (input.reverse && row.action.action === 'suspend')
      await tx.update(users).set({ suspendedUntil: null }).where(eq(users.id, row.appeal.userId));
    if (input.reverse && row.action.action === 'ban')
      await tx.update(users).set({ bannedAt: null }).where(eq(users.id, row.appeal.userId));
    if (input.reverse && (row.action.action === 'suspend' || row.action.action === 'ban'))
      await backInDecks(tx, [row.appeal.userId]);
    await recordAction(tx, {
      adminId,
      reportId: row.action.reportId,
      targetUserId: row.appeal.userId,
      action: input.reverse ? 'appeal_reversed' : 'appeal_upheld',
      statement: input.statement,
    });
    return row.appeal.userId;
  });
  await publishRequests(deps, [userId]);
  return { ok: true as const };
}

/** Admins other than `adminId` who can act (not suspended or banned). */
async function otherAdmins(tx: DbOrTx, adminId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.id, adminId), activeUser(users.id)));
  return row?.n ?? 0;
}

const adminProfile = alias(profiles, 'admin_profile');

/** Every moderator action, newest first: who did what to whom, and why. */
export async function auditLog(deps: ServiceDeps) {
  const rows = await deps.db
    .select({
      action: moderationActions,
      adminName: adminProfile.fullName,
      targetName: targetProfile.fullName,
    })
    .from(moderationActions)
    .leftJoin(adminProfile, eq(adminProfile.userId, moderationActions.adminId))
    .leftJoin(targetProfile, eq(targetProfile.userId, moderationActions.targetUserId))
    .orderBy(desc(moderationActions.createdAt))
    .limit(200);
  return rows.map(({ action, adminName, targetName }) => ({
    id: action.id,
    action: action.action,
    statement: action.statement,
    suspendedUntil: action.suspendedUntil,
    reportId: action.reportId,
    createdAt: action.createdAt,
    admin: adminName ?? '',
    target: targetName ?? null,
  }));
}

/**
 * A suspension ran out (the job decideReport queues for its end): the user's dogs come back into the decks
 * that walked past them while they were hidden, unless the user is hidden again (banned, suspended anew).
 */
export async function suspensionEnded(db: DbOrTx, userId: string) {
  const [shown] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), activeUser(users.id)));
  if (shown) await backInDecks(db, [userId]);
}
