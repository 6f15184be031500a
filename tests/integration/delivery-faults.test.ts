import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import {
  checkIns,
  lostAlertDeliveries,
  lostAlerts,
  lostSightings,
  matches,
  notifications,
  notifySettings,
  spots,
  users,
} from '../../server/db/schema';
import { DEFAULT_CHANNELS } from '#shared/domain/notify';
import type { ChatMessage } from '#shared/schemas/chats';
import { addPushSubscription } from '../../server/services/notices/notify-settings';
import { ANNOUNCE_AT_ONCE } from '../../server/services/delivery/push-delivery';
import { LOST_AT_ONCE } from '../../server/services/delivery/lost-alert-delivery';
import { dateInDays } from '#shared/domain/event-time';
import { makeChat, makeDog, makeUser } from '../helpers/factories';
import {
  apiClient,
  collector,
  eventually,
  type Instance,
  seedUser,
  sleep,
  startInstance,
  stopInstances,
} from '../helpers/instances';
import {
  createDatabase,
  postgresAvailable,
  startPostgres,
  type ThrowawayPostgres,
} from '../helpers/postgres';
import { type FakeDevice, type PushService, startPushService } from '../helpers/push-service';

/**
 * Issue 29: every delivery keeps its guarantee when the instance doing it is killed (SIGKILL) at the point
 * that would break it. The points are test hooks (server/crash-points.ts, TACKE_CRASH_AT), not luck. A job
 * whose instance died stays active until pg-boss expires it; the tests make it due at once (time passing).
 */
describe.runIf(postgresAvailable())('deliveries across a crash, on PostgreSQL', () => {
  let pg: ThrowawayPostgres | undefined;
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(() => pg?.stop());

  interface Setup {
    database: Database;
    push: PushService;
    /** An instance on the database, its workers polling often; `crashAt` names its crash point. */
    start(crashAt?: string): Promise<Instance>;
    /** Runs `close` once the test is over, before the instances stop. */
    closeLater(close: () => unknown): void;
  }

  async function withDatabase(run: (setup: Setup) => Promise<void>) {
    const databaseUrl = await createDatabase(pg!.url);
    const database = await openDatabase({ databaseUrl, dataDir: 'unused' });
    const push = await startPushService();
    const instances: Instance[] = [];
    const closers: Array<() => unknown> = [];
    try {
      await run({
        database,
        push,
        async start(crashAt) {
          const instance = await startInstance({
            databaseUrl,
            env: {
              JOB_POLL_SECONDS: '0.5',
              PUSH_SERVICES: '127.0.0.1',
              PUSH_ALLOW_PRIVATE: 'true',
              ...(crashAt ? { TACKE_CRASH_AT: crashAt } : {}),
            },
          });
          instances.push(instance);
          return instance;
        },
        closeLater: (close) => void closers.push(close),
      });
    } finally {
      for (const close of closers) await close();
      await stopInstances(instances);
      await push.close();
      await database.close();
    }
  }

  /** The instance was killed at its crash point. */
  async function killed(instance: Instance) {
    await instance.exited;
    expect(instance.child.signalCode).toBe('SIGKILL');
  }

  /** A job held by the killed instance: pg-boss would expire it after minutes; now. */
  const expireNow = (database: Database, queue: string) =>
    database.execute(
      `update pgboss.job set state = 'retry', start_after = now() where name = $1 and state = 'active'`,
      [queue],
    );
  const dueNow = (database: Database, queue: string) =>
    database.execute(`update pgboss.job set start_after = now() where name = $1 and state = 'created'`, [
      queue,
    ]);

  /** Waits a moment more, then `device` has had exactly `count` pushes. */
  async function pushedExactly(device: FakeDevice, count: number) {
    await eventually(
      () => device.received.length >= count,
      () => `${device.received.length} of ${count} pushes`,
    );
    await sleep(1_500);
    expect(device.received).toHaveLength(count);
  }

  it('a pair-chat message whose instance died right after the commit: heard once, pushed once, the retry answered', async () => {
    await withDatabase(async ({ database, push, start, closeLater }) => {
      const [a, b] = [await start('chat-send:committed'), await start()];
      const [ana, bor] = [await seedUser(database.db, 'Ana'), await seedUser(database.db, 'Bor')];
      const chat = await makeChat(
        database.db,
        { userId: ana.id, dogId: (await makeDog(database.db, ana.id)).id },
        { userId: bor.id, dogId: (await makeDog(database.db, bor.id)).id },
      );
      const phone = push.device();
      await addPushSubscription(database.db, bor.id, phone);
      const borApi = apiClient(bor.token, b.url);
      closeLater(borApi.close);
      await borApi.api.chats.send.mutate({ chatId: chat.id, content: 'Živjo!' });
      const heard = collector<ChatMessage>();
      const subscription = borApi.api.chats.onMessage.subscribe({ chatId: chat.id }, heard.handlers);
      closeLater(() => subscription.unsubscribe());
      await eventually(
        () => heard.starts() === 1,
        () => 'subscribed',
      );

      const id = randomUUID();
      const message = { chatId: chat.id, id, content: 'Pridem ob petih.' };
      const onA = apiClient(ana.token, a.url);
      closeLater(onA.close);
      await expect(onA.api.chats.send.mutate(message)).rejects.toThrow();
      await killed(a);
      // The client tries again, on the instance still there: the stored message is the answer.
      const onB = apiClient(ana.token, b.url);
      closeLater(onB.close);
      expect((await onB.api.chats.send.mutate(message)).id).toBe(id);

      await eventually(
        () => heard.events.some((event) => event.data.id === id),
        () => 'Bor never heard the message',
      );
      await pushedExactly(phone, 1);
      expect(heard.events.filter((event) => event.data.id === id)).toHaveLength(1);
      expect(phone.received[0]!.body).toContain('Pridem ob petih.');
    });
  });

  it('an event-chat message whose instance died right after the commit: heard once, pushed once to each', async () => {
    await withDatabase(async ({ database, push, start, closeLater }) => {
      const [a, b] = [await start('event-chat-send:committed'), await start()];
      const [ana, bor] = [await seedUser(database.db, 'Ana'), await seedUser(database.db, 'Bor')];
      const phone = push.device();
      await addPushSubscription(database.db, bor.id, phone);
      const [anaB, borB] = [apiClient(ana.token, b.url), apiClient(bor.token, b.url)];
      closeLater(anaB.close);
      closeLater(borB.close);
      const event = await anaB.api.events.create.mutate({
        title: 'Sprehod ob Savi',
        eventDate: dateInDays(3),
        eventTime: '17:30',
        locationName: 'Brod',
        country: 'SI',
        location: 'Ljubljana',
      });
      await borB.api.events.join.mutate({ id: event.id });
      const heard = collector<{ id: string }>();
      const subscription = borB.api.events.onChatMessage.subscribe({ eventId: event.id }, heard.handlers);
      closeLater(() => subscription.unsubscribe());
      await eventually(
        () => heard.starts() === 1,
        () => 'subscribed',
      );

      const id = randomUUID();
      const message = { eventId: event.id, id, content: 'Zberemo se pri mostu.' };
      const onA = apiClient(ana.token, a.url);
      closeLater(onA.close);
      await expect(onA.api.events.chatSend.mutate(message)).rejects.toThrow();
      await killed(a);
      expect((await anaB.api.events.chatSend.mutate(message)).id).toBe(id);

      await eventually(
        () => heard.events.some((e) => e.data.id === id),
        () => 'Bor never heard the message',
      );
      await pushedExactly(phone, 1);
      expect(heard.events.filter((e) => e.data.id === id)).toHaveLength(1);
    });
  });

  it('event reminders whose instance died right after writing them: every device pushed, once', async () => {
    await withDatabase(async ({ database, push, start, closeLater }) => {
      const a = await start('event-reminder:committed');
      const organiser = await seedUser(database.db, 'Organizatorka');
      const people = await Promise.all(
        Array.from({ length: 8 }, (_, i) => seedUser(database.db, `Gost ${i}`)),
      );
      const phones = new Map<string, FakeDevice>();
      for (const person of [organiser, ...people]) {
        const phone = push.device();
        phones.set(person.id, phone);
        await addPushSubscription(database.db, person.id, phone);
      }
      const host = apiClient(organiser.token, a.url);
      closeLater(host.close);
      // Tomorrow, a little later than a day from now: the day-ahead reminder waits about an hour.
      const at = new Date(Date.now() + 25 * 3_600_000);
      const local = new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/Ljubljana',
        dateStyle: 'short',
        timeStyle: 'short',
      })
        .format(at)
        .split(' ');
      const event = await host.api.events.create.mutate({
        title: 'Pasji piknik',
        eventDate: local[0]!,
        eventTime: local[1]!,
        locationName: 'Tivoli',
        country: 'SI',
        location: 'Ljubljana',
      });
      for (const person of people) {
        const guest = apiClient(person.token, a.url);
        await guest.api.events.join.mutate({ id: event.id });
        await guest.close();
      }
      // The reminder falls due on A, which dies right after its notices commit.
      await dueNow(database, 'event-reminder');
      await killed(a);

      await start();
      for (const phone of phones.values()) await pushedExactly(phone, 1);
      for (const phone of phones.values()) expect(phone.received[0]!.body).toContain('Pasji piknik');
    });
  });

  it('an announcement whose instance died mid-delivery: the re-run goes on from there, each device pushed', async () => {
    await withDatabase(async ({ database, push, start, closeLater }) => {
      // Killed after its second few were pushed, before they were written down.
      const a = await start('announce:pushed#2');
      const admin = await seedUser(database.db, 'Skrbnica', 'admin');
      const phones: FakeDevice[] = [];
      for (let i = 0; i < 120; i++) {
        const { id } = await makeUser(database.db, { fullName: `Lastnik ${i}` });
        const phone = push.device();
        phones.push(phone);
        await addPushSubscription(database.db, id, phone);
      }
      const api = apiClient(admin.token, a.url);
      closeLater(api.close);
      const { id } = await api.api.announcements.create.mutate({
        title: 'Nova pasja plaža',
        content: 'Odprta od ponedeljka.',
        updateType: 'general',
      });
      await killed(a);
      const first = phones.filter((phone) => phone.received.length).length;
      expect(first).toBe(2 * ANNOUNCE_AT_ONCE);

      await expireNow(database, 'announce');
      await start();
      await eventually(
        () => phones.every((phone) => phone.received.length > 0),
        () => `${phones.filter((phone) => phone.received.length).length} of ${phones.length} pushed`,
      );
      await sleep(1_000);
      const twice = phones.filter((phone) => phone.received.length > 1);
      // Only the few in flight when it died went twice (not everyone pushed before), with one tag: the second
      // replaces the first on the device, so nobody sees it twice.
      expect(twice).toHaveLength(ANNOUNCE_AT_ONCE);
      expect(phones.every((phone) => phone.received.length <= 2)).toBe(true);
      expect(new Set(phones.flatMap((phone) => phone.received.map((p) => p.tag)))).toEqual(
        new Set([`announcement:${id}`]),
      );
    });
  });

  /** Ana and Bor matched, Ana's dog and Bor's phone that asked for check-ins; a published park. */
  async function checkInWorld(database: Database, push: PushService) {
    const [ana, bor] = [await seedUser(database.db, 'Ana'), await seedUser(database.db, 'Bor')];
    const [aro, rex] = [
      await makeDog(database.db, ana.id, { name: 'Aro' }),
      await makeDog(database.db, bor.id, { name: 'Rex' }),
    ];
    await database.db
      .insert(matches)
      .values({ user1Id: ana.id, dog1Id: aro.id, user2Id: bor.id, dog2Id: rex.id });
    const phone = push.device();
    await addPushSubscription(database.db, bor.id, phone);
    await database.db
      .insert(notifySettings)
      .values({ userId: bor.id, channels: { ...DEFAULT_CHANNELS, checkIns: 'push' } });
    const [park] = await database.db
      .insert(spots)
      .values({
        kind: 'dogPark',
        name: 'Pasji park Tivoli',
        countryCode: 'SI',
        location: 'Ljubljana',
        lat: 46.0569,
        lon: 14.4973,
        status: 'published',
      })
      .returning({ id: spots.id });
    const input = { id: randomUUID(), spotId: park!.id, dogIds: [aro.id] };
    return { ana, phone, input };
  }

  it('a check-in whose instance died right after the commit: stored once, its push sent once, the retry answered', async () => {
    await withDatabase(async ({ database, push, start, closeLater }) => {
      const [a, b] = [await start('check-in:committed'), await start()];
      const { ana, phone, input } = await checkInWorld(database, push);
      const onA = apiClient(ana.token, a.url);
      closeLater(onA.close);
      await expect(onA.api.spots.checkIn.mutate(input)).rejects.toThrow();
      await killed(a);
      // The client tries again with the same id, on the instance still there: the stored check-in answers.
      const onB = apiClient(ana.token, b.url);
      closeLater(onB.close);
      const view = await onB.api.spots.checkIn.mutate(input);
      expect(view.mine?.id).toBe(input.id);
      expect(await database.db.select().from(checkIns).where(eq(checkIns.userId, ana.id))).toHaveLength(1);
      // The job committed with the check-in: the survivor pushes it, and the retry queued none.
      await pushedExactly(phone, 1);
      expect(phone.received[0]).toMatchObject({ title: 'Pasji park Tivoli', tag: `check-in:${input.id}` });
    });
  });

  it('a check-in push whose instance died after pushing: the re-run pushes again under the same tag', async () => {
    await withDatabase(async ({ database, push, start, closeLater }) => {
      const a = await start('check-in:pushed');
      const { ana, phone, input } = await checkInWorld(database, push);
      const onA = apiClient(ana.token, a.url);
      closeLater(onA.close);
      await onA.api.spots.checkIn.mutate(input).catch(() => undefined);
      await killed(a);
      expect(phone.received).toHaveLength(1);

      await expireNow(database, 'check-in');
      await start();
      // At least once, and the second replaces the first on the device: one notification to see.
      await pushedExactly(phone, 2);
      expect(phone.received.map((p) => p.tag)).toEqual([`check-in:${input.id}`, `check-in:${input.id}`]);
    });
  });

  it('a summary e-mail whose instance died right after sending it: sent again with the same Message-ID', async () => {
    await withDatabase(async ({ database, start, closeLater }) => {
      const a = await start('digest:mailed');
      const [ana, bor] = [
        await makeUser(database.db, { fullName: 'Ana' }),
        await seedUser(database.db, 'Bor'),
      ];
      // Away for a while, no device: news goes by e-mail.
      await database.db
        .update(users)
        .set({ lastSeenAt: new Date(Date.now() - 3_600_000) })
        .where(eq(users.id, ana.id));
      const [anaDog, borDog] = [await makeDog(database.db, ana.id), await makeDog(database.db, bor.id)];
      const borApi = apiClient(bor.token, a.url);
      closeLater(borApi.close);
      await borApi.api.likes.like.mutate({ fromDogId: borDog.id, dogId: anaDog.id });
      await eventually(
        async () =>
          ((await database.execute(`select 1 from pgboss.job where name = 'digest'`)).rows.length ?? 0) > 0,
        () => 'no summary queued',
      );
      await dueNow(database, 'digest');
      await killed(a);
      const b = await start();
      await expireNow(database, 'digest');
      const messageIds = (instance: Instance) => {
        const outbox = path.join(instance.dataDir, 'outbox');
        return (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
          .filter((file) => file.endsWith('.eml'))
          .map((file) => /^Message-ID: (.+)$/im.exec(fs.readFileSync(path.join(outbox, file), 'utf8'))?.[1]);
      };
      await eventually(
        () => messageIds(b).length > 0,
        () => 'the re-run sent nothing',
      );
      expect(messageIds(a)).toHaveLength(1);
      expect(messageIds(b)).toEqual(messageIds(a));
      // The mail is written before the row that records it commits: the record follows, soon.
      await eventually(
        async () => {
          const [row] = await database.db
            .select({ at: users.lastDigestAt })
            .from(users)
            .where(eq(users.id, ana.id));
          return row!.at !== null;
        },
        () => 'the summary was sent but not recorded',
      );
    });
  });

  /**
   * Ana and her dog Aro, lost in the centre of Ljubljana; `owners` owners with a dog in Ljubljana (within the
   * first radius, 5 km) and a phone each: the ones told. `input`: what `lost.report` takes for Aro.
   */
  async function lostWorld(database: Database, push: PushService, owners: number) {
    const ana = await seedUser(database.db, 'Ana');
    const aro = await makeDog(database.db, ana.id, { name: 'Aro' });
    const phones = new Map<string, FakeDevice>();
    for (let i = 0; i < owners; i++) {
      // makeUser: a password too (an account that can sign in), as those told must have.
      const { id } = await makeUser(database.db, { fullName: `Lastnik ${i}` });
      await makeDog(database.db, id, { location: 'Ljubljana' });
      const phone = push.device();
      phones.set(id, phone);
      await addPushSubscription(database.db, id, phone);
    }
    const input = {
      id: randomUUID(),
      dogId: aro.id,
      lat: 46.0511,
      lon: 14.5051,
      seenAt: new Date(Date.now() - 30 * 60_000),
    };
    return { ana, phones, input };
  }
  const lostDeliveries = (database: Database, alertId: string) =>
    database.db
      .select({
        userId: lostAlertDeliveries.userId,
        channel: lostAlertDeliveries.channel,
        foundToldAt: lostAlertDeliveries.foundToldAt,
      })
      .from(lostAlertDeliveries)
      .where(eq(lostAlertDeliveries.alertId, alertId));

  it('a lost-dog alert whose instance died right after the commit: stored once, each owner nearby pushed once, the retry answered', async () => {
    await withDatabase(async ({ database, push, start, closeLater }) => {
      const [a, b] = [await start('lost:committed'), await start()];
      const { ana, phones, input } = await lostWorld(database, push, 3);
      const onA = apiClient(ana.token, a.url);
      closeLater(onA.close);
      await expect(onA.api.lost.report.mutate(input)).rejects.toThrow();
      await killed(a);
      // The client tries again with the same id, on the instance still there: the stored alert answers.
      const onB = apiClient(ana.token, b.url);
      closeLater(onB.close);
      const view = await onB.api.lost.report.mutate(input);
      expect(view).toMatchObject({ id: input.id, status: 'open', mine: true });
      expect(await database.db.select().from(lostAlerts).where(eq(lostAlerts.userId, ana.id))).toHaveLength(
        1,
      );
      // The job committed with the alert: the survivor tells everyone nearby, once.
      for (const phone of phones.values()) await pushedExactly(phone, 1);
      for (const phone of phones.values()) expect(phone.received[0]!.tag).toBe(`lost:${input.id}`);
    });
  });

  it('a sighting whose instance died right after the commit: stored once, its owner told once in the app and by push, the retry answered', async () => {
    await withDatabase(async ({ database, push, start, closeLater }) => {
      const [a, b] = [await start('sighting:committed'), await start()];
      const { ana, input } = await lostWorld(database, push, 0);
      const anaPhone = push.device();
      await addPushSubscription(database.db, ana.id, anaPhone);
      const anaOnB = apiClient(ana.token, b.url);
      closeLater(anaOnB.close);
      await anaOnB.api.lost.report.mutate(input);
      const bor = await makeUser(database.db, { fullName: 'Bor' });
      const sighting = { id: randomUUID(), alertId: input.id, lat: 46.06, lon: 14.52, seenAt: new Date() };
      const onA = apiClient(bor.token, a.url);
      closeLater(onA.close);
      await expect(onA.api.lost.sight.mutate(sighting)).rejects.toThrow();
      await killed(a);
      // The client tries again with the same id, on the instance still there: the stored sighting answers.
      const onB = apiClient(bor.token, b.url);
      closeLater(onB.close);
      expect(await onB.api.lost.sight.mutate(sighting)).toMatchObject({ id: sighting.id, mine: true });
      expect(
        await database.db.select().from(lostSightings).where(eq(lostSightings.alertId, input.id)),
      ).toHaveLength(1);
      // The notice committed with the sighting, its push job with it: once in the app, once on her phone.
      const notices = await database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.ownerId, ana.id), eq(notifications.notificationType, 'lost_sighting')));
      expect(notices).toHaveLength(1);
      await pushedExactly(anaPhone, 1);
      expect(anaPhone.received[0]!.title).toBe('Novo opažanje: Aro');
    });
  });

  it('a lost-dog alert whose instance died mid-delivery: the re-run goes on, every owner nearby pushed, only the few in flight twice', async () => {
    await withDatabase(async ({ database, push, start, closeLater }) => {
      // Killed after its second few were pushed, before they were written down; a third few is still to go.
      const a = await start('lost:told#2');
      const { ana, phones, input } = await lostWorld(database, push, 2 * LOST_AT_ONCE + 10);
      const api = apiClient(ana.token, a.url);
      closeLater(api.close);
      await api.api.lost.report.mutate(input);
      await killed(a);
      const all = [...phones.values()];
      expect(all.filter((phone) => phone.received.length).length).toBe(2 * LOST_AT_ONCE);
      expect(await lostDeliveries(database, input.id)).toHaveLength(LOST_AT_ONCE);

      await expireNow(database, 'lost-alert');
      await start();
      await eventually(
        () => all.every((phone) => phone.received.length > 0),
        () => `${all.filter((phone) => phone.received.length).length} of ${all.length} pushed`,
      );
      await sleep(1_000);
      // Only the few in flight when it died went twice (not the first few, told and written down), with one
      // tag: the second replaces the first on the device, so nobody sees it twice.
      expect(all.filter((phone) => phone.received.length > 1)).toHaveLength(LOST_AT_ONCE);
      expect(all.every((phone) => phone.received.length <= 2)).toBe(true);
      expect(new Set(all.flatMap((phone) => phone.received.map((p) => p.tag)))).toEqual(
        new Set([`lost:${input.id}`]),
      );
      // Each owner told is written down once: "found" will tell each of them.
      const told = await lostDeliveries(database, input.id);
      expect(told.map((row) => row.userId).sort()).toEqual([...phones.keys()].sort());
      expect(told.every((row) => row.channel === 'push')).toBe(true);
    });
  });

  it('a found lost dog whose instance died after telling those told: the re-run tells them again, under the same tag', async () => {
    await withDatabase(async ({ database, push, start, closeLater }) => {
      const a = await start('lost:found-told');
      const { ana, phones, input } = await lostWorld(database, push, 3);
      const api = apiClient(ana.token, a.url);
      closeLater(api.close);
      await api.api.lost.report.mutate(input);
      await eventually(
        async () => (await lostDeliveries(database, input.id)).length === phones.size,
        () => 'the alert was not told',
      );
      await api.api.lost.found.mutate({ id: input.id });
      await killed(a);
      for (const phone of phones.values()) expect(phone.received).toHaveLength(2);

      await expireNow(database, 'lost-alert');
      await start();
      // At least once: those in flight when it died hear it again, and it replaces the first on the device.
      for (const phone of phones.values()) await pushedExactly(phone, 3);
      for (const phone of phones.values()) {
        expect(phone.received.slice(1).map((p) => p.title)).toEqual(['Aro je doma', 'Aro je doma']);
        expect(phone.received.map((p) => p.tag)).toEqual(Array(3).fill(`lost:${input.id}`));
      }
      await eventually(
        async () => (await lostDeliveries(database, input.id)).every((row) => row.foundToldAt),
        () => 'found not written down',
      );
    });
  });
});
