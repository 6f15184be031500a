import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, lostAlertDeliveries, lostAlerts, uploads, users } from '../../server/db/schema';
import { addPushSubscription } from '../../server/services/notices/notify-settings';
import { purgeExpired } from '../../server/services/maintenance';
import { DEFAULT_CHANNELS, type NotifyChannel } from '#shared/domain/notify';
import { LIMITS } from '#shared/limits';
import { dbKinds, failure, type TestApp } from '../helpers/app';
import { startDelivery, until } from '../helpers/delivery';
import { makeDog, makeUser } from '../helpers/factories';
import { jpeg } from '../helpers/images';
import { uploadedKey } from '../helpers/uploads';
import { sleep } from '../helpers/instances';
import { type FakeDevice, type PushService } from '../helpers/push-service';

/** Where Aro was last seen: the centre of Ljubljana. Domžale's dogs are 11.6 km away, Maribor's 105 km. */
const LJUBLJANA = { lat: 46.0511, lon: 14.5051 };

/**
 * Lost-dog alerts (issue 33 §5 and 8): who is told (owners with a dog within the radius who keep the news on;
 * by push, by e-mail without a device, nobody across a block), a widened radius tells only the new ones,
 * "found" tells exactly those told, and the rules: the owner's own dog, one open alert per dog, a month's cap,
 * a retry stored once, the rounded point, expiry.
 */
describe.each(dbKinds())('lost-dog alerts on %s', (kind) => {
  let t: TestApp;
  let push: PushService;
  beforeAll(async () => {
    ({ t, push } = await startDelivery(kind));
  });
  afterAll(() => Promise.all([t.close(), push.close()]));

  /** An owner with a dog in `town`; `device`: a subscribed browser; `lostDogs`: their choice for the topic. */
  async function owner(
    name: string,
    town: string,
    opts: { device?: boolean; lostDogs?: NotifyChannel; locale?: string; quiet?: boolean } = {},
  ) {
    const made = await makeUser(t.db, { fullName: name });
    await t.db
      .update(users)
      .set({ locale: opts.locale ?? 'sl' })
      .where(eq(users.id, made.id));
    const dog = await makeDog(t.db, made.id, { name: `${name}ov pes`, location: town });
    const api = await t.caller(made.token);
    let device: FakeDevice | null = null;
    if (opts.device) {
      device = push.device();
      await addPushSubscription(t.db, made.id, device);
    }
    if (opts.lostDogs || opts.quiet)
      await api.notifySettings.updatePreferences({
        channels: { ...DEFAULT_CHANNELS, lostDogs: opts.lostDogs ?? 'push' },
        // Quiet all day but the minute after midnight: any test run falls inside.
        quietHours: opts.quiet ? { from: '00:01', to: '00:00' } : null,
        timeZone: 'Europe/Ljubljana',
      });
    return { ...made, dog, api, device: device! };
  }
  type Owner = Awaited<ReturnType<typeof owner>>;
  const report = (
    who: Owner,
    extra: Partial<{ id: string; note: string; seenAt: Date; photo: string }> = {},
  ) =>
    who.api.lost.report({
      id: randomUUID(),
      dogId: who.dog.id,
      ...LJUBLJANA,
      seenAt: new Date(Date.now() - 30 * 60_000),
      ...extra,
    });
  const deliveries = async (alertId: string) =>
    Object.fromEntries(
      (
        await t.db
          .select({ userId: lostAlertDeliveries.userId, channel: lostAlertDeliveries.channel })
          .from(lostAlertDeliveries)
          .where(eq(lostAlertDeliveries.alertId, alertId))
      ).map((row) => [row.userId, row.channel]),
    );

  it('tells owners within the radius by push or e-mail, widens to the new ones only, and "found" tells those told', async () => {
    const ana = await owner('Ana', 'Ljubljana', { device: true });
    const bor = await owner('Bor', 'Ljubljana', { device: true, locale: 'en' });
    const cene = await owner('Cene', 'Ljubljana');
    const dana = await owner('Dana', 'Domžale', { device: true });
    const eva = await owner('Eva', 'Maribor', { device: true });
    const fran = await owner('Fran', 'Ljubljana', { device: true, lostDogs: 'off' });
    const gal = await owner('Gal', 'Ljubljana', { device: true });
    const hana = await owner('Hana', 'Ljubljana', { device: true, quiet: true });
    await t.db.insert(blocks).values({ blockerId: ana.id, blockedId: gal.id });
    const mailsBefore = t.mails.length;

    const alert = await report(ana, { note: 'Plašen je, ne lovite ga.' });
    expect(alert).toMatchObject({ status: 'open', mine: true, radiusKm: 5, town: 'Ljubljana', ...LJUBLJANA });
    expect(alert.dog).toMatchObject({ id: ana.dog.id, name: 'Anaov pes' });

    await until(() => bor.device.received.length === 1, 'Bor’s push');
    expect(bor.device.received[0]).toMatchObject({
      title: 'Lost dog nearby: Anaov pes',
      url: `/pogresani?alarm=${alert.id}`,
      tag: `lost:${alert.id}`,
    });
    expect(bor.device.received[0]!.body).toMatch(
      /^.+ · last seen .+ · Ljubljana\. Seen this dog\? Open the alert\.$/,
    );
    // Cene has no device: an e-mail at once, linking to the alert.
    await until(() => t.mails.some((m) => m.to === cene.email), 'Cene’s e-mail');
    const mail = t.mails.find((m) => m.to === cene.email)!;
    expect(mail.subject).toBe('Pogrešan pes v bližini: Anaov pes');
    expect(mail.text).toContain(`http://tacke.test/pogresani?alarm=${alert.id}`);
    expect(mail.text).toContain('okolica kraja Ljubljana');
    await until(async () => Object.keys(await deliveries(alert.id)).length === 3, 'the first round recorded');
    expect(await deliveries(alert.id)).toEqual({ [bor.id]: 'push', [cene.id]: 'email', [hana.id]: 'none' });
    for (const nobody of [ana, dana, eva, fran, gal, hana]) expect(nobody.device.received).toEqual([]);

    // Wider, 10 km still misses Domžale; 15 km reaches Dana, and nobody else hears it twice.
    await ana.api.lost.widen({ id: alert.id, radiusKm: 10 });
    const widened = await ana.api.lost.widen({ id: alert.id, radiusKm: 15 });
    expect(widened.radiusKm).toBe(15);
    await until(() => dana.device.received.length === 1, 'Dana’s push');
    await sleep(1_500);
    expect(bor.device.received).toHaveLength(1);
    expect(t.mails.filter((m) => m.to === cene.email)).toHaveLength(1);
    expect(eva.device.received).toEqual([]);
    expect(await failure(ana.api.lost.widen({ id: alert.id, radiusKm: 5 }))).toMatchObject({
      appCode: 'VALIDATION',
    });

    // Found: those pushed and mailed hear it under the same tag; Hana (quiet hours, not told) does not.
    const found = await ana.api.lost.found({ id: alert.id });
    expect(found).toMatchObject({ status: 'found', told: 3 });
    await until(() => bor.device.received.length === 2 && dana.device.received.length === 2, 'found pushes');
    expect(bor.device.received[1]).toMatchObject({ title: 'Anaov pes is home', tag: `lost:${alert.id}` });
    expect(dana.device.received[1]).toMatchObject({ title: 'Anaov pes je doma' });
    await until(
      () => t.mails.some((m) => m.to === cene.email && m.subject === 'Anaov pes je doma'),
      'found mail',
    );
    expect(hana.device.received).toEqual([]);
    expect(t.mails.length - mailsBefore).toBe(2);
    // Nothing more may change on a found alert.
    expect(await failure(ana.api.lost.widen({ id: alert.id, radiusKm: 25 }))).toMatchObject({
      appCode: 'NOT_FOUND',
    });
  });

  it('others see the point rounded to about a kilometre and the list shows alerts reaching their dogs', async () => {
    const ana = await owner('Ana', 'Ljubljana');
    const bor = await owner('Bor', 'Ljubljana');
    const eva = await owner('Eva', 'Maribor');
    const alert = await report(ana, { id: randomUUID() });
    await ana.api.lost.widen({ id: alert.id, radiusKm: 5 });
    const seen = await bor.api.lost.byId({ id: alert.id });
    expect(seen).toMatchObject({ mine: false, lat: 46.05, lon: 14.51, told: null, ownerName: 'Ana' });
    expect((await bor.api.lost.list()).near.map((a) => a.id)).toContain(alert.id);
    expect((await eva.api.lost.list()).near.map((a) => a.id)).not.toContain(alert.id);
    expect((await ana.api.lost.list()).mine.map((a) => a.id)).toEqual([alert.id]);
    // Hidden by a block: nothing of it, not even by id.
    await t.db.insert(blocks).values({ blockerId: bor.id, blockedId: ana.id });
    expect(await failure(bor.api.lost.byId({ id: alert.id }))).toMatchObject({ appCode: 'NOT_FOUND' });
    expect((await bor.api.lost.list()).near.map((a) => a.id)).not.toContain(alert.id);
  });

  it('only the owner’s dog, one open alert per dog, a retry stored once, and a month’s cap', async () => {
    const ana = await owner('Ana', 'Ljubljana');
    const bor = await owner('Bor', 'Ljubljana');
    expect(
      await failure(
        bor.api.lost.report({ id: randomUUID(), dogId: ana.dog.id, ...LJUBLJANA, seenAt: new Date() }),
      ),
    ).toMatchObject({ appCode: 'NOT_FOUND' });
    const id = randomUUID();
    const first = await report(ana, { id });
    // A retry after a lost answer: the same alert, one row, one job.
    expect(await report(ana, { id })).toMatchObject({ id: first.id, status: 'open' });
    const rows = await t.db.select().from(lostAlerts).where(eq(lostAlerts.userId, ana.id));
    expect(rows).toHaveLength(1);
    // Someone else's id: refused, nothing learnt.
    expect(await failure(report(bor, { id }))).toMatchObject({ appCode: 'VALIDATION' });
    expect(await failure(report(ana))).toMatchObject({ appCode: 'LOST_ALERT_OPEN' });
    // Others cannot end, widen, renew or withdraw it.
    for (const change of [
      () => bor.api.lost.found({ id }),
      () => bor.api.lost.widen({ id, radiusKm: 25 }),
      () => bor.api.lost.renew({ id }),
      () => bor.api.lost.withdraw({ id }),
    ])
      expect(await failure(change())).toMatchObject({ appCode: 'NOT_FOUND' });
    expect((await ana.api.lost.byId({ id })).status).toBe('open');
    // Withdrawn, then raised again until the month's cap.
    expect(await ana.api.lost.withdraw({ id })).toMatchObject({ status: 'closed' });
    for (let i = 1; i < LIMITS.lostAlert.perMonth; i++) {
      const again = await report(ana);
      await ana.api.lost.withdraw({ id: again.id });
    }
    expect(await failure(report(ana))).toMatchObject({ appCode: 'MONTHLY_LIMIT' });
    // The cap counts the last LIMITS.lostAlert.capDays days: aged just past them, she may raise one again.
    await t.db
      .update(lostAlerts)
      .set({
        createdAt: sql`now() - make_interval(days => ${LIMITS.lostAlert.capDays}) - interval '1 minute'`,
      })
      .where(eq(lostAlerts.userId, ana.id));
    expect(await report(ana)).toMatchObject({ status: 'open' });
    // A sighting in the future or more than a week ago is refused by the schema.
    expect(await failure(report(bor, { seenAt: new Date(Date.now() + 3_600_000) }))).toMatchObject({
      appCode: 'VALIDATION',
    });
  });

  it('a photo taken for the alert shows instead of the profile’s, to everyone; only her own; it goes with the alert', async () => {
    const ana = await owner('Ana', 'Ljubljana');
    const bor = await owner('Bor', 'Ljubljana');
    const photo = await jpeg(400, 300);
    const [borsKey, dogKey, key] = [
      await uploadedKey(t.app, bor.token, photo, 'lost'),
      await uploadedKey(t.app, ana.token, photo, 'dog'),
      await uploadedKey(t.app, ana.token, photo, 'lost'),
    ];
    expect(key).toMatch(/^lost\//);
    // Someone else's upload, or one of another kind, is refused and nothing is stored.
    for (const other of [borsKey, dogKey])
      expect(await failure(report(ana, { photo: other }))).toMatchObject({ appCode: 'UPLOAD_NOT_FOUND' });
    expect(await t.db.select().from(lostAlerts).where(eq(lostAlerts.userId, ana.id))).toEqual([]);
    const alert = await report(ana, { photo: key });
    expect(alert.dog.photo).toMatchObject({ key, medium: expect.stringContaining(key) });
    expect((await bor.api.lost.byId({ id: alert.id })).dog.photo?.key).toBe(key);
    const page = await t.app.inject({ method: 'GET', url: `/pogresan/${alert.id}` });
    expect(page.body).toMatch(
      new RegExp(`<meta property="og:image" content="http://tacke\\.test/media/${key}`),
    );
    // Ended a month ago and purged: the next run's sweep removes the photo, row and files.
    await ana.api.lost.found({ id: alert.id });
    await t.db
      .update(lostAlerts)
      .set({ endedAt: sql`now() - interval '31 days'` })
      .where(eq(lostAlerts.id, alert.id));
    await t.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '3 days'`, attachedAt: sql`now() - interval '2 hours'` })
      .where(eq(uploads.key, key));
    const file = path.join(t.config.dataDir, 'uploads', `${key}_thumb.webp`);
    expect(fs.existsSync(file)).toBe(true);
    // The purge's deletes run side by side: the photo is detached in the same run or the next.
    const first = await purgeExpired(t.db, t.app.deps.storage);
    const second = await purgeExpired(t.db, t.app.deps.storage);
    expect(first.lostAlerts).toBe(1);
    expect(first.lostPhotosDetached + second.lostPhotosDetached).toBe(1);
    await purgeExpired(t.db, t.app.deps.storage);
    expect(await t.db.select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('renewing keeps it up; the hourly clean-up closes one past its expiry and purges it a month after', async () => {
    const ana = await owner('Ana', 'Ljubljana');
    const alert = await report(ana);
    await t.db
      .update(lostAlerts)
      .set({ expiresAt: sql`now() + interval '1 day'` })
      .where(eq(lostAlerts.id, alert.id));
    const renewed = await ana.api.lost.renew({ id: alert.id });
    expect(renewed.expiresAt.getTime() - Date.now()).toBeGreaterThan(
      (LIMITS.lostAlert.expiresDays - 1) * 86_400_000,
    );
    await t.db
      .update(lostAlerts)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(lostAlerts.id, alert.id));
    await purgeExpired(t.db, t.app.deps.storage);
    expect(await ana.api.lost.byId({ id: alert.id })).toMatchObject({ status: 'closed' });
    expect((await ana.api.account.export()).lostAlerts).toEqual([
      expect.objectContaining({ dog: 'Anaov pes', status: 'closed', ...LJUBLJANA }),
    ]);
    await t.db
      .update(lostAlerts)
      .set({ endedAt: sql`now() - interval '31 days'` })
      .where(eq(lostAlerts.id, alert.id));
    await purgeExpired(t.db, t.app.deps.storage);
    expect(await t.db.select().from(lostAlerts).where(eq(lostAlerts.id, alert.id))).toEqual([]);
  });
});
