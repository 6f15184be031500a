import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAttendees, events as eventsTable, notifications, users } from '../../server/db/schema';
import { deliverEventReminder, scheduleReminders } from '../../server/services/events/event-notices';
import { deliverChatPush } from '../../server/services/delivery/push-delivery';
import { addPushSubscription } from '../../server/services/notices/notify-settings';
import { inLjubljana } from '#shared/domain/event-time';
import { dbKinds, type TestApp } from '../helpers/app';
import { makeEvent, makeUser } from '../helpers/factories';
import {
  dueNow,
  lastingDatabase,
  startDelivery,
  startTwoInstances,
  until,
  waitingJobs,
  WORKING,
} from '../helpers/delivery';
import { sleep } from '../helpers/instances';
import { type FakeDevice, type PushService, startPushService } from '../helpers/push-service';

/** The date and time (Ljubljana) of an instant `hours` from now, as the event form takes them. */
function inHours(hours: number) {
  const { date: eventDate, time: eventTime } = inLjubljana(new Date(Date.now() + hours * 3_600_000));
  return { eventDate, eventTime };
}

const place = { title: 'Sprehod', locationName: 'Tivoli', country: 'SI', location: 'Ljubljana' };

async function person(t: TestApp, push: PushService, name: string, device = true, locale = 'sl') {
  const made = await makeUser(t.db, { fullName: name });
  await t.db.update(users).set({ locale }).where(eq(users.id, made.id));
  let phone: FakeDevice | null = null;
  if (device) {
    phone = push.device();
    await addPushSubscription(t.db, made.id, phone);
  }
  return { ...made, device: phone!, api: await t.caller(made.token) };
}

type Person = Awaited<ReturnType<typeof person>>;

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
  beforeAll(async () => ({ t, push } = await startDelivery(kind)));
  afterAll(() => Promise.all([t.close(), push.close()]));

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
    const [notice] = await bor.api.requests
      .list()
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

describe.each(dbKinds())('event chat messages away from the app on %s', (kind) => {
  let t: TestApp;
  let push: PushService;
  beforeAll(async () => ({ t, push } = await startDelivery(kind)));
  afterAll(() => Promise.all([t.close(), push.close()]));

  /** An event of `organiser` in a few days, with `seated` holding seats. */
  async function eventWith(organiser: Person, seated: Person[], title = 'Sprehod') {
    const event = await organiser.api.events.create({ ...place, title, ...inHours(72), maxAttendees: 10 });
    for (const who of seated) await who.api.events.join({ id: event.id });
    return event;
  }
  const send = (who: Person, eventId: string, content: string) =>
    who.api.events.chatSend({ eventId, content });
  const chatUrl = (eventId: string) => `/events?dogodek=${eventId}&klepet=1`;

  it('the first message is pushed at once to the others, in their language; those in the pause go as one', async () => {
    const ana = await person(t, push, 'Ana');
    const bor = await person(t, push, 'Bor', true, 'de');
    const cene = await person(t, push, 'Cene');
    const dana = await person(t, push, 'Dana');
    const event = await eventWith(ana, [bor, cene]);
    // Dana waits in line: not in the chat.
    await t.db.update(eventsTable).set({ maxAttendees: 3 }).where(eq(eventsTable.id, event.id));
    await dana.api.events.join({ id: event.id, waitlist: true });

    await send(bor, event.id, 'Pridem s Piko!');
    await until(
      () => ana.device.received.length === 1 && cene.device.received.length === 1,
      'the first push to Ana and Cene',
    );
    expect(ana.device.received[0]).toEqual({
      title: 'Sprehod · klepet',
      body: 'Bor: Pridem s Piko!',
      url: chatUrl(event.id),
      tag: `event-chat:${event.id}`,
    });
    // The organiser's message reaches Bor in German; Cene is in her pause.
    await send(ana, event.id, 'Vodo imam s seboj.');
    await until(() => bor.device.received.length === 1, 'the push to Bor');
    expect(bor.device.received[0]).toMatchObject({
      title: 'Sprehod · Chat',
      body: 'Ana: Vodo imam s seboj.',
      url: chatUrl(event.id),
    });
    await send(bor, event.id, 'Ob petih?');
    await sleep(1_200);
    // Never to the sender, nobody outside the chat, nothing more during a pause.
    expect([ana, bor, cene, dana].map((p) => p.device.received.length)).toEqual([1, 1, 1, 0]);
    const pauses = (await waitingJobs(t, 'chat-push')).filter((j) => j.data.eventId === event.id);
    expect(pauses.map((j) => j.data.userId).sort()).toEqual([ana.id, bor.id, cene.id].sort());
    for (const pause of pauses)
      expect(new Date(pause.start_after).getTime() - Date.now()).toBeGreaterThan(2.5 * 60_000);

    // Ana reads the chat before her pause ends; Cene does not.
    const latest = (await ana.api.events.chatMessages({ eventId: event.id })).at(-1)!;
    await ana.api.events.chatRead({ eventId: event.id, seq: latest.seq });
    await dueNow(t, 'chat-push');
    await until(() => cene.device.received.length === 2, 'the grouped push to Cene');
    expect(cene.device.received[1]).toMatchObject({
      title: 'Sprehod · klepet',
      body: '2 novi sporočili · Bor: Ob petih?',
    });
    await sleep(1_200);
    expect([ana, bor].map((p) => p.device.received.length)).toEqual([1, 1]);
    expect(dana.device.received).toEqual([]);
  });

  it('never across a block, nor to someone removed or who left; the job asks again when it runs', async () => {
    const ana = await person(t, push, 'Ana');
    const [bor, cene, dana, eva] = [
      await person(t, push, 'Bor'),
      await person(t, push, 'Cene'),
      await person(t, push, 'Dana'),
      await person(t, push, 'Eva'),
    ];
    const event = await eventWith(ana, [bor, cene, dana, eva], 'Trening');
    await cene.api.safety.block({ userId: bor.id });
    await ana.api.events.removeAttendee({ eventId: event.id, userId: dana.id });
    await eva.api.events.leave({ id: event.id });
    await send(bor, event.id, 'Kdo še pride?');
    await until(() => ana.device.received.some((p) => p.body === 'Bor: Kdo še pride?'), 'the push to Ana');
    await sleep(1_200);
    for (const who of [cene, dana, eva])
      expect(who.device.received.filter((p) => p.tag === `event-chat:${event.id}`)).toEqual([]);
    // A job queued while Dana was still in the chat finds her removed, and Cene's finds only blocked messages.
    for (const who of [dana, cene]) await deliverChatPush(t.app.deps, { userId: who.id, eventId: event.id });
    await sleep(600);
    for (const who of [cene, dana])
      expect(who.device.received.filter((p) => p.tag === `event-chat:${event.id}`)).toEqual([]);
    // Nor to anyone who turned messages off.
    await cene.api.notifySettings.updatePreferences({
      channels: { requests: 'push', matches: 'push', messages: 'off', events: 'push', announcements: 'push' },
      quietHours: null,
      timeZone: 'UTC',
    });
    await send(ana, event.id, 'Vse v redu.');
    await until(() => bor.device.received.length === 1, 'the push to Bor');
    await sleep(1_000);
    expect(cene.device.received.filter((p) => p.tag === `event-chat:${event.id}`)).toEqual([]);
  });

  it('someone who gets messages by e-mail finds the unread event messages in the summary', async () => {
    const ana = await person(t, push, 'Ana', false);
    const bor = await person(t, push, 'Bor');
    const event = await eventWith(ana, [bor], 'Piknik');
    await t.db
      .update(users)
      .set({ lastSeenAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(users.id, ana.id));
    await send(bor, event.id, 'Prinesem žogo.');
    await send(bor, event.id, 'In vodo.');
    await until(
      async () => (await waitingJobs(t, 'digest')).some((j) => j.data.userId === ana.id),
      'the digest job',
    );
    await dueNow(t, 'digest');
    await until(() => t.mails.some((m) => m.to === ana.email), 'the summary e-mail');
    expect(t.mails.find((m) => m.to === ana.email)!.text).toContain('Sporočila: 2');
  });
});

describe.each(dbKinds())('event reminders across restarts and instances on %s', (kind) => {
  it('reminders queued before a restart are sent once by the next instance', async () => {
    const push = await startPushService();
    const database = lastingDatabase(kind);
    const first = await database.start();
    const ana = await person(first, push, 'Ana');
    const event = await ana.api.events.create({ ...place, ...inHours(30) });
    await first.app.close();
    const second = await database.start(WORKING);
    try {
      await dueNow(second, 'event-reminder');
      await until(() => ana.device.received.length === 2, 'both reminders after the restart');
      // The same reminders asked for again after another restart: nothing more.
      await second.app.deps.notify.eventReminders([{ id: event.id, startsAt: event.startsAt }]);
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
      database.remove();
    }
  }, 30_000);

  it('upcoming events written straight into the database get their reminders from the start-up sweep', async () => {
    const push = await startPushService();
    const database = lastingDatabase(kind);
    const first = await database.start();
    const ana = await person(first, push, 'Ana');
    const bor = await person(first, push, 'Bor');
    // As an installation before reminders had them, or one whose jobs were lost: rows, no jobs.
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    const soon = await makeEvent(first.db, ana.id, { title: 'Kmalu', startsAt: at(3) });
    const tomorrow = await makeEvent(first.db, ana.id, { title: 'Jutri', startsAt: at(25) });
    await makeEvent(first.db, ana.id, { title: 'Čez teden', startsAt: at(24 * 7) });
    await first.db.insert(eventAttendees).values({ eventId: soon.id, userId: bor.id });
    await first.app.close();
    const second = await database.start(WORKING);
    try {
      await second.app.ready();
      const reminders = async () =>
        (await waitingJobs(second, 'event-reminder'))
          .map((j) => `${j.data.eventId as string}:${j.data.type as string}`)
          .sort();
      await until(async () => (await reminders()).length === 3, 'the sweep at start-up');
      // The hour's reminder of the one in 3 hours (its day's is past), both of tomorrow's; next week's later.
      expect(await reminders()).toEqual(
        [
          `${soon.id}:event_reminder_hour`,
          `${tomorrow.id}:event_reminder_day`,
          `${tomorrow.id}:event_reminder_hour`,
        ].sort(),
      );
      expect(await scheduleReminders(second.app.deps)).toBe(2);
      expect(await reminders()).toHaveLength(3);
      await dueNow(second, 'event-reminder');
      await until(
        () => ana.device.received.length === 3 && bor.device.received.length === 1,
        'the reminders',
      );
      expect(bor.device.received[0]).toMatchObject({ title: 'Čez eno uro: Kmalu' });
    } finally {
      await second.close();
      await push.close();
      database.remove();
    }
  }, 30_000);

  // Only a server database is shared by instances (PGlite has one process).
  if (kind === 'postgres')
    it('two instances working the same reminders send each person one', async () => {
      const { push, a, b, ...instances } = await startTwoInstances(kind);
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
        await instances.close();
      }
    }, 60_000);
});
