import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  accessTokens,
  adminUpdates,
  announcementDeliveries,
  checkIns,
  emailTokens,
  rateLimitHits,
  reports,
  sessions,
  spots,
  uploads,
} from '../../server/db/schema';
import { purgeExpired } from '../../server/services/maintenance';
import { LIMITS } from '#shared/limits';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';
import { jpeg } from '../helpers/images';
import { uploadedKey } from '../helpers/uploads';

describe.each(dbKinds())('maintenance on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('purges expired sessions, spent tokens and rate-limit hits older than any window, and keeps live ones', async () => {
    const { token } = await t.signedUpUser('live@example.com'); // one live session, one used confirm token
    await (
      await t.caller()
    ).auth.signUp({ fullName: 'Pending', email: 'pending@example.com', password: 'psi-so-super' });
    await t.settled();
    const [user] = await t.db.select().from(sessions);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.db.insert(sessions).values({ id: 'expired', userId: user!.userId, expiresAt: hourAgo });
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await t.db
      .insert(rateLimitHits)
      .values([
        { bucket: 'signin:to:x@example.com', createdAt: twoHoursAgo },
        { bucket: 'signin:to:x@example.com' },
      ]);

    // Reports: a decided one past the retention period goes; a recent decision and an open one stay.
    const longAgo = new Date(Date.now() - (LIMITS.report.retentionDays + 1) * 86_400_000);
    const report = {
      reason: 'spam' as const,
      targetType: 'dog' as const,
      targetId: randomUUID(),
      snapshot: {},
    };
    await t.db.insert(reports).values([
      { ...report, status: 'dismissed', decidedAt: longAgo, createdAt: longAgo },
      { ...report, status: 'actioned', decidedAt: new Date() },
      { ...report, createdAt: longAgo },
    ]);

    // Access tokens: one expired past the listing period goes; one expired yesterday stays listed.
    const day = 86_400_000;
    const tokenRow = (name: string, expiresAt: Date) => ({
      userId: user!.userId,
      name,
      tokenHash: randomUUID(),
      hint: 'abcd',
      scopes: ['read' as const],
      expiresAt,
    });
    await t.db
      .insert(accessTokens)
      .values([
        tokenRow('stara', new Date(Date.now() - (LIMITS.accessToken.keepExpiredDays + 1) * day)),
        tokenRow('včerajšnja', new Date(Date.now() - day)),
      ]);
    // An announcement's delivery records: one of five weeks ago, one of yesterday.
    const delivered = async (title: string, at: Date) => {
      const [announcement] = await t.db
        .insert(adminUpdates)
        .values({ title, content: title })
        .returning({ id: adminUpdates.id });
      await t.db
        .insert(announcementDeliveries)
        .values({ announcementId: announcement!.id, userId: user!.userId, createdAt: at });
    };
    await delivered('Stara novica', new Date(Date.now() - 35 * day));
    await delivered('Včerajšnja novica', new Date(Date.now() - day));
    // Check-ins: one that ended over a day ago goes; one that ended an hour ago stays (the day's cap counts it).
    const [park] = await t.db
      .insert(spots)
      .values({
        kind: 'dogPark',
        name: 'Park',
        countryCode: 'SI',
        location: 'Ljubljana',
        lat: 46,
        lon: 14.5,
        status: 'published',
      })
      .returning({ id: spots.id });
    const checkIn = (endsAt: Date) => ({
      id: randomUUID(),
      spotId: park!.id,
      userId: user!.userId,
      audience: 'matches' as const,
      endsAt,
    });
    const recent = checkIn(hourAgo);
    await t.db.insert(checkIns).values([checkIn(new Date(Date.now() - day - 3_600_000)), recent]);

    expect(await purgeExpired(t.db, t.app.deps.storage)).toEqual({
      sessions: 1,
      emailTokens: 1,
      rateLimitHits: 1,
      uploads: 0,
      reports: 1,
      accessTokens: 1,
      announcementDeliveries: 1,
      checkIns: 1,
      lostAlertsClosed: 0,
      lostAlerts: 0,
      lostPhotosDetached: 0,
    });
    expect(await t.db.select().from(announcementDeliveries)).toHaveLength(1);
    expect((await t.db.select({ id: checkIns.id }).from(checkIns)).map((row) => row.id)).toEqual([recent.id]);
    expect(
      (await t.db.select({ name: accessTokens.name }).from(accessTokens)).map((row) => row.name),
    ).toEqual(['včerajšnja']);
    expect((await t.db.select({ status: reports.status }).from(reports)).map((r) => r.status).sort()).toEqual(
      ['actioned', 'open'],
    );
    expect(await (await t.caller(token)).auth.me()).toMatchObject({ email: 'live@example.com' });
    expect(await t.db.select().from(emailTokens)).toHaveLength(1); // the pending confirmation
    expect(
      await t.db.select().from(rateLimitHits).where(eq(rateLimitHits.bucket, 'signin:to:x@example.com')),
    ).toHaveLength(1);
  });

  it('removes photos never attached within a day, rows and files, and keeps the rest', async () => {
    const { token } = await t.signedInUser();
    const photo = await jpeg(300, 200);
    const [stale, fresh, used] = [
      await uploadedKey(t.app, token, photo),
      await uploadedKey(t.app, token, photo),
      await uploadedKey(t.app, token, photo),
    ];
    await (
      await t.caller(token)
    ).dogs.create({
      name: 'Bela',
      breed: 'Mešanec',
      age: 1,
      gender: 'male',
      location: 'Kranj',
      photos: [used],
    });
    const old = new Date(Date.now() - (LIMITS.upload.unattachedHours + 1) * 3_600_000);
    for (const key of [stale, used])
      await t.db.update(uploads).set({ createdAt: old }).where(eq(uploads.key, key));
    const fileOf = (key: string) => path.join(t.config.dataDir, 'uploads', `${key}_thumb.webp`);

    expect((await purgeExpired(t.db, t.app.deps.storage)).uploads).toBe(1);
    expect((await t.db.select({ key: uploads.key }).from(uploads)).map((row) => row.key).sort()).toEqual(
      [fresh, used].sort(),
    );
    expect(fs.existsSync(fileOf(stale))).toBe(false);
    expect(fs.existsSync(fileOf(fresh))).toBe(true);
    expect(fs.existsSync(fileOf(used))).toBe(true);
  });
});
