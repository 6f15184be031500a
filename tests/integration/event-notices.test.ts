import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../server/db/schema';
import { deliverEventReminder } from '../../server/services/event-notices';
import { addPushSubscription } from '../../server/services/notify-settings';
import { EVENT_TIME_ZONE } from '../../src/domain/event-time';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';
import { makeUser } from '../helpers/factories';
import { sleep } from '../helpers/instances';
import { type FakeDevice, type PushService, startPushService } from '../helpers/push-service';

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(25);
  }
}

/** Jobs of `queue` waiting (state created). */
async function waitingJobs(t: TestApp, queue: string) {
  const { rows } = await t.app.database.execute(
    `select id, data, start_after from pgboss.job where name = $1 and state = 'created' order by start_after`,
    [queue],
  );
  return rows as Array<{ id: string; data: Record<string, unknown>; start_after: Date }>;
}

/** The waiting jobs of `queue` are due now (time passing, without waiting for it). */
async function dueNow(t: TestApp, queue: string) {
  await t.app.database.execute(
    `update pgboss.job set start_after = now() where name = $1 and state = 'created'`,
    [queue],
  );
}

/** The date and time (Ljubljana) of an instant `hours` from now, as the event form takes them. */
function inHours(hours: number) {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: EVENT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + hours * 3_600_000));
  const [eventDate, eventTime] = parts.split(' ') as [string, string];
  return { eventDate, eventTime };
}

const place = { title: 'Sprehod', locationName: 'Tivoli', country: 'SI', location: 'Ljubljana' };

async function person(t: TestApp, push: PushService, name: string, device = true) {
  const made = await makeUser(t.db, { fullName: name });
  let phone: FakeDevice | null = null;
  if (device) {
    phone = push.device();
    await addPushSubscription(t.db, made.id, phone);
  }
  return { ...made, device: phone!, api: await t.caller(made.token) };
}

const noticeCount = async (
  t: TestApp,
  ids: string[],
  type: (typeof notifications.$inferSelect)['notificationType'],
) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.ownerId, ids), eq(notifications.notificationType, type)))
  ).length;

describe.each(dbKinds())('event reminders and change notices on %s', (kind) => {
  let t: TestApp;
  let push: PushService;
  beforeAll(async () => {
    push = await startPushService();
    t = await startTestApp(kind, { JOB_WORKERS: 'true', JOB_POLL_SECONDS: '0.5' });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('reminders a day and an hour ahead reach the organiser and the seated once; not who left or waits', async () => {
    const ana = await person(t, push, 'Ana');
    const [bor, cene, dana] = [
      await person(t, push, 'Bor'),
      await person(t, push, 'Cene'),
      await person(t, push, 'Dana'),
    ];
    const event = await ana.api.events.create({ ...place, ...inHours(30), maxAttendees: 2 });
    await bor.api.events.join({ id: event.id });
    await cene.api.events.join({ id: event.id, waitlist: true });
    await dana.api.events.join({ id: event.id, waitlist: true });
    await cene.api.events.leave({ id: event.id });
    const jobs = (await waitingJobs(t, 'event-reminder')).filter((j) => j.data.eventId === event.id);
    expect(jobs.map((j) => [j.data.type, new Date(j.start_after).getTime()])).toEqual([
      ['event_reminder_day', event.startsAt.getTime() - 24 * 3_600_000],
      ['event_reminder_hour', event.startsAt.getTime() - 3_600_000],
    ]);

    await dueNow(t, 'event-reminder');
    await until(
      () => ana.device.received.length === 2 && bor.device.received.length === 2,
      'both reminders to Ana and Bor',
    );
    expect(bor.device.received.map((p) => p.title).sort()).toEqual([
      'Jutri: Sprehod',
      'Čez eno uro: Sprehod',
    ]);
    expect(bor.device.received.find((p) => p.title.startsWith('Jutri'))).toMatchObject({
      body: `»Sprehod« se začne jutri ob ${event.eventTime}.`,
      url: `/events?dogodek=${event.id}`,
    });
    // Repeated (a retry, another instance): nothing more.
    for (const type of ['event_reminder_day', 'event_reminder_hour'] as const)
      await deliverEventReminder(t.app.deps, {
        eventId: event.id,
        type,
        startsAt: event.startsAt.toISOString(),
      });
    await sleep(1_200);
    expect([ana, bor].map((p) => p.device.received.length)).toEqual([2, 2]);
    expect(await noticeCount(t, [ana.id, bor.id], 'event_reminder_day')).toBe(2);
    expect([cene, dana].map((p) => p.device.received.length)).toEqual([0, 0]);
  });

  it('a moved event is reminded of at its new time; the old reminders do nothing; a cancelled one none', async () => {
    const ana = await person(t, push, 'Ana', false);
    const bor = await person(t, push, 'Bor');
    const event = await ana.api.events.create({ ...place, ...inHours(48) });
    await bor.api.events.join({ id: event.id });
    const later = inHours(72);
    const moved = await ana.api.events.update({ ...place, ...later, id: event.id });
    const jobs = (await waitingJobs(t, 'event-reminder')).filter((j) => j.data.eventId === event.id);
    expect(jobs.map((j) => j.data.startsAt).sort()).toEqual(
      [event.startsAt, event.startsAt, moved.startsAt, moved.startsAt].map((d) => d.toISOString()).sort(),
    );
    await dueNow(t, 'event-reminder');
    await until(() => bor.device.received.some((p) => p.title.startsWith('Jutri')), 'the reminder');
    await sleep(1_200);
    const reminders = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.ownerId, bor.id), eq(notifications.eventId, event.id)));
    expect(
      reminders.filter((n) => n.notificationType.startsWith('event_reminder')).map((n) => n.eventStartsAt),
    ).toEqual([moved.startsAt, moved.startsAt]);

    const other = await ana.api.events.create({ ...place, title: 'Odpovedan', ...inHours(50) });
    await bor.api.events.join({ id: other.id });
    await ana.api.events.remove({ id: other.id });
    await dueNow(t, 'event-reminder');
    await sleep(1_200);
    expect(bor.device.received.filter((p) => p.body.includes('Odpovedan')).map((p) => p.title)).toEqual([
      'Dogodek odpovedan',
    ]);
  });

  it('a burst of edits sends one change notice, a few minutes on, with what moved, to seats and the waitlist', async () => {
    const ana = await person(t, push, 'Ana', false);
    const [bor, cene, dana] = [
      await person(t, push, 'Bor'),
      await person(t, push, 'Cene'),
      await person(t, push, 'Dana'),
    ];
    const when = { ...inHours(96), maxAttendees: 2 };
    const event = await ana.api.events.create({ ...place, ...when });
    await bor.api.events.join({ id: event.id });
    await cene.api.events.join({ id: event.id, waitlist: true });
    await ana.api.events.update({ ...place, ...when, id: event.id, eventTime: '06:15' });
    await ana.api.events.update({
      ...place,
      ...when,
      id: event.id,
      eventTime: '06:15',
      locationName: 'Rožnik',
    });
    await ana.api.events.update({
      ...place,
      ...when,
      id: event.id,
      eventTime: '06:15',
      locationName: 'Rožnik',
      title: 'Jutranji sprehod',
    });
    const jobs = (await waitingJobs(t, 'event-changed')).filter((j) => j.data.eventId === event.id);
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]!.start_after).getTime() - Date.now()).toBeGreaterThan(2 * 60_000);
    expect(await noticeCount(t, [bor.id, cene.id], 'event_changed')).toBe(0);

    await dueNow(t, 'event-changed');
    await until(
      () => bor.device.received.length === 1 && cene.device.received.length === 1,
      'the change push',
    );
    expect(bor.device.received[0]).toMatchObject({
      title: 'Dogodek spremenjen',
      body: '»Jutranji sprehod«: nova ura: 06:15 · novo mesto: Rožnik, Ljubljana',
    });
    const [notice] = await bor.api.likes
      .requests()
      .then((items) => items.filter((i) => i.type === 'event_changed'));
    expect(notice?.event).toMatchObject({
      id: event.id,
      changes: { time: '06:15', place: 'Rožnik, Ljubljana' },
    });
    expect(dana.device.received).toEqual([]);

    // Edits that come back to where it was tell nobody.
    await ana.api.events.update({ ...place, ...when, id: event.id, eventTime: '07:00' });
    await ana.api.events.update({
      ...place,
      ...when,
      id: event.id,
      eventTime: '06:15',
      locationName: 'Rožnik',
    });
    await dueNow(t, 'event-changed');
    await sleep(1_500);
    expect(bor.device.received).toHaveLength(1);
  });

  it('cancelling tells the seated and the waitlist', async () => {
    const ana = await person(t, push, 'Ana', false);
    const [bor, cene] = [await person(t, push, 'Bor'), await person(t, push, 'Cene')];
    const event = await ana.api.events.create({ ...place, ...inHours(100), maxAttendees: 2 });
    await bor.api.events.join({ id: event.id });
    await cene.api.events.join({ id: event.id, waitlist: true });
    await ana.api.events.remove({ id: event.id });
    await until(() => bor.device.received.length === 1 && cene.device.received.length === 1, 'both told');
    expect(cene.device.received[0]!.title).toBe('Dogodek odpovedan');
  });
});

describe.each(dbKinds())('event reminders across restarts and instances on %s', (kind) => {
  it('reminders queued before a restart are sent once by the next instance', async () => {
    const push = await startPushService();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-reminders-'));
    const first = await startTestApp(kind, kind === 'pglite' ? { DATABASE_URL: '', DATA_DIR: dataDir } : {});
    const databaseUrl = first.config.databaseUrl ?? '';
    const ana = await person(first, push, 'Ana');
    const event = await ana.api.events.create({ ...place, ...inHours(30) });
    await first.app.close();
    const env = kind === 'pglite' ? { DATABASE_URL: '', DATA_DIR: dataDir } : { DATABASE_URL: databaseUrl };
    const second = await startTestApp(kind, { JOB_WORKERS: 'true', JOB_POLL_SECONDS: '0.5', ...env });
    try {
      await dueNow(second, 'event-reminder');
      await until(() => ana.device.received.length === 2, 'both reminders after the restart');
      // The same reminders asked for again after another restart: nothing more.
      await second.app.deps.notify.eventReminders({ id: event.id, startsAt: event.startsAt });
      await second.app.deps.jobs.send('event-reminder', {
        eventId: event.id,
        type: 'event_reminder_hour',
        startsAt: event.startsAt.toISOString(),
      });
      await sleep(1_500);
      expect(ana.device.received).toHaveLength(2);
    } finally {
      await second.close();
      await push.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  // Only a server database is shared by instances (PGlite has one process).
  if (kind === 'postgres')
    it('two instances working the same reminders send each person one', async () => {
      const push = await startPushService();
      const a = await startTestApp(kind, { JOB_WORKERS: 'true', JOB_POLL_SECONDS: '0.5' });
      const b = await startTestApp(kind, {
        JOB_WORKERS: 'true',
        JOB_POLL_SECONDS: '0.5',
        DATABASE_URL: a.config.databaseUrl ?? '',
      });
      try {
        const ana = await person(a, push, 'Ana');
        const event = await ana.api.events.create({ ...place, ...inHours(30), maxAttendees: 30 });
        const people = await Promise.all(Array.from({ length: 20 }, (_, i) => person(a, push, `Gost ${i}`)));
        for (const [i, p] of people.entries())
          await (await (i % 2 ? a : b).caller(p.token)).events.join({ id: event.id });
        // Each instance queues the day's reminder itself too (as two racing requests would, past the key).
        const job = { eventId: event.id, type: 'event_reminder_day', startsAt: event.startsAt.toISOString() };
        await Promise.all([
          a.app.deps.jobs.send('event-reminder', job),
          b.app.deps.jobs.send('event-reminder', job),
        ]);
        await dueNow(a, 'event-reminder');
        await until(
          () => [ana, ...people].every((p) => p.device.received.length >= 2),
          'every reminder',
          20_000,
        );
        await sleep(1_500);
        expect([ana, ...people].map((p) => p.device.received.length)).toEqual([ana, ...people].map(() => 2));
      } finally {
        await b.close();
        await a.close();
        await push.close();
      }
    }, 60_000);
});
