import { and, count, eq } from 'drizzle-orm';
import {
  channelsOf,
  DEFAULT_CHANNELS,
  NOTIFY_TOPICS,
  type NotifyChannels,
  type QuietHours,
} from '#shared/domain/notify';
import { AppError } from '#shared/errors';
import type { Locale } from '#shared/i18n';
import { LIMITS } from '#shared/limits';
import type {
  NotifyPreferences,
  NotifyPreferencesInput,
  PushSubscriptionInput,
} from '#shared/schemas/notifications';
import type { DbOrTx } from '../../db/client';
import { notifySettings, pushSubscriptions, users } from '../../db/schema';

/** Until the user chooses: push where a device of theirs gets pushes, else e-mail (what would happen anyway). */
async function defaultChannels(db: DbOrTx, userId: string): Promise<NotifyChannels> {
  const [devices] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  if (devices?.n) return DEFAULT_CHANNELS;
  return Object.fromEntries(
    NOTIFY_TOPICS.map((topic) => [
      topic,
      channelsOf(topic).includes('email') ? 'email' : DEFAULT_CHANNELS[topic],
    ]),
  ) as NotifyChannels;
}

export async function notifyPreferences(db: DbOrTx, userId: string): Promise<NotifyPreferences> {
  const [row] = await db.select().from(notifySettings).where(eq(notifySettings.userId, userId));
  return {
    // A topic added later takes its default.
    channels: { ...(row ? DEFAULT_CHANNELS : await defaultChannels(db, userId)), ...row?.channels },
    emailOff: row?.emailOff ?? [],
    quietHours: row?.quietFrom && row.quietTo ? { from: row.quietFrom, to: row.quietTo } : null,
    timeZone: row?.timeZone ?? 'Europe/Ljubljana',
  };
}

/** Quiet hours in the shape the rules take. */
export const quietHoursOf = (prefs: NotifyPreferences): QuietHours | null =>
  prefs.quietHours && { ...prefs.quietHours, timeZone: prefs.timeZone };

export async function updateNotifyPreferences(db: DbOrTx, userId: string, input: NotifyPreferencesInput) {
  const { emailOff, channels: before } = await notifyPreferences(db, userId);
  // A topic the caller left out (one added after their script was written) keeps its channel.
  const channels: NotifyChannels = { ...before, ...input.channels };
  const values = {
    channels,
    emailOff: emailOff.filter((topic) => channels[topic] !== 'email'),
    quietFrom: input.quietHours?.from ?? null,
    quietTo: input.quietHours?.to ?? null,
    timeZone: input.timeZone,
    updatedAt: new Date(),
  };
  await db
    .insert(notifySettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notifySettings.userId, set: values });
  return notifyPreferences(db, userId);
}

/**
 * Keeps this browser's subscription for the user. An endpoint belongs to one browser: signing in as someone
 * else there moves it to them.
 */
export async function addPushSubscription(db: DbOrTx, userId: string, input: PushSubscriptionInput) {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
    const [mine] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, input.endpoint)));
    if (!mine && (held?.n ?? 0) >= LIMITS.notify.subscriptionsPerUser)
      throw new AppError('TOO_MANY_DEVICES', { max: LIMITS.notify.subscriptionsPerUser });
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    return { ok: true as const };
  });
}

export async function removePushSubscription(db: DbOrTx, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return { ok: true as const };
}

/** How many browsers get the user's pushes, and whether `endpoint` (this browser) is one of them. */
export async function pushDevices(db: DbOrTx, userId: string, endpoint: string | null) {
  const rows = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return { count: rows.length, thisDevice: endpoint !== null && rows.some((r) => r.endpoint === endpoint) };
}

export async function setLocale(db: DbOrTx, userId: string, locale: Locale) {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
  return { ok: true as const };
}
