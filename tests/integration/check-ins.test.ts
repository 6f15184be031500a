import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, checkIns, matches, spots, users } from '../../server/db/schema';
import { deliverCheckIn } from '../../server/services/delivery/check-in-push';
import { addPushSubscription } from '../../server/services/notices/notify-settings';
import { purgeExpired } from '../../server/services/maintenance';
import { DEFAULT_CHANNELS } from '#shared/domain/notify';
import { LIMITS } from '#shared/limits';
import { dbKinds, failure, type TestApp } from '../helpers/app';
import { startDelivery, until } from '../helpers/delivery';
import { makeDog, makeUser } from '../helpers/factories';
import { sleep } from '../helpers/instances';
import { type FakeDevice, type PushService } from '../helpers/push-service';

/**
 * "We're here now" (issue 33 §4): who sees a check-in (its owner, matches, every signed-in owner when chosen,
 * the rest a count, nobody across a block), its life (check out, expiry, one open per owner, a retry stored
 * once, a day's cap) and the push to matches who asked for it.
 */
describe.each(dbKinds())('check-ins at dog places on %s', (kind) => {
  let t: TestApp;
  let push: PushService;
  let park: string;
  beforeAll(async () => {
    ({ t, push } = await startDelivery(kind));
    park = await publishedSpot('Pasji park Tivoli');
  });
  afterAll(() => Promise.all([t.close(), push.close()]));

  async function publishedSpot(name: string) {
    const [row] = await t.db
      .insert(spots)
      .values({
        kind: 'dogPark',
        name,
        countryCode: 'SI',
        location: 'Ljubljana',
        lat: 46.0569,
        lon: 14.4973,
        status: 'published',
      })
      .returning({ id: spots.id });
    return row!.id;
  }

  /** An owner with a dog, speaking `locale`; `device`: a subscribed browser and check-ins chosen by push. */
  async function owner(name: string, dogName: string, opts: { locale?: string; device?: boolean } = {}) {
    const made = await makeUser(t.db, { fullName: name });
    await t.db
      .update(users)
      .set({ locale: opts.locale ?? 'sl' })
      .where(eq(users.id, made.id));
    const dog = await makeDog(t.db, made.id, { name: dogName });
    const api = await t.caller(made.token);
    let device: FakeDevice | null = null;
    if (opts.device) {
      device = push.device();
      await addPushSubscription(t.db, made.id, device);
      await api.notifySettings.updatePreferences({
        channels: { ...DEFAULT_CHANNELS, checkIns: 'push' },
        quietHours: null,
        timeZone: 'Europe/Ljubljana',
      });
    }
    return { ...made, dog, api, device: device! };
  }
  type Owner = Awaited<ReturnType<typeof owner>>;
  const match = (a: Owner, b: Owner) =>
    t.db.insert(matches).values({ user1Id: a.id, dog1Id: a.dog.id, user2Id: b.id, dog2Id: b.dog.id });
  const checkIn = (who: Owner, extra: Partial<{ minutes: number; audience: 'matches' | 'everyone' }> = {}) =>
    who.api.spots.checkIn({ id: randomUUID(), spotId: park, dogIds: [who.dog.id], ...extra });
  const names = (view: { shown: Array<{ dogs: Array<{ name: string }> }> }) =>
    view.shown.flatMap((c) => c.dogs.map((d) => d.name)).sort();
  const visitor = () => t.caller();
  /** Ends every open check-in, so each test starts at an empty park. */
  const clear = () =>
    t.db
      .update(checkIns)
      .set({ endsAt: sql`now()` })
      .where(sql`ends_at > now()`);

  it('matches see the dogs by name, every other signed-in owner and visitors only how many, the owner all', async () => {
    await clear();
    const ana = await owner('Ana', 'Aro');
    const bor = await owner('Bor', 'Rex');
    const cene = await owner('Cene', 'Luna');
    await match(ana, bor);
    const mine = await ana.api.spots.checkIn({
      id: randomUUID(),
      spotId: park,
      dogIds: [ana.dog.id],
      minutes: 90,
    });
    expect(mine.mine).toMatchObject({ audience: 'matches', dogs: [{ name: 'Aro' }] });
    const minutes = (mine.mine!.until.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(89);
    expect(minutes).toBeLessThanOrEqual(90);

    const seenByBor = await bor.api.spots.hereNow({ id: park });
    expect(seenByBor).toMatchObject({ dogs: 1, mine: null, elsewhere: null });
    expect(seenByBor.shown).toEqual([
      expect.objectContaining({
        ownerName: 'Ana',
        match: true,
        dogs: [expect.objectContaining({ name: 'Aro' })],
      }),
    ]);
    const seenByCene = await cene.api.spots.hereNow({ id: park });
    expect(seenByCene).toMatchObject({ dogs: 1, shown: [], mine: null });
    expect(await (await visitor()).spots.hereNow({ id: park })).toEqual({
      dogs: 1,
      shown: [],
      mine: null,
      elsewhere: null,
    });
    // The list counts them too, for a visitor as for a match.
    const near = await (await visitor()).spots.near({ lat: 46.0569, lon: 14.4973, radiusKm: 1 });
    expect(near.find((s) => s.id === park)?.dogsHere).toBe(1);

    // "Every signed-in owner": Cene sees Aro now; a visitor still only the count.
    await ana.api.spots.checkIn({
      id: randomUUID(),
      spotId: park,
      dogIds: [ana.dog.id],
      audience: 'everyone',
    });
    expect(names(await cene.api.spots.hereNow({ id: park }))).toEqual(['Aro']);
    expect((await cene.api.spots.hereNow({ id: park })).shown[0]!.match).toBe(false);
    expect((await (await visitor()).spots.hereNow({ id: park })).shown).toEqual([]);
  });

  it('a block either way hides everything, the count included; a suspended owner shows to nobody', async () => {
    await clear();
    const ana = await owner('Ana', 'Aro');
    const bor = await owner('Bor', 'Rex');
    const cene = await owner('Cene', 'Luna');
    await match(ana, bor);
    await checkIn(ana, { audience: 'everyone' });
    await checkIn(cene, { audience: 'everyone' });
    await t.db.insert(blocks).values({ blockerId: bor.id, blockedId: ana.id });
    const seenByBor = await bor.api.spots.hereNow({ id: park });
    expect(seenByBor.dogs).toBe(1);
    expect(names(seenByBor)).toEqual(['Luna']);
    const seenByAna = await ana.api.spots.hereNow({ id: park });
    expect(seenByAna.dogs).toBe(2); // her own Aro and Cene's Luna: nothing of Bor either way
    const near = await bor.api.spots.near({ lat: 46.0569, lon: 14.4973, radiusKm: 1 });
    expect(near.find((s) => s.id === park)?.dogsHere).toBe(1);

    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(users.id, cene.id));
    expect((await (await visitor()).spots.hereNow({ id: park })).dogs).toBe(1);
  });

  it('checks out, expires, ends the last check-in elsewhere, and a retry is stored once', async () => {
    await clear();
    const ana = await owner('Ana', 'Aro');
    const other = await publishedSpot('Sprehajalna pot Rožnik');
    const first = randomUUID();
    await ana.api.spots.checkIn({ id: first, spotId: other, dogIds: [ana.dog.id] });
    const here = await ana.api.spots.hereNow({ id: park });
    expect(here.elsewhere).toEqual({ spotId: other, spotName: 'Sprehajalna pot Rožnik' });

    // Checking in here ends the one at Rožnik; the same id again (a lost answer's retry) adds nothing.
    const id = randomUUID();
    const input = { id, spotId: park, dogIds: [ana.dog.id], minutes: 30 };
    await ana.api.spots.checkIn(input);
    const again = await ana.api.spots.checkIn({ ...input, minutes: 180 });
    expect((again.mine!.until.getTime() - Date.now()) / 60_000).toBeLessThanOrEqual(30);
    expect((await ana.api.spots.hereNow({ id: other })).dogs).toBe(0);
    const rows = await t.db.select().from(checkIns).where(eq(checkIns.userId, ana.id));
    expect(rows).toHaveLength(2);

    await ana.api.spots.checkOut();
    expect(await ana.api.spots.hereNow({ id: park })).toMatchObject({ dogs: 0, mine: null, elsewhere: null });
    // Her data export lists both, while they are kept.
    const { checkIns: exported } = await ana.api.account.export();
    expect(exported.map((c) => [c.spot, c.dogs, c.audience])).toEqual([
      ['Sprehajalna pot Rožnik', ['Aro'], 'matches'],
      ['Pasji park Tivoli', ['Aro'], 'matches'],
    ]);

    // Expired: a check-in whose time is up shows nowhere.
    await ana.api.spots.checkIn({ id: randomUUID(), spotId: park, dogIds: [ana.dog.id] });
    await t.db
      .update(checkIns)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(checkIns.userId, ana.id));
    expect((await (await visitor()).spots.hereNow({ id: park })).dogs).toBe(0);

    // The clean-up forgets check-ins a day after their end (the day's cap has counted them).
    await t.db
      .update(checkIns)
      .set({ endsAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(checkIns.userId, ana.id));
    const purged = await purgeExpired(t.db, t.app.deps.storage);
    expect(purged.checkIns).toBeGreaterThanOrEqual(3);
    expect(await t.db.select().from(checkIns).where(eq(checkIns.userId, ana.id))).toEqual([]);
  });

  it('refuses someone else’s dog, a place waiting for a moderator, and more than a day’s check-ins', async () => {
    await clear();
    const ana = await owner('Ana', 'Aro');
    const bor = await owner('Bor', 'Rex');
    const refused = (input: Partial<Parameters<typeof ana.api.spots.checkIn>[0]>) =>
      failure(ana.api.spots.checkIn({ id: randomUUID(), spotId: park, dogIds: [ana.dog.id], ...input }));
    expect(await refused({ dogIds: [ana.dog.id, bor.dog.id] })).toMatchObject({ appCode: 'NOT_FOUND' });
    const [waiting] = await t.db
      .insert(spots)
      .values({
        kind: 'dogPark',
        name: 'Čaka',
        countryCode: 'SI',
        location: 'Ljubljana',
        lat: 46,
        lon: 14.5,
        status: 'pending',
        authorId: bor.id,
      })
      .returning({ id: spots.id });
    expect(await refused({ spotId: waiting!.id })).toMatchObject({ appCode: 'NOT_FOUND' });
    expect(await refused({ minutes: 45 })).toMatchObject({ appCode: 'VALIDATION' });
    expect(await refused({ dogIds: [] })).toMatchObject({ appCode: 'VALIDATION' });
    expect(await t.db.select().from(checkIns).where(eq(checkIns.userId, ana.id))).toEqual([]);

    for (let i = 0; i < LIMITS.checkIn.perDay; i++) await checkIn(ana);
    expect(await refused({})).toMatchObject({ appCode: 'DAILY_LIMIT' });
    expect(await t.db.select().from(checkIns).where(eq(checkIns.userId, ana.id))).toHaveLength(
      LIMITS.checkIn.perDay,
    );
  });

  it('pushes to matches who asked for it, in their language and on their clock; never across a block or in quiet hours', async () => {
    await clear();
    const ana = await owner('Ana', 'Aro');
    const luna = await makeDog(t.db, ana.id, { name: 'Luna' });
    const bor = await owner('Bor', 'Rex', { device: true, locale: 'en' });
    const cene = await owner('Cene', 'Nero', { device: true }); // a match in quiet hours
    const dana = await owner('Dana', 'Fifi', { device: true }); // a match who blocked Ana
    const eva = await owner('Eva', 'Bela', { device: true }); // no match
    const fran = await owner('Fran', 'Pika'); // a match who did not ask (the default: off)
    for (const other of [bor, cene, dana, fran]) await match(ana, other);
    await cene.api.notifySettings.updatePreferences({
      channels: { ...DEFAULT_CHANNELS, checkIns: 'push' },
      quietHours: { from: '00:00', to: '23:59' },
      timeZone: 'Europe/Ljubljana',
    });
    await t.db.insert(blocks).values({ blockerId: dana.id, blockedId: ana.id });
    const id = randomUUID();
    const view = await ana.api.spots.checkIn({
      id,
      spotId: park,
      dogIds: [ana.dog.id, luna.id],
      minutes: 120,
    });
    await until(() => bor.device.received.length === 1, 'the check-in push');
    const time = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Ljubljana',
    }).format(view.mine!.until);
    expect(bor.device.received[0]).toEqual({
      title: 'Pasji park Tivoli',
      body: `Aro and Luna are there until about ${time}.`,
      url: `/mesta?kraj=${park}`,
      tag: `check-in:${id}`,
    });
    await sleep(1_000);
    for (const silent of [cene, dana, eva]) expect(silent.device.received).toEqual([]);

    // Run again (a job repeated after a crash): the same tag, so the device shows it once.
    await deliverCheckIn(t.app.deps, { checkInId: id });
    expect(bor.device.received.map((p) => p.tag)).toEqual([`check-in:${id}`, `check-in:${id}`]);
    // Once it has ended, a late run tells nobody.
    await ana.api.spots.checkOut();
    await deliverCheckIn(t.app.deps, { checkInId: id });
    expect(bor.device.received).toHaveLength(2);
  });

  it('a caller who names only the first five topics keeps their check-in choice', async () => {
    const bor = await owner('Bor', 'Rex', { device: true });
    const { checkIns: _, ...firstFive } = DEFAULT_CHANNELS;
    const saved = await bor.api.notifySettings.updatePreferences({
      channels: { ...firstFive, events: 'email' },
      quietHours: null,
      timeZone: 'UTC',
    });
    expect(saved.channels).toMatchObject({ events: 'email', checkIns: 'push' });
    // A check-in is never e-mailed: the channel is refused.
    expect(
      await failure(
        bor.api.notifySettings.updatePreferences({
          channels: { ...DEFAULT_CHANNELS, checkIns: 'email' as 'push' },
          quietHours: null,
          timeZone: 'UTC',
        }),
      ),
    ).toMatchObject({ appCode: 'VALIDATION' });
  });
});
