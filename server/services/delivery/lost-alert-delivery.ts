import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { byEmail, inQuietHours } from '#shared/domain/notify';
import { type LostAlertKind, lostAlertPath } from '#shared/domain/lost';
import { INTL_TAG, isLocale, type Locale } from '#shared/i18n';
import {
  dogProfiles,
  lostAlertDeliveries,
  lostAlerts,
  notifySettings,
  pushSubscriptions,
  users,
} from '../../db/schema';
import { crashPoint } from '../../crash-points';
import { formatMessage } from '../../locales';
import { activeUser, shownTo } from '../safety/visibility';
import type { MailJob } from './mail-delivery';
import { type DeliveryDeps, devicesOfUsers, pushTo } from './push-delivery';

/** Recipients are read this many at a time, and told (then recorded) this many at once. */
const PAGE = 500;
export const LOST_AT_ONCE = 50;

/** "27. 11., 17:30" on the recipient's clock, in their language. */
const when = (locale: Locale, at: Date, timeZone: string) =>
  new Intl.DateTimeFormat(INTL_TAG[locale], {
    day: 'numeric',
    month: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(at);

type AlertFacts = {
  kind: LostAlertKind;
  dog: string | null;
  breed: string | null;
  looks: string | null;
  town: string | null;
  seenAt: Date;
};

/** The words of an alert its messages and its public page put in their texts, in a language and on a clock. */
export const lostAlertValues = (locale: Locale, alert: AlertFacts, timeZone: string) => ({
  dog: alert.dog ?? '',
  breed: alert.breed ?? '',
  looks: alert.looks ?? '',
  town: alert.town ?? '',
  hasTown: alert.town ? 'yes' : 'no',
  when: when(locale, alert.seenAt, timeZone),
});

/** What a lost (or found) dog's push or e-mail says, in the recipient's language and on their clock. */
export function lostAlertText(locale: Locale, alert: AlertFacts, timeZone: string) {
  const values = lostAlertValues(locale, alert, timeZone);
  return {
    title: formatMessage(locale, `push.${alert.kind}.title`, values),
    body: formatMessage(locale, `push.${alert.kind}.body`, values),
    values,
  };
}

/** The e-mails of each kind of alert: raised, and the dog home (or back with its owner). */
const MAILS = {
  lost: { raised: 'lostAlert', home: 'lostFound' },
  found: { raised: 'foundAlert', home: 'foundHome' },
} as const;
type LostMail = (typeof MAILS)[LostAlertKind][keyof (typeof MAILS)['lost']];

type Told = 'push' | 'email' | 'none';

/**
 * `lost-alert` job, queued with every change it announces (raised, widened, found).
 *
 * Open: every owner with a dog within the radius of the last-seen point who keeps lost-dog news on, not the
 * owner's and not hidden either way, and not told yet: pushed on their devices (not in their quiet hours: then
 * only in the app), or e-mailed at once when they chose e-mail or have no device. Found: everyone pushed or
 * mailed hears "Aro is home".
 *
 * At least once, with no duplicate a user sees: each few recipients are recorded once their pushes or mails
 * have gone (`lost_alert_deliveries`), so a run that stopped goes on with the rest; only the few in flight can
 * go twice, and a second push carries the alert's tag (it replaces the first on the device), a second mail the
 * same Message-ID (mail clients show one).
 */
export async function deliverLostAlert(deps: DeliveryDeps, { alertId }: { alertId: string }) {
  const [alert] = await deps.db
    .select({
      ownerId: lostAlerts.userId,
      kind: lostAlerts.kind,
      looks: lostAlerts.looks,
      status: lostAlerts.status,
      lat: lostAlerts.lat,
      lon: lostAlerts.lon,
      radiusKm: lostAlerts.radiusKm,
      town: lostAlerts.town,
      seenAt: lostAlerts.seenAt,
      open: sql<boolean>`${lostAlerts.expiresAt} > now()`,
      dog: dogProfiles.name,
      breed: dogProfiles.breed,
    })
    .from(lostAlerts)
    .leftJoin(dogProfiles, eq(dogProfiles.id, lostAlerts.dogId))
    .where(and(eq(lostAlerts.id, alertId), activeUser(lostAlerts.userId)));
  if (!alert) return;
  if (alert.status === 'found') return tellFound(deps, alertId, alert);
  if (alert.status !== 'open' || !alert.open) return;

  const radiusM = alert.radiusKm * 1000;
  const channel = sql<string>`coalesce(${notifySettings.channels}->>'lostDogs', 'push')`;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await deps.db
      .select({
        id: users.id,
        email: users.email,
        locale: users.locale,
        channel,
        emailOff: sql<boolean>`coalesce(${notifySettings.emailOff} ? 'lostDogs', false)`,
        quietFrom: notifySettings.quietFrom,
        quietTo: notifySettings.quietTo,
        timeZone: sql<string>`coalesce(${notifySettings.timeZone}, 'Europe/Ljubljana')`,
        devices: sql<number>`(select count(*)::int from ${pushSubscriptions} p where p.user_id = ${users.id})`,
      })
      .from(users)
      .leftJoin(notifySettings, eq(notifySettings.userId, users.id))
      .where(
        and(
          gt(users.id, after),
          sql`${users.id} <> ${alert.ownerId}`,
          sql`${users.emailVerifiedAt} is not null and ${users.passwordHash} is not null`,
          sql`${channel} <> 'off'`,
          // Owners with a dog at a listed place within the radius (the places' GiST index finds them).
          sql`${users.id} in (select d.user_id from ${dogProfiles} d where d.place_id in (
            select p.id from places p
            where earth_box(ll_to_earth(${alert.lat}, ${alert.lon}), ${radiusM}) @> ll_to_earth(p.lat, p.lon)
              and earth_distance(ll_to_earth(${alert.lat}, ${alert.lon}), ll_to_earth(p.lat, p.lon)) <= ${radiusM}))`,
          shownTo(alert.ownerId, users.id),
          sql`not exists (select 1 from ${lostAlertDeliveries} d
            where d.alert_id = ${alertId} and d.user_id = ${users.id})`,
        ),
      )
      .orderBy(users.id)
      .limit(PAGE);
    if (!page.length) return;
    after = page.at(-1)!.id;
    const now = new Date();
    const told = page.map((user): { user: (typeof page)[number]; how: Told } => {
      const channelOf = user.channel === 'email' ? 'email' : 'push';
      if (byEmail('lostDogs', channelOf, user.devices > 0, user.emailOff)) return { user, how: 'email' };
      if (channelOf === 'email' || !user.devices) return { user, how: 'none' };
      return { user, how: inQuietHours(now, user) ? 'none' : 'push' };
    });
    const devicesOf = await devicesOfUsers(
      deps.db,
      told.filter((t) => t.how === 'push').map((t) => t.user.id),
    );
    // One text per language and time zone: most recipients share both, and formatting is not free.
    const texts = new Map<string, ReturnType<typeof lostAlertText>>();
    const textFor = (locale: Locale, timeZone: string) => {
      const key = `${locale} ${timeZone}`;
      let text = texts.get(key);
      if (!text) texts.set(key, (text = lostAlertText(locale, alert, timeZone)));
      return text;
    };
    for (let i = 0; i < told.length; i += LOST_AT_ONCE) {
      const few = told.slice(i, i + LOST_AT_ONCE);
      await Promise.all(
        few.map(({ user, how }) => {
          const locale = isLocale(user.locale) ? user.locale : 'sl';
          const text = textFor(locale, user.timeZone);
          if (how === 'email')
            return mail(
              deps,
              { alertId, userId: user.id, to: user.email, locale, kind: MAILS[alert.kind].raised },
              text.values,
            );
          if (how === 'none') return;
          // A failing device must not stop the others; the job is not retried for them (it would repeat the rest).
          return pushTo(deps, devicesOf.get(user.id) ?? [], {
            title: text.title,
            body: text.body,
            url: lostAlertPath(alertId),
            tag: `lost:${alertId}`,
          }).catch(() => false);
        }),
      );
      crashPoint('lost:told');
      await deps.db
        .insert(lostAlertDeliveries)
        .values(few.map(({ user, how }) => ({ alertId, userId: user.id, channel: how })))
        .onConflictDoNothing();
    }
  }
}

/** Queues one lost-dog e-mail; a repeat for the same alert, recipient and kind has the same Message-ID. */
function mail(
  deps: DeliveryDeps,
  to: { alertId: string; userId: string; to: string; locale: Locale; kind: LostMail },
  values: Record<string, string>,
) {
  const job: MailJob = {
    mailId: `${to.kind}.${to.alertId}.${to.userId}`,
    to: to.to,
    kind: to.kind,
    locale: to.locale,
    values,
    path: lostAlertPath(to.alertId),
  };
  return deps.jobs.send('mail', job);
}

/**
 * "Aro is home" (or "the dog found near Kranj is back with its owner") to everyone who was pushed or mailed the
 * alert and has not heard it yet.
 */
async function tellFound(deps: DeliveryDeps, alertId: string, alert: AlertFacts) {
  for (;;) {
    const few = await deps.db
      .select({
        userId: lostAlertDeliveries.userId,
        channel: lostAlertDeliveries.channel,
        email: users.email,
        locale: users.locale,
      })
      .from(lostAlertDeliveries)
      .innerJoin(users, eq(users.id, lostAlertDeliveries.userId))
      .where(
        and(
          eq(lostAlertDeliveries.alertId, alertId),
          isNull(lostAlertDeliveries.foundToldAt),
          inArray(lostAlertDeliveries.channel, ['push', 'email']),
        ),
      )
      .orderBy(lostAlertDeliveries.userId)
      .limit(LOST_AT_ONCE);
    if (!few.length) return;
    const devicesOf = await devicesOfUsers(
      deps.db,
      few.filter((r) => r.channel === 'push').map((r) => r.userId),
    );
    await Promise.all(
      few.map((r) => {
        const locale = isLocale(r.locale) ? r.locale : 'sl';
        const values = { dog: alert.dog ?? '', looks: alert.looks ?? '' };
        const kind = MAILS[alert.kind].home;
        if (r.channel === 'email')
          return mail(deps, { alertId, userId: r.userId, to: r.email, locale, kind }, values);
        return pushTo(deps, devicesOf.get(r.userId) ?? [], {
          title: formatMessage(locale, `push.${alert.kind}_home.title`, values),
          body: formatMessage(locale, `push.${alert.kind}_home.body`, values),
          url: lostAlertPath(alertId),
          tag: `lost:${alertId}`,
        }).catch(() => false);
      }),
    );
    crashPoint('lost:found-told');
    await deps.db
      .update(lostAlertDeliveries)
      .set({ foundToldAt: sql`now()` })
      .where(
        and(
          eq(lostAlertDeliveries.alertId, alertId),
          inArray(
            lostAlertDeliveries.userId,
            few.map((r) => r.userId),
          ),
        ),
      );
  }
}
