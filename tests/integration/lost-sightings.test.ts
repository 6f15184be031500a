import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lostAlerts, lostSightings, notifications, uploads, users } from '../../server/db/schema';
import { detachGonePhotos } from '../../server/services/lost/lost-alerts';
import { addPushSubscription } from '../../server/services/notices/notify-settings';
import { DEFAULT_CHANNELS, type NotifyChannel } from '#shared/domain/notify';
import { roundedArea } from '#shared/domain/lost';
import { LIMITS } from '#shared/limits';
import { dbKinds, failure, type TestApp } from '../helpers/app';
import { dueNow, startDelivery, until, waitingJobs } from '../helpers/delivery';
import { makeDog, makeUser } from '../helpers/factories';
import { jpeg } from '../helpers/images';
import { sleep } from '../helpers/instances';
import { type FakeDevice, type PushService } from '../helpers/push-service';
import { uploadedKey } from '../helpers/uploads';

/** Where every dog here was lost: the centre of Ljubljana. */
const LJUBLJANA = { lat: 46.0511, lon: 14.5051 };
/** Sightings around it (all nearest to Ljubljana), each in a rounded cell of its own, and one in Domžale. */
const TROMOSTOVJE = { lat: 46.0513, lon: 14.5064 };
const TIVOLI = { lat: 46.0567, lon: 14.4963 };
const DOMZALE = { lat: 46.1377, lon: 14.5937 };

/**
 * Sightings of a lost dog (issue 33 §6): who may add one and to which alert, what the owner hears (a notice,
 * pushed or mailed by their choice), who sees which point and name, the daily cap, the photo, and the
 * conversation either side of a sighting may start.
 */
describe.each(dbKinds())('lost-dog sightings on %s', (kind) => {
  let t: TestApp;
  let push: PushService;
  beforeAll(async () => {
    ({ t, push } = await startDelivery(kind));
  });
  afterAll(() => Promise.all([t.close(), push.close()]));

  /**
   * Someone with a dog in Maribor, 105 km from every alert here, so no alert of this file tells them (their
   * devices receive only what a test expects). `device`: a subscribed browser; `lostDogs`, `quiet`: their choices.
   */
  async function person(
    name: string,
    opts: { device?: boolean; lostDogs?: NotifyChannel; quiet?: boolean } = {},
  ) {
    const made = await makeUser(t.db, { fullName: name });
    await t.db.update(users).set({ locale: 'sl' }).where(eq(users.id, made.id));
    const dog = await makeDog(t.db, made.id, { name: `${name}ov pes`, location: 'Maribor' });
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
  type Person = Awaited<ReturnType<typeof person>>;
  const report = (who: Person) =>
    who.api.lost.report({
      id: randomUUID(),
      dogId: who.dog.id,
      ...LJUBLJANA,
      seenAt: new Date(Date.now() - 60 * 60_000),
    });
  const sight = (
    who: Person,
    alertId: string,
    extra: Partial<{ id: string; lat: number; lon: number; seenAt: Date; note: string; photo: string }> = {},
  ) =>
    who.api.lost.sight({
      id: randomUUID(),
      alertId,
      ...TROMOSTOVJE,
      seenAt: new Date(Date.now() - 10 * 60_000),
      ...extra,
    });
  /** The 'lost_sighting' notices stored for the alert. */
  const noticesOf = (alertId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.lostAlertId, alertId), eq(notifications.notificationType, 'lost_sighting')),
      );
  const rowsOf = (alertId: string) =>
    t.db.select().from(lostSightings).where(eq(lostSightings.alertId, alertId));
  /** Every notice of `who` has been taken by a `notices` job (pushed, or not theirs to push). */
  const noticesClaimed = (who: Person) =>
    until(
      async () =>
        (await t.db.select().from(notifications).where(eq(notifications.ownerId, who.id))).every(
          (row) => row.pushedAt !== null,
        ),
      `${who.user.fullName}’s notices handled`,
    );

  it('a sighting tells the owner once: a notice only she sees, one push to her alert; a retry stores nothing more; in the author’s export', async () => {
    const ana = await person('Ana', { device: true });
    const bor = await person('Bor', { device: true });
    const alert = await report(ana);
    const id = randomUUID();
    const seenAt = new Date(Date.now() - 20 * 60_000);

    const answer = await sight(bor, alert.id, { id, seenAt, note: 'Tekel je proti gradu.' });
    expect(answer).toEqual({
      id,
      ...TROMOSTOVJE,
      town: 'Ljubljana',
      seenAt,
      note: 'Tekel je proti gradu.',
      photo: null,
      mine: true,
      by: { userId: bor.id, name: 'Bor' },
      chatId: null,
    });
    expect(await rowsOf(alert.id)).toEqual([
      expect.objectContaining({
        id,
        alertId: alert.id,
        userId: bor.id,
        ...TROMOSTOVJE,
        town: 'Ljubljana',
        seenAt,
        note: 'Tekel je proti gradu.',
        photo: null,
      }),
    ]);

    // Ana's notice: about her alert and dog, from Bor, near Ljubljana. Bor's own list does not show it.
    const sightingNotices = (await ana.api.requests.list()).filter((r) => r.type === 'lost_sighting');
    expect(sightingNotices).toEqual([
      expect.objectContaining({
        direction: 'received',
        status: 'unread',
        lostAlertId: alert.id,
        counterpart: { userId: bor.id, fullName: 'Bor' },
        detail: 'Ljubljana',
        dog: expect.objectContaining({ id: ana.dog.id, name: 'Anaov pes' }),
      }),
    ]);
    expect((await bor.api.requests.list()).filter((r) => r.type === 'lost_sighting')).toEqual([]);

    // One push to Ana's device, in Slovene, opening the alert.
    await until(() => ana.device.received.length === 1, 'Ana’s push');
    expect(ana.device.received[0]).toMatchObject({
      title: 'Novo opažanje: Anaov pes',
      url: `/pogresani?alarm=${alert.id}`,
      tag: `notice:${sightingNotices[0]!.id}`,
    });
    expect(ana.device.received[0]!.body).toContain('Bor');
    expect(ana.device.received[0]!.body).toContain('Ljubljana');

    // A retry after a lost answer: the same sighting, one row, one notice, no second push. The id in upper
    // case is the same id.
    expect(await sight(bor, alert.id, { id, seenAt, note: 'Tekel je proti gradu.' })).toEqual(answer);
    expect(await sight(bor, alert.id, { id: id.toUpperCase(), seenAt })).toEqual(answer);
    expect(await rowsOf(alert.id)).toHaveLength(1);
    expect(await noticesOf(alert.id)).toHaveLength(1);
    // Someone else re-using the id is refused and learns nothing.
    const cene = await person('Cene');
    expect(await failure(sight(cene, alert.id, { id }))).toMatchObject({ appCode: 'VALIDATION' });
    expect(await rowsOf(alert.id)).toHaveLength(1);
    await sleep(1_500);
    expect(ana.device.received).toHaveLength(1);
    expect(bor.device.received).toEqual([]);
    // Bor's data export holds what he saw; Ana's does not.
    expect((await bor.api.account.export()).lostSightings).toEqual([
      {
        dog: 'Anaov pes',
        ...TROMOSTOVJE,
        seenAt,
        note: 'Tekel je proti gradu.',
        createdAt: expect.any(Date),
      },
    ]);
    expect((await ana.api.account.export()).lostSightings).toEqual([]);
  });

  it('the owner’s choices hold: lost-dog news off pushes nothing, quiet hours push nothing now', async () => {
    const off = await person('Ana', { device: true, lostDogs: 'off' });
    const quiet = await person('Hana', { device: true, quiet: true });
    const bor = await person('Bor');
    const [offAlert, quietAlert] = [await report(off), await report(quiet)];
    await sight(bor, offAlert.id);
    await sight(bor, quietAlert.id);
    // Off: the notice is in the app, its job took it and pushed nothing.
    expect((await off.api.requests.list()).map((r) => r.type)).toEqual(['lost_sighting']);
    await noticesClaimed(off);
    // Quiet hours: the job waits for their end, the notice unpushed.
    expect((await quiet.api.requests.list()).map((r) => r.type)).toEqual(['lost_sighting']);
    await until(
      async () =>
        (await waitingJobs(t, 'notices')).some(
          (job) =>
            job.data.userId === quiet.id && new Date(job.start_after).getTime() > Date.now() + 60 * 60_000,
        ),
      'Hana’s notices waiting for the end of her quiet hours',
    );
    expect((await noticesOf(quietAlert.id)).map((row) => row.pushedAt)).toEqual([null]);
    await sleep(1_000);
    expect(off.device.received).toEqual([]);
    expect(quiet.device.received).toEqual([]);
  });

  it('sightings in the order seen; the owner and each author see points and names, everyone else rounded', async () => {
    const ana = await person('Ana');
    const bor = await person('Bor');
    const cene = await person('Cene');
    const dana = await person('Dana');
    const alert = await report(ana);
    // Bor's is added first but seen later.
    const borsSighting = await sight(bor, alert.id, {
      ...TROMOSTOVJE,
      seenAt: new Date(Date.now() - 10 * 60_000),
    });
    const cenesSighting = await sight(cene, alert.id, {
      ...TIVOLI,
      seenAt: new Date(Date.now() - 40 * 60_000),
      note: 'Pri ribniku.',
    });
    const exact = { bor: TROMOSTOVJE, cene: TIVOLI };
    const rounded = { bor: roundedArea(TROMOSTOVJE), cene: roundedArea(TIVOLI) };
    // The rounded points differ from the exact ones, or the test would prove nothing.
    expect(rounded.bor).not.toEqual(exact.bor);
    expect(rounded.cene).not.toEqual(exact.cene);

    const idsOf = (list: Array<{ id: string }>) => list.map((s) => s.id);
    const order = [cenesSighting.id, borsSighting.id];
    const byAna = await ana.api.lost.sightings({ id: alert.id });
    expect(idsOf(byAna)).toEqual(order);
    expect(byAna).toEqual([
      expect.objectContaining({
        ...exact.cene,
        note: 'Pri ribniku.',
        mine: false,
        by: { userId: cene.id, name: 'Cene' },
        chatId: null,
      }),
      expect.objectContaining({
        ...exact.bor,
        mine: false,
        by: { userId: bor.id, name: 'Bor' },
        chatId: null,
      }),
    ]);
    const byBor = await bor.api.lost.sightings({ id: alert.id });
    expect(idsOf(byBor)).toEqual(order);
    expect(byBor).toEqual([
      expect.objectContaining({ ...rounded.cene, note: 'Pri ribniku.', mine: false, by: null, chatId: null }),
      expect.objectContaining({
        ...exact.bor,
        mine: true,
        by: { userId: bor.id, name: 'Bor' },
        chatId: null,
      }),
    ]);
    const byDana = await dana.api.lost.sightings({ id: alert.id });
    expect(idsOf(byDana)).toEqual(order);
    expect(byDana).toEqual([
      expect.objectContaining({ ...rounded.cene, mine: false, by: null, chatId: null }),
      expect.objectContaining({ ...rounded.bor, mine: false, by: null, chatId: null }),
    ]);

    // Ana writes to Bor: the chat shows on his sighting for the two of them only.
    const { chatId } = await ana.api.lost.contact({ id: borsSighting.id });
    const chatIds = async (who: Person) =>
      (await who.api.lost.sightings({ id: alert.id })).map((s) => s.chatId);
    expect(await chatIds(ana)).toEqual([null, chatId]);
    expect(await chatIds(bor)).toEqual([null, chatId]);
    expect(await chatIds(cene)).toEqual([null, null]);
    expect(await chatIds(dana)).toEqual([null, null]);
  });

  it('refuses an alert that is not open, a block either way, the daily cap and invalid input', async () => {
    const bor = await person('Bor');
    // Found, withdrawn, past its expiry (not yet closed by the clean-up), or no alert at all.
    const [found, withdrawn, expired] = [await person('Ana'), await person('Bine'), await person('Cvetka')];
    const foundAlert = await report(found);
    await found.api.lost.found({ id: foundAlert.id });
    const withdrawnAlert = await report(withdrawn);
    await withdrawn.api.lost.withdraw({ id: withdrawnAlert.id });
    const expiredAlert = await report(expired);
    await t.db
      .update(lostAlerts)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(lostAlerts.id, expiredAlert.id));
    for (const alertId of [foundAlert.id, withdrawnAlert.id, expiredAlert.id, randomUUID()])
      expect(await failure(sight(bor, alertId))).toMatchObject({ appCode: 'NOT_FOUND' });
    for (const alertId of [foundAlert.id, withdrawnAlert.id, expiredAlert.id])
      expect(await rowsOf(alertId)).toEqual([]);

    // A block either way: NOT_FOUND, nothing stored.
    const dana = await person('Dana');
    const eva = await person('Eva');
    const fran = await person('Fran');
    const gal = await person('Gal');
    const alert = await report(dana);
    await sight(gal, alert.id);
    await dana.api.safety.block({ userId: eva.id });
    await fran.api.safety.block({ userId: dana.id });
    for (const who of [eva, fran])
      expect(await failure(sight(who, alert.id))).toMatchObject({ appCode: 'NOT_FOUND' });
    expect((await rowsOf(alert.id)).map((row) => row.userId)).toEqual([gal.id]);
    // Dana blocks Gal after his sighting: her list leaves it out; others still see it.
    expect(await dana.api.lost.sightings({ id: alert.id })).toHaveLength(1);
    await dana.api.safety.block({ userId: gal.id });
    expect(await dana.api.lost.sightings({ id: alert.id })).toEqual([]);
    expect(await bor.api.lost.sightings({ id: alert.id })).toHaveLength(1);
    expect(await failure(gal.api.lost.sightings({ id: alert.id }))).toMatchObject({ appCode: 'NOT_FOUND' });

    // The daily cap, over all alerts: Bor's earlier ones are made in the database, the last allowed by the API.
    const hana = await person('Hana');
    const capped = await report(hana);
    const max = LIMITS.lostAlert.sightingsPerDay;
    await t.db.insert(lostSightings).values(
      Array.from({ length: max - 1 }, () => ({
        id: randomUUID(),
        alertId: capped.id,
        userId: bor.id,
        ...TROMOSTOVJE,
        seenAt: new Date(Date.now() - 60 * 60_000),
      })),
    );
    await sight(bor, capped.id);
    expect(await failure(sight(bor, capped.id))).toEqual({ appCode: 'DAILY_LIMIT', meta: { max } });
    expect(await rowsOf(capped.id)).toHaveLength(max);
    // Someone else's sightings are their own.
    expect(await sight(dana, capped.id)).toMatchObject({ mine: true });
    // A day later, again.
    await t.db
      .update(lostSightings)
      .set({ createdAt: sql`now() - interval '1 day' - interval '1 minute'` })
      .where(eq(lostSightings.userId, bor.id));
    expect(await sight(bor, capped.id)).toMatchObject({ mine: true });

    // Invalid input: named field errors, nothing stored.
    const before = (await rowsOf(capped.id)).length;
    expect(await failure(sight(bor, capped.id, { seenAt: new Date(Date.now() + 3_600_000) }))).toMatchObject({
      appCode: 'VALIDATION',
      fieldErrors: { seenAt: ['validation.lostSeenAtInvalid'] },
    });
    expect(await failure(sight(bor, capped.id, { lat: 200 }))).toMatchObject({
      appCode: 'VALIDATION',
      fieldErrors: { lat: ['validation.pointInvalid'] },
    });
    expect(await rowsOf(capped.id)).toHaveLength(before);
  });

  it('the owner’s own sighting is stored and listed, and tells nobody', async () => {
    const ana = await person('Ana', { device: true });
    const bor = await person('Bor');
    const alert = await report(ana);
    const own = await sight(ana, alert.id, { ...DOMZALE, note: 'Moj zadnji sled.' });
    expect(own).toMatchObject({
      ...DOMZALE,
      town: 'Domžale',
      mine: true,
      by: { userId: ana.id, name: 'Ana' },
    });
    expect(await rowsOf(alert.id)).toEqual([expect.objectContaining({ id: own.id, userId: ana.id })]);
    expect((await ana.api.lost.sightings({ id: alert.id })).map((s) => s.id)).toEqual([own.id]);
    // Others see it as any other: rounded, no name.
    expect(await bor.api.lost.sightings({ id: alert.id })).toEqual([
      expect.objectContaining({ ...roundedArea(DOMZALE), mine: false, by: null }),
    ]);
    expect(await noticesOf(alert.id)).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.ownerId, ana.id))).toEqual([]);
    await sleep(1_000);
    expect(ana.device.received).toEqual([]);
  });

  it('a photo: only the author’s own upload for lost dogs, shown in the view and kept by the clean-up', async () => {
    const ana = await person('Ana');
    const bor = await person('Bor');
    const cene = await person('Cene');
    const alert = await report(ana);
    const photo = await jpeg(400, 300);
    const [key, dogKey, cenesKey, orphan] = [
      await uploadedKey(t.app, bor.token, photo, 'lost'),
      await uploadedKey(t.app, bor.token, photo, 'dog'),
      await uploadedKey(t.app, cene.token, photo, 'lost'),
      await uploadedKey(t.app, cene.token, photo, 'lost'),
    ];
    // Someone else's upload, or one of another kind: refused, nothing stored.
    for (const other of [cenesKey, dogKey]) {
      const id = randomUUID();
      expect(await failure(sight(bor, alert.id, { id, photo: other }))).toMatchObject({
        appCode: 'UPLOAD_NOT_FOUND',
      });
    }
    expect(await rowsOf(alert.id)).toEqual([]);
    const seen = await sight(bor, alert.id, { photo: key });
    expect(seen.photo).toMatchObject({ key, medium: expect.stringContaining(key) });
    expect((await ana.api.lost.sightings({ id: alert.id }))[0]?.photo?.key).toBe(key);
    expect((await cene.api.lost.sightings({ id: alert.id }))[0]?.photo?.key).toBe(key);
    // The hourly clean-up, two hours on: an attached photo of no alert and no sighting goes, the sighting's stays.
    await t.db.update(uploads).set({ attachedAt: new Date() }).where(eq(uploads.key, orphan));
    expect(await detachGonePhotos(t.db, new Date(Date.now() + 2 * 3_600_000))).toBeGreaterThanOrEqual(1);
    const attached = async (k: string) =>
      (await t.db.select({ at: uploads.attachedAt }).from(uploads).where(eq(uploads.key, k)))[0]?.at;
    expect(await attached(orphan)).toBeNull();
    expect(await attached(key)).toBeInstanceOf(Date);
  });

  it('either side of a sighting opens one chat about the lost dog; nobody else, not on her own, not across a block', async () => {
    const ana = await person('Ana', { device: true });
    const bor = await person('Bor');
    const cene = await person('Cene');
    const dana = await person('Dana');
    const alert = await report(ana);
    const borsSighting = await sight(bor, alert.id);
    const borsSecond = await sight(bor, alert.id, TIVOLI);

    const { chatId } = await ana.api.lost.contact({ id: borsSighting.id });
    // Bor on the same sighting, or on his other one, and Ana again: the same chat.
    expect(await bor.api.lost.contact({ id: borsSighting.id })).toEqual({ chatId });
    expect(await bor.api.lost.contact({ id: borsSecond.id })).toEqual({ chatId });
    expect(await ana.api.lost.contact({ id: borsSighting.id })).toEqual({ chatId });

    const listed = async (who: Person) => (await who.api.chats.list()).find((c) => c.id === chatId);
    expect(await listed(ana)).toMatchObject({
      iAmOwner: true,
      lostAlertId: alert.id,
      counterpart: { userId: bor.id, fullName: 'Bor' },
      dog: { id: ana.dog.id, name: 'Anaov pes' },
    });
    expect(await listed(bor)).toMatchObject({
      iAmOwner: false,
      lostAlertId: alert.id,
      counterpart: { userId: ana.id, fullName: 'Ana' },
      dog: { id: ana.dog.id, name: 'Anaov pes' },
    });
    expect(await listed(cene)).toBeUndefined();

    // Both write, both read.
    await ana.api.chats.send({ chatId, content: 'Hvala! Je bil s povodcem?' });
    await bor.api.chats.send({ chatId, content: 'Ne, brez.' });
    const contents = async (who: Person) =>
      (await who.api.chats.messages({ chatId })).map((m) => [m.senderId, m.content]);
    const both = [
      [ana.id, 'Hvala! Je bil s povodcem?'],
      [bor.id, 'Ne, brez.'],
    ];
    expect(await contents(bor)).toEqual(both);
    expect(await contents(ana)).toEqual(both);
    // Bor's message reaches Ana's device as any chat message does (after her sighting push).
    await until(() => ana.device.received.some((p) => p.tag === `chat:${chatId}`), 'Ana’s chat push');
    expect(ana.device.received.find((p) => p.tag === `chat:${chatId}`)).toMatchObject({
      title: 'Bor',
      url: `/klepet?chat=${chatId}`,
    });

    // Nobody else: a third user, the owner on her own sighting, the author on his.
    expect(await failure(cene.api.lost.contact({ id: borsSighting.id }))).toMatchObject({
      appCode: 'NOT_FOUND',
    });
    expect(await failure(cene.api.chats.messages({ chatId }))).toMatchObject({ appCode: 'NOT_FOUND' });
    const own = await sight(ana, alert.id);
    expect(await failure(ana.api.lost.contact({ id: own.id }))).toMatchObject({ appCode: 'NOT_FOUND' });
    expect(await failure(bor.api.lost.contact({ id: own.id }))).toMatchObject({ appCode: 'NOT_FOUND' });
    expect(await failure(ana.api.lost.contact({ id: randomUUID() }))).toMatchObject({ appCode: 'NOT_FOUND' });

    // A block, here by the author: neither may start the chat.
    const danasSighting = await sight(dana, alert.id);
    await dana.api.safety.block({ userId: ana.id });
    expect(await failure(ana.api.lost.contact({ id: danasSighting.id }))).toMatchObject({
      appCode: 'NOT_FOUND',
    });
    expect(await failure(dana.api.lost.contact({ id: danasSighting.id }))).toMatchObject({
      appCode: 'NOT_FOUND',
    });
    // Cene's sighting, whose chat nobody started: still none.
    const cenesSighting = await sight(cene, alert.id);
    expect(
      (await ana.api.lost.sightings({ id: alert.id })).find((s) => s.id === cenesSighting.id)?.chatId,
    ).toBeNull();
  });

  it('an owner without a device hears of a sighting in the summary e-mail', async () => {
    const ana = await person('Ana');
    const bor = await person('Bor');
    const alert = await report(ana);
    // Away from the app for half an hour: the summary may go.
    await t.db
      .update(users)
      .set({ lastSeenAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(users.id, ana.id));
    await sight(bor, alert.id);
    await until(
      async () => (await waitingJobs(t, 'digest')).some((job) => job.data.userId === ana.id),
      'Ana’s summary job',
    );
    await noticesClaimed(ana);
    const mailsBefore = t.mails.length;
    await dueNow(t, 'digest');
    await until(() => t.mails.slice(mailsBefore).some((m) => m.to === ana.email), 'Ana’s summary');
    const mail = t.mails.slice(mailsBefore).find((m) => m.to === ana.email)!;
    expect(mail.subject).toBe('1 novost na Tačkah');
    expect(mail.text).toContain('Pogrešani psi v bližini: 1');
  });
});
