import { and, eq, gt, sql } from 'drizzle-orm';
import { inQuietHours } from '#shared/domain/notify';
import { SPOT_PARAM } from '#shared/domain/spots';
import { INTL_TAG, isLocale, type Locale } from '#shared/i18n';
import { checkIns, notifySettings, spots, users } from '../../db/schema';
import { crashPoint } from '../../crash-points';
import { formatMessage } from '../../locales';
import { activeUser, shownTo } from '../safety/visibility';
import { publishedSpot } from '../spots/spots';
import { type DeliveryDeps, devicesOfUsers, pushTo } from './push-delivery';

/** "Aro in Luna", in the recipient's language. */
const dogList = (locale: Locale, names: string[]) =>
  new Intl.ListFormat(INTL_TAG[locale], { type: 'conjunction' }).format(names);

/** "17:30" on the recipient's clock. */
const clock = (locale: Locale, at: Date, timeZone: string) =>
  new Intl.DateTimeFormat(INTL_TAG[locale], { hour: '2-digit', minute: '2-digit', timeZone }).format(at);

/** "Aro in Luna sta tam do približno 17:30." in the recipient's language, on their clock. */
export const checkInBody = (locale: Locale, dogs: string[], until: Date, timeZone: string) =>
  formatMessage(locale, 'push.check_in.body', {
    dogs: dogList(locale, dogs),
    count: dogs.length,
    time: clock(locale, until, timeZone),
  });

/**
 * `check-in` job: "Aro is there until about 17:30" to each of the owner's matches who chose check-ins by push,
 * has a device and is not in quiet hours (such news is over by their end, so it waits for nobody); nothing to
 * anyone hidden from the owner or from whom the owner is hidden, nothing once the check-in has ended.
 *
 * At least once, with no duplicate a user sees: the job is queued with the check-in, and a run that stopped
 * (an instance killed mid-delivery, a push service away) runs again whole; every push of a check-in carries
 * one tag, so a second replaces the first on the device, silently.
 */
export async function deliverCheckIn(deps: DeliveryDeps, { checkInId }: { checkInId: string }) {
  const [checkIn] = await deps.db
    .select({
      ownerId: checkIns.userId,
      spotId: spots.id,
      spot: spots.name,
      until: checkIns.endsAt,
      dogs: sql<string[]>`array(select d.name from check_in_dogs cd join dog_profiles d on d.id = cd.dog_id
        where cd.check_in_id = ${checkIns.id} order by d.name)`,
    })
    .from(checkIns)
    .innerJoin(spots, eq(spots.id, checkIns.spotId))
    .where(
      and(
        eq(checkIns.id, checkInId),
        gt(checkIns.endsAt, sql`now()`),
        activeUser(checkIns.userId),
        publishedSpot,
      ),
    );
  if (!checkIn?.dogs.length) return;
  const owner = checkIn.ownerId;
  const recipients = await deps.db
    .select({
      id: users.id,
      locale: users.locale,
      quietFrom: notifySettings.quietFrom,
      quietTo: notifySettings.quietTo,
      timeZone: sql<string>`coalesce(${notifySettings.timeZone}, 'Europe/Ljubljana')`,
    })
    .from(users)
    .innerJoin(notifySettings, eq(notifySettings.userId, users.id))
    .where(
      and(
        sql`${users.id} in (select case when m.user1_id = ${owner} then m.user2_id else m.user1_id end
          from matches m where m.user1_id = ${owner} or m.user2_id = ${owner})`,
        sql`${notifySettings.channels}->>'checkIns' = 'push'`,
        shownTo(owner, users.id),
      ),
    );
  const now = new Date();
  const awake = recipients.filter((r) => !inQuietHours(now, r));
  if (!awake.length) return;
  const devicesOf = await devicesOfUsers(
    deps.db,
    awake.map((r) => r.id),
  );
  const results = await Promise.allSettled(
    awake.map((recipient) => {
      const locale = isLocale(recipient.locale) ? recipient.locale : 'sl';
      return pushTo(deps, devicesOf.get(recipient.id) ?? [], {
        title: checkIn.spot,
        body: checkInBody(locale, checkIn.dogs, checkIn.until, recipient.timeZone),
        url: `/mesta?${SPOT_PARAM}=${checkIn.spotId}`,
        tag: `check-in:${checkInId}`,
      });
    }),
  );
  crashPoint('check-in:pushed');
  // A push service away: the whole run again later (the others' second push replaces their first).
  if (results.some((result) => result.status === 'rejected')) throw new Error('push service unavailable');
}
