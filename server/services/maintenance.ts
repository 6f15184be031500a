import { and, isNotNull, lt, ne, or } from 'drizzle-orm';
import { daysBefore } from '#shared/domain/days';
import { LIMITS } from '#shared/limits';
import type { DbOrTx } from '../db/client';
import {
  accessTokens,
  announcementDeliveries,
  checkIns,
  emailTokens,
  lostAlerts,
  reports,
  sessions,
} from '../db/schema';
import { closeExpiredLost, detachGonePhotos } from './lost/lost-alerts';
import type { Storage } from '../storage/storage';
import { purgeOldHits } from './rate-limit';
import { purgeUnattachedUploads } from './uploads';

/**
 * Delete what can no longer be used: expired sessions, used or expired e-mail tokens, rate-limit hits older
 * than any window, photos uploaded but never used, decided reports (with their snapshots) past the
 * retention period (LIMITS.report.retentionDays; open ones stay until decided), personal access tokens
 * expired for LIMITS.accessToken.keepExpiredDays, the records of announcements’ deliveries after a month,
 * check-ins a day after their end, and lost-dog alerts LIMITS.lostAlert.expiresDays after their end (their
 * photos with the uploads sweep of the next run); open alerts past their expiry close.
 */
export async function purgeExpired(db: DbOrTx, storage: Storage, now = new Date()) {
  const retained = daysBefore(now, LIMITS.report.retentionDays);
  const tokensExpiredBefore = daysBefore(now, LIMITS.accessToken.keepExpiredDays);
  const deliveredBefore = daysBefore(now, 30);
  const [s, t, f, u, r, a, d, c, l, x, p] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db
      .delete(emailTokens)
      .where(or(lt(emailTokens.expiresAt, now), isNotNull(emailTokens.usedAt)))
      .returning({ id: emailTokens.id }),
    purgeOldHits(db, now),
    purgeUnattachedUploads(db, storage, now),
    db
      .delete(reports)
      .where(and(ne(reports.status, 'open'), lt(reports.decidedAt, retained)))
      .returning({ id: reports.id }),
    db
      .delete(accessTokens)
      .where(lt(accessTokens.expiresAt, tokensExpiredBefore))
      .returning({ id: accessTokens.id }),
    db
      .delete(announcementDeliveries)
      .where(lt(announcementDeliveries.createdAt, deliveredBefore))
      .returning({ id: announcementDeliveries.userId }),
    // Where an owner was is kept no longer than the day's cap needs it.
    db
      .delete(checkIns)
      .where(lt(checkIns.endsAt, daysBefore(now, 1)))
      .returning({ id: checkIns.id }),
    closeExpiredLost(db),
    // Where a dog was lost (maybe at its home) goes once the month's cap no longer counts it.
    db
      .delete(lostAlerts)
      .where(lt(lostAlerts.endedAt, daysBefore(now, LIMITS.lostAlert.expiresDays)))
      .returning({ id: lostAlerts.id }),
    detachGonePhotos(db, now),
  ]);
  return {
    sessions: s.length,
    emailTokens: t.length,
    rateLimitHits: f,
    uploads: u,
    reports: r.length,
    accessTokens: a.length,
    announcementDeliveries: d.length,
    checkIns: c.length,
    lostAlertsClosed: l,
    lostAlerts: x.length,
    lostPhotosDetached: p,
  };
}
