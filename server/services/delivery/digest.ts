import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { DAY_MS } from '#shared/domain/days';
import {
  byEmail,
  channelsOf,
  NOTIFY_TOPICS,
  type NotifyTopic,
  quietUntil,
  topicOfNotice,
} from '#shared/domain/notify';
import { NOTIFICATION_TYPES, type NotificationType } from '#shared/domain/requests';
import { isLocale } from '#shared/i18n';
import { LIMITS } from '#shared/limits';
import type { Mailer } from '../../auth/mailer';
import { crashPoint } from '../../crash-points';
import { renderMail } from '../../auth/mail-templates';
import type { Db } from '../../db/client';
import {
  adminUpdates,
  chats,
  notifications,
  notifySettings,
  pushSubscriptions,
  users,
} from '../../db/schema';
import type { Jobs } from '../../jobs/queue';
import { formatMessage } from '../../locales';
import { serverKey } from '../../push/server-keys';
import { unreadEventMessageCount } from '../chat/event-chat';
import { notifyPreferences, quietHoursOf } from '../notices/notify-settings';
import { activeUser, chatSeenBy, requestVisibleTo } from '../safety/visibility';

/** One-click unsubscribe links (per topic, or `all`), signed so nobody else can turn a user's e-mail off. */
export interface UnsubscribeLinks {
  link(userId: string, topic: NotifyTopic | 'all'): string;
  verify(userId: string, topic: string, signature: string): boolean;
}

export async function createUnsubscribeLinks(db: Db, publicUrl: string): Promise<UnsubscribeLinks> {
  const secret = await serverKey(db, 'unsubscribe', () =>
    Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url'),
  );
  const sign = (userId: string, topic: string) =>
    createHmac('sha256', secret).update(`${userId}:${topic}`).digest('base64url');
  return {
    link: (userId, topic) => `${publicUrl}/api/unsubscribe?u=${userId}&t=${topic}&s=${sign(userId, topic)}`,
    verify(userId, topic, signature) {
      const expected = Buffer.from(sign(userId, topic));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * Turns e-mail for `topic` (or every topic) off, and only e-mail: a topic chosen for e-mail is then shown in
 * the app only; a pushed one goes on being pushed, without the e-mail it gets while no device takes pushes.
 */
export async function unsubscribe(db: Db, userId: string, topic: NotifyTopic | 'all') {
  const prefs = await notifyPreferences(db, userId);
  const channels = { ...prefs.channels };
  const emailOff = new Set(prefs.emailOff);
  for (const t of topic === 'all' ? NOTIFY_TOPICS : [topic]) {
    if (!channelsOf(t).includes('email')) continue;
    if (channels[t] === 'email') channels[t] = 'off';
    if (channels[t] === 'push') emailOff.add(t);
  }
  const values = { channels, emailOff: NOTIFY_TOPICS.filter((t) => emailOff.has(t)), updatedAt: new Date() };
  await db
    .insert(notifySettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notifySettings.userId, set: values });
}

export interface DigestDeps {
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  links: UnsubscribeLinks;
  publicUrl: string;
}

/** The notice types of a topic (as topicOfNotice sorts them). */
const typesOf = (topic: NotifyTopic) => NOTIFICATION_TYPES.filter((type) => topicOfNotice(type) === topic);

/** How much of each topic has waited for the user since `since`. */
async function waiting(db: Db, userId: string, since: Date): Promise<Record<NotifyTopic, number>> {
  const notices = await db
    .select({ type: notifications.notificationType, n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.ownerId, userId),
        eq(notifications.status, 'unread'),
        gt(notifications.createdAt, since),
        requestVisibleTo(userId),
      ),
    )
    .groupBy(notifications.notificationType);
  const ofTypes = (types: NotificationType[]) =>
    notices.filter((row) => types.includes(row.type)).reduce((sum, row) => sum + row.n, 0);
  const [messages] = await db
    .select({
      n: sql<number>`coalesce(sum(case when ${chats.ownerId} = ${userId} then ${chats.unreadCountOwner}
        else ${chats.unreadCountUser} end), 0)::int`,
    })
    .from(chats)
    .where(and(chatSeenBy(userId), gt(chats.lastMessageAt, since)));
  const [announcements] = await db
    .select({ n: count() })
    .from(adminUpdates)
    .where(and(eq(adminUpdates.isActive, true), gt(adminUpdates.createdAt, since)));
  return {
    requests: ofTypes(typesOf('requests')),
    matches: ofTypes(typesOf('matches')),
    messages: (messages?.n ?? 0) + (await unreadEventMessageCount(db, userId, since)),
    events: ofTypes(typesOf('events')),
    announcements: announcements?.n ?? 0,
    // Never by e-mail (channelsOf): over by the time a summary would tell it.
    checkIns: 0,
    // Alerts are mailed at once, each on its own (services/delivery/lost-alert-delivery.ts); sightings of
    // my own lost dog wait here.
    lostDogs: ofTypes(typesOf('lostDogs')),
  };
}

const OFFLINE_MS = LIMITS.notify.emailAfterOfflineMinutes * 60_000;
/** A summary never reaches back further than this (a first one after a long absence). */
const LOOKBACK_MS = 7 * DAY_MS;

/**
 * `digest` job: one e-mail summarising what waits for a user who has had no socket open for
 * LIMITS.notify.emailAfterOfflineMinutes, in the topics they get by e-mail (chosen, or for push while they
 * have no device). Someone still in the app is asked again once they have been away that long.
 */
export async function sendDigest(deps: DigestDeps, { userId }: { userId: string }) {
  const [user] = await deps.db
    .select({
      email: users.email,
      locale: users.locale,
      lastSeenAt: users.lastSeenAt,
      lastDigestAt: users.lastDigestAt,
      mailable: sql<boolean>`${users.emailVerifiedAt} is not null and ${users.passwordHash} is not null
        and ${activeUser(users.id)}`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.mailable) return;
  const now = Date.now();
  const prefs = await notifyPreferences(deps.db, userId);
  const [devices] = await deps.db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const topics = NOTIFY_TOPICS.filter((t) =>
    byEmail(t, prefs.channels[t], !!devices?.n, prefs.emailOff.includes(t)),
  );
  const since = new Date(
    Math.max(now - LOOKBACK_MS, user.lastSeenAt?.getTime() ?? 0, user.lastDigestAt?.getTime() ?? 0),
  );
  const counts = await waiting(deps.db, userId, since);
  const news = topics.filter((t) => counts[t] > 0);
  if (!news.length) return;
  const later = (startAfter: Date) =>
    deps.jobs.send('digest', { userId }, { singletonKey: userId, startAfter });
  if (user.lastSeenAt && now - user.lastSeenAt.getTime() < OFFLINE_MS)
    return void (await later(new Date(user.lastSeenAt.getTime() + OFFLINE_MS)));
  const quietEnd = quietUntil(new Date(now), quietHoursOf(prefs));
  if (quietEnd) return void (await later(quietEnd));

  const locale = isLocale(user.locale) ? user.locale : 'sl';
  const total = news.reduce((sum, t) => sum + counts[t], 0);
  const lines = news.map((topic) =>
    formatMessage(locale, 'mail.digest.line', {
      topic: formatMessage(locale, `notify.topic.${topic}`),
      count: counts[topic],
      unsubscribe: deps.links.link(userId, topic),
    }),
  );
  const mail = renderMail('digest', locale, {
    count: total,
    lines: lines.join('\n\n'),
    link: deps.publicUrl,
    settings: `${deps.publicUrl}/profil`,
  });
  await deps.mailer.send({
    to: user.email,
    ...mail,
    link: deps.publicUrl,
    // Recorded after it is sent: an instance that dies in between sends it again on the job's retry, with the
    // same Message-ID (what it tells since when), which mail clients show once.
    messageId: `<digest.${userId}.${since.getTime()}.${total}@${new URL(deps.publicUrl).hostname}>`,
    // RFC 8058: mail clients offer "unsubscribe" and call it with one POST.
    headers: {
      'List-Unsubscribe': `<${deps.links.link(userId, 'all')}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  crashPoint('digest:mailed');
  await deps.db
    .update(users)
    .set({ lastDigestAt: new Date(now) })
    .where(eq(users.id, userId));
}
