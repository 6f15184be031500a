import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { daysBefore } from '#shared/domain/days';
import { inQuietHours, NOTICES_PATH, quietUntil, topicOfNotice } from '#shared/domain/notify';
import { EVENT_PARAM, eventChatPath } from '#shared/domain/events';
import { lostAlertPath } from '#shared/domain/lost';
import { isLocale, type Locale } from '#shared/i18n';
import { LIMITS } from '#shared/limits';
import type { Db } from '../../db/client';
import {
  adminUpdates,
  announcementDeliveries,
  chatMessages,
  chats,
  dogProfiles,
  notifications,
  notifySettings,
  profiles,
  pushSubscriptions,
  users,
} from '../../db/schema';
import type { Jobs } from '../../jobs/queue';
import { formatMessage } from '../../locales';
import type { PushPayload } from '#shared/domain/push-payload';
import type { PushSender, PushTarget } from '../../push/push-sender';
import { unreadEventMessages } from '../chat/event-chat';
import { eventNoticeValues } from '../events/event-notices';
import { type ChatPushJob, chatPushKey, type Notifier } from './notify';
import { notifyPreferences, quietHoursOf } from '../notices/notify-settings';
import { crashPoint } from '../../crash-points';
import { activeUser, requestVisibleTo } from '../safety/visibility';

/** What the delivery jobs need. */
export interface DeliveryDeps {
  db: Db;
  jobs: Jobs;
  push: PushSender;
}

const localeOf = (value: string): Locale => (isLocale(value) ? value : 'sl');

async function recipient(db: Db, userId: string) {
  const [user] = await db
    .select({ locale: users.locale, active: sql<boolean>`${activeUser(users.id)}` })
    .from(users)
    .where(eq(users.id, userId));
  return user && { locale: localeOf(user.locale), active: user.active };
}

async function targetsOf(db: Db, userId: string): Promise<PushTarget[]> {
  return db
    .select({
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/** The push devices of many users at once, by user. */
export async function devicesOfUsers(db: Db, userIds: string[]): Promise<Map<string, PushTarget[]>> {
  const targets = await db
    .select({
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  const devicesOf = new Map<string, PushTarget[]>();
  for (const target of targets)
    devicesOf.set(target.userId, [...(devicesOf.get(target.userId) ?? []), target]);
  return devicesOf;
}

/** Sends `payload` to each target; forgets those their push service no longer knows. True when any got it. */
export async function pushTo(deps: DeliveryDeps, targets: PushTarget[], payload: PushPayload) {
  const results = await Promise.all(targets.map((target) => deps.push.send(target, payload)));
  const gone = targets.filter((_, i) => results[i] === 'gone').map((t) => t.endpoint);
  if (gone.length) await deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, gone));
  if (results.includes('failed') && !results.includes('sent')) throw new Error('push service unavailable');
  return results.includes('sent');
}

/** Queues the summary e-mail for a user who wants (or for now can only get) news by e-mail. */
export async function queueDigest(jobs: Jobs, userId: string) {
  await jobs.send(
    'digest',
    { userId },
    { singletonKey: userId, startAfter: LIMITS.notify.emailAfterOfflineMinutes * 60 },
  );
}

const dog = alias(dogProfiles, 'dog');
const fromDog = alias(dogProfiles, 'from_dog');

/** How long a notice may wait unclaimed before the sweep takes its job for lost. */
const NOTICE_JOB_LOST_AFTER_MS = 5 * 60_000;

/**
 * The notices' safety net (the hourly maintenance): a user with unread notices of the last day that no
 * `notices` job has claimed for a while gets one, so a job lost between a write's commit and its queueing
 * (the instance died there) costs a delay, never the push. One already waiting takes it (a short queue).
 * Returns how many users it queued for.
 */
export async function requeueUnpushedNotices(deps: { db: Db; notify: Notifier }, now = new Date()) {
  const rows = await deps.db
    .selectDistinct({ userId: notifications.ownerId })
    .from(notifications)
    .where(
      and(
        isNull(notifications.pushedAt),
        eq(notifications.status, 'unread'),
        gt(notifications.createdAt, daysBefore(now, 1)),
        lt(notifications.createdAt, new Date(now.getTime() - NOTICE_JOB_LOST_AFTER_MS)),
      ),
    );
  await deps.notify.notices(rows.map((row) => row.userId));
  return rows.length;
}

/**
 * `notices` job: the user's new notices, each pushed once (claimed by `pushed_at`, so two instances or a
 * repeated job never push one twice). In quiet hours the job waits for their end.
 */
export async function deliverNotices(deps: DeliveryDeps, { userId }: { userId: string }) {
  const user = await recipient(deps.db, userId);
  if (!user?.active) return;
  const prefs = await notifyPreferences(deps.db, userId);
  const quietEnd = quietUntil(new Date(), quietHoursOf(prefs));
  if (quietEnd) {
    await deps.jobs.send('notices', { userId }, { singletonKey: userId, startAfter: quietEnd });
    return;
  }
  const claimed = await deps.db
    .update(notifications)
    .set({ pushedAt: new Date() })
    .where(
      and(
        eq(notifications.ownerId, userId),
        isNull(notifications.pushedAt),
        eq(notifications.status, 'unread'),
        gt(notifications.createdAt, sql`now() - interval '1 day'`),
      ),
    )
    .returning({ id: notifications.id });
  if (!claimed.length) return;
  const rows = await deps.db
    .select({
      id: notifications.id,
      type: notifications.notificationType,
      detail: notifications.detail,
      dog: dog.name,
      fromDog: fromDog.name,
      name: profiles.fullName,
      eventId: notifications.eventId,
      eventChanges: notifications.eventChanges,
      eventStartsAt: notifications.eventStartsAt,
      lostAlertId: notifications.lostAlertId,
      chatId: sql<string | null>`(select c.id from ${chats} c
        where c.other_dog_id is not null
          and least(c.dog_id, c.other_dog_id) = least(${notifications.dogId}, ${notifications.fromDogId})
          and greatest(c.dog_id, c.other_dog_id) = greatest(${notifications.dogId}, ${notifications.fromDogId}))`,
    })
    .from(notifications)
    .leftJoin(dog, eq(dog.id, notifications.dogId))
    .leftJoin(fromDog, eq(fromDog.id, notifications.fromDogId))
    .leftJoin(profiles, eq(profiles.userId, notifications.userId))
    .where(
      and(
        inArray(
          notifications.id,
          claimed.map((row) => row.id),
        ),
        requestVisibleTo(userId),
      ),
    )
    .orderBy(notifications.createdAt);
  const targets = await targetsOf(deps.db, userId);
  let byEmail = false;
  for (const row of rows) {
    const topic = topicOfNotice(row.type);
    if (!topic || prefs.channels[topic] === 'off') continue;
    if (prefs.channels[topic] === 'email' || !targets.length) {
      byEmail = true;
      continue;
    }
    const values = {
      dog: row.dog ?? '',
      fromDog: row.fromDog ?? '',
      name: row.name ?? '',
      title: row.detail ?? '',
      hasTitle: row.detail ? 'yes' : 'no',
      ...eventNoticeValues(user.locale, row),
    };
    const key = `push.${row.type}`;
    await pushTo(deps, targets, {
      title: formatMessage(user.locale, `${key}.title`, values),
      body: formatMessage(user.locale, `${key}.body`, values),
      url: row.chatId
        ? `/klepet?chat=${row.chatId}`
        : topic === 'events'
          ? `/events${row.eventId ? `?${EVENT_PARAM}=${row.eventId}` : ''}`
          : row.lostAlertId
            ? lostAlertPath(row.lostAlertId)
            : NOTICES_PATH,
      tag: `notice:${row.id}`,
    });
  }
  if (byEmail) await queueDigest(deps.jobs, userId);
}

/**
 * `chat-push` job: one push for what others wrote in a pair chat or an event's chat since the last one, and
 * a pause of LIMITS.notify.messagePushEveryMinutes: the pause is a waiting job under the same key, so
 * messages meanwhile add no job, and when it runs it pushes what came in the pause, as one.
 */
export async function deliverChatPush(deps: DeliveryDeps, job: ChatPushJob) {
  const { userId } = job;
  const user = await recipient(deps.db, userId);
  if (!user?.active) return;
  const prefs = await notifyPreferences(deps.db, userId);
  if (prefs.channels.messages === 'off') return;
  const targets = await targetsOf(deps.db, userId);
  if (prefs.channels.messages === 'email' || !targets.length) return queueDigest(deps.jobs, userId);
  const quietEnd = quietUntil(new Date(), quietHoursOf(prefs));
  const singletonKey = chatPushKey(job);
  if (quietEnd) {
    await deps.jobs.send('chat-push', job, { singletonKey, startAfter: quietEnd });
    return;
  }
  const since = job.since ? new Date(job.since) : undefined;
  const payload =
    'eventId' in job
      ? await eventChatNews(deps.db, user.locale, userId, job.eventId, since)
      : await pairChatNews(deps.db, user.locale, userId, job.chatId, since);
  // Read meanwhile (or gone): nothing to tell.
  if (!payload) return;
  // The pause before the push, so a message written once the push has arrived finds it waiting. Folded
  // (null): a message came in while this job ran, and its job, waiting to run now, tells it all as one.
  const paused = await deps.jobs.send(
    'chat-push',
    { ...job, since: new Date().toISOString() },
    { singletonKey, startAfter: LIMITS.notify.messagePushEveryMinutes * 60 },
  );
  if (paused) await pushTo(deps, targets, payload);
}

/** "2 new messages · <the newest>", or the newest alone. */
const messagesBody = (locale: Locale, count: number, preview: string) =>
  formatMessage(locale, 'push.message.body', {
    count,
    preview: preview.slice(0, LIMITS.notify.previewChars),
  });

/** The push for a pair chat's unread messages from the other party (after `since`); null when none. */
async function pairChatNews(
  db: Db,
  locale: Locale,
  userId: string,
  chatId: string,
  since: Date | undefined,
): Promise<PushPayload | null> {
  const [chat] = await db
    .select({
      unread: sql<number>`case when ${chats.ownerId} = ${userId} then ${chats.unreadCountOwner}
        else ${chats.unreadCountUser} end`,
    })
    .from(chats)
    .where(and(eq(chats.id, chatId), sql`${userId} in (${chats.ownerId}, ${chats.userId})`));
  if (!chat?.unread) return null;
  const fresh = await db
    .select({ content: chatMessages.content, type: chatMessages.messageType, name: profiles.fullName })
    .from(chatMessages)
    .leftJoin(profiles, eq(profiles.userId, chatMessages.senderId))
    .where(
      and(
        eq(chatMessages.chatId, chatId),
        ne(chatMessages.senderId, userId),
        activeUser(chatMessages.senderId),
        ...(since ? [gt(chatMessages.createdAt, since)] : []),
      ),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(Math.min(chat.unread, 100));
  const latest = fresh[0];
  if (!latest) return null;
  const preview = latest.type === 'like' ? formatMessage(locale, 'push.message.like') : latest.content;
  return {
    title: latest.name ?? formatMessage(locale, 'push.message.title'),
    body: messagesBody(locale, fresh.length, preview),
    url: `/klepet?chat=${chatId}`,
    tag: `chat:${chatId}`,
  };
}

/**
 * The push for an event chat's messages the user has not read (after `since`), from members not hidden from
 * them; null when none, or when they are no longer in the chat (left, removed, the organiser blocked).
 */
async function eventChatNews(
  db: Db,
  locale: Locale,
  userId: string,
  eventId: string,
  since: Date | undefined,
): Promise<PushPayload | null> {
  const unread = await unreadEventMessages(db, userId, eventId, since);
  const latest = unread?.messages[0];
  if (!latest) return null;
  return {
    title: formatMessage(locale, 'push.event_message.title', { title: unread.title }),
    body: messagesBody(
      locale,
      unread.messages.length,
      formatMessage(locale, 'push.event_message.preview', { name: latest.name ?? '', text: latest.content }),
    ),
    url: eventChatPath(eventId),
    tag: `event-chat:${eventId}`,
  };
}

/** Recipients of an announcement are read this many at a time, and pushed (then recorded) this many at once. */
const ANNOUNCE_PAGE = 500;
export const ANNOUNCE_AT_ONCE = 50;

/**
 * `announce` job: a push to everyone who wants announcements pushed and has a device (those in quiet hours
 * see it in the app), the summary e-mail for those who want e-mail or have no device yet. Each user handled is
 * recorded (`announcement_deliveries`) as soon as their pushes have gone, so a job that stopped (an instance
 * killed mid-delivery) continues with the others when it runs again. At least once with no duplicate a user
 * sees: only the few in flight when it stopped (ANNOUNCE_AT_ONCE) can go again, and a push with the same tag
 * replaces the first.
 */
export async function deliverAnnouncement(deps: DeliveryDeps, { id }: { id: string }) {
  const [announcement] = await deps.db
    .select({ title: adminUpdates.title })
    .from(adminUpdates)
    .where(and(eq(adminUpdates.id, id), eq(adminUpdates.isActive, true)));
  if (!announcement) return;
  const channel = sql<string>`coalesce(${notifySettings.channels}->>'announcements', 'push')`;
  const now = new Date();
  const handled = (userIds: string[]) =>
    userIds.length
      ? deps.db
          .insert(announcementDeliveries)
          .values(userIds.map((userId) => ({ announcementId: id, userId })))
          .onConflictDoNothing()
      : undefined;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await deps.db
      .select({
        id: users.id,
        locale: users.locale,
        channel,
        quietFrom: notifySettings.quietFrom,
        quietTo: notifySettings.quietTo,
        timeZone: notifySettings.timeZone,
        devices: sql<number>`(select count(*)::int from ${pushSubscriptions} p where p.user_id = ${users.id})`,
      })
      .from(users)
      .leftJoin(notifySettings, eq(notifySettings.userId, users.id))
      .where(
        and(
          gt(users.id, after),
          sql`${users.emailVerifiedAt} is not null and ${users.passwordHash} is not null`,
          activeUser(users.id),
          sql`not exists (select 1 from ${announcementDeliveries} d
            where d.announcement_id = ${id} and d.user_id = ${users.id})`,
        ),
      )
      .orderBy(users.id)
      .limit(ANNOUNCE_PAGE);
    if (!page.length) return;
    after = page.at(-1)!.id;
    const byEmail = page.filter((u) => u.channel === 'email' || (u.channel === 'push' && !u.devices));
    for (const user of byEmail) await queueDigest(deps.jobs, user.id);
    const pushed = page.filter((u) => u.channel === 'push' && u.devices > 0 && !inQuietHours(now, u));
    const pushing = new Set(pushed.map((u) => u.id));
    // The mailed and those in quiet hours are handled already.
    await handled(page.filter((u) => !pushing.has(u.id)).map((u) => u.id));
    if (!pushed.length) continue;
    const devicesOf = await devicesOfUsers(deps.db, [...pushing]);
    // A few at a time, each few recorded once pushed: a stop can repeat at most the few in flight.
    for (let i = 0; i < pushed.length; i += ANNOUNCE_AT_ONCE) {
      const few = pushed.slice(i, i + ANNOUNCE_AT_ONCE);
      await Promise.all(
        few.map((user) => {
          const locale = localeOf(user.locale);
          // A failing device must not stop the others; the job is not retried for them (it would repeat the rest).
          return pushTo(deps, devicesOf.get(user.id) ?? [], {
            title: formatMessage(locale, 'push.announcement.title'),
            body: announcement.title,
            url: NOTICES_PATH,
            tag: `announcement:${id}`,
          }).catch(() => false);
        }),
      );
      crashPoint('announce:pushed');
      await handled(few.map((user) => user.id));
    }
  }
}
