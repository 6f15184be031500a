import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementDeliveries, notifications, pushSubscriptions, users } from '../../server/db/schema';
import { deliverChatPush, deliverNotices } from '../../server/services/delivery/push-delivery';
import { chatPushKey } from '../../server/services/delivery/notify';
import { addPushSubscription } from '../../server/services/notices/notify-settings';
import { DEFAULT_CHANNELS, NOTICES_PATH, NOTIFY_TOPICS } from '#shared/domain/notify';
import { dbKinds, type TestApp } from '../helpers/app';
import { makeDog, makeUser } from '../helpers/factories';
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

describe.each(dbKinds())('notifications away from the app on %s', (kind) => {
  let t: TestApp;
  let push: PushService;
  beforeAll(async () => ({ t, push } = await startDelivery(kind)));
  afterAll(() => Promise.all([t.close(), push.close()]));

  /** A signed-in owner with a dog, speaking `locale`, with a device subscribed to push unless `device: false`. */
  async function owner(name: string, dogName: string, opts: { locale?: string; device?: boolean } = {}) {
    const made = await makeUser(t.db, { fullName: name });
    await t.db
      .update(users)
      .set({ locale: opts.locale ?? 'sl' })
      .where(eq(users.id, made.id));
    const dog = await makeDog(t.db, made.id, { name: dogName });
    let device: FakeDevice | null = null;
    if (opts.device !== false) {
      device = push.device();
      await addPushSubscription(t.db, made.id, device);
    }
    return { ...made, dog, device: device!, api: await t.caller(made.token) };
  }
  type Owner = Awaited<ReturnType<typeof owner>>;
  const like = (from: Owner, to: Owner) => from.api.likes.like({ fromDogId: from.dog.id, dogId: to.dog.id });
  /** `from` likes `to`, who accepts: their chat, once `from` has had the acceptance push. */
  async function chatOf(from: Owner, to: Owner) {
    await like(from, to);
    const [request] = await to.api.requests.list();
    const { chatId } = await to.api.requests.accept({ id: request!.id });
    await until(() => from.device.received.length === 1, 'the acceptance push');
    return chatId;
  }
  const prefs = (who: Owner, channels: Record<string, string>, quietHours = null as null | object) =>
    who.api.notifySettings.updatePreferences({
      channels: {
        requests: 'push',
        matches: 'push',
        messages: 'push',
        events: 'push',
        announcements: 'push',
        ...channels,
      } as never,
      quietHours: quietHours as never,
      timeZone: 'UTC',
    });
  const away = (who: Owner, minutes: number) =>
    t.db
      .update(users)
      .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(users.id, who.id));

  it('a request reaches the owner’s device once, in their language; a tap opens the notifications', async () => {
    const ana = await owner('Ana', 'Piki', { locale: 'de' });
    const bor = await owner('Bor', 'Rex');
    await like(bor, ana);
    await until(() => ana.device.received.length === 1, 'the push');
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.ownerId, ana.id));
    expect(ana.device.received[0]).toEqual({
      title: 'Neue Anfrage für Piki',
      body: 'Von Bor (Rex)',
      url: NOTICES_PATH,
      tag: `notice:${notice!.id}`,
    });
    // The liker's own device hears nothing of their own like.
    expect(bor.device.received).toEqual([]);
    // Asked again (another instance, a repeated job): the notice is pushed already.
    await deliverNotices(t.app.deps, { userId: ana.id });
    await sleep(600);
    expect(ana.device.received).toHaveLength(1);
  });

  it('a mutual like is a match: the other side gets a push that opens the chat', async () => {
    const ana = await owner('Ana', 'Luna');
    const bor = await owner('Bor', 'Max', { locale: 'en' });
    await like(bor, ana);
    await until(() => ana.device.received.length === 1, 'the request push');
    // Ana likes back in the app and sees "It's a Match" there; Bor hears it on his device.
    await like(ana, bor);
    await until(() => bor.device.received.length === 1, 'the match push');
    const [chat] = await ana.api.chats.list();
    expect(bor.device.received[0]).toMatchObject({
      title: "It's a match! 🐾",
      body: 'Max and Luna like each other. Open the chat.',
      url: `/klepet?chat=${chat!.id}`,
    });
    await sleep(1_000);
    expect(ana.device.received.map((p) => p.title)).toEqual(['Nova zahteva za Luna']);
  });

  it('messages: the first is pushed at once, those in the pause after it go as one push', async () => {
    const ana = await owner('Ana', 'Fifi');
    const bor = await owner('Bor', 'Bruno');
    const chatId = await chatOf(bor, ana);
    expect(bor.device.received[0]).toMatchObject({
      title: 'Zahteva sprejeta',
      url: `/klepet?chat=${chatId}`,
    });

    await ana.api.chats.send({ chatId, content: 'Živjo, greva v park?' });
    await until(() => bor.device.received.length === 2, 'the first message push');
    expect(bor.device.received[1]).toEqual({
      title: 'Ana',
      body: 'Živjo, greva v park?',
      url: `/klepet?chat=${chatId}`,
      tag: `chat:${chatId}`,
    });
    await ana.api.chats.send({ chatId, content: 'Ob petih?' });
    await ana.api.chats.send({ chatId, content: 'Ali ob šestih.' });
    await sleep(1_500);
    expect(bor.device.received).toHaveLength(2);
    // The pause is one waiting job for the pair, due after LIMITS.notify.messagePushEveryMinutes.
    const [pause, ...more] = await waitingJobs(t, 'chat-push');
    expect(more).toEqual([]);
    expect(pause!.data).toMatchObject({ userId: bor.id, chatId });
    expect(new Date(pause!.start_after).getTime() - Date.now()).toBeGreaterThan(2.5 * 60_000);
    await dueNow(t, 'chat-push');
    await until(() => bor.device.received.length === 3, 'the grouped push');
    expect(bor.device.received[2]).toMatchObject({ title: 'Ana', body: '2 novi sporočili · Ali ob šestih.' });
    // Read before the next pause ends: nothing more.
    await bor.api.chats.markRead({ chatId });
    await ana.api.chats.send({ chatId, content: 'Se vidiva!' });
    await bor.api.chats.markRead({ chatId });
    await dueNow(t, 'chat-push');
    await sleep(1_500);
    expect(bor.device.received).toHaveLength(3);
  });

  it('a message written the moment the first push arrives waits for the pause: one push, not two', async () => {
    const ana = await owner('Ana', 'Fifi');
    const bor = await owner('Bor', 'Bruno');
    const chatId = await chatOf(bor, ana);
    // The push service takes its time to answer: the push is on Bor's phone, the job still waits for it.
    const release = push.hold(bor.device);
    await ana.api.chats.send({ chatId, content: 'Živjo!' });
    await until(() => bor.device.received.length === 2, 'the first message push');
    await ana.api.chats.send({ chatId, content: 'Greva v park?' });
    await sleep(800);
    release();
    await sleep(1_500);
    expect(bor.device.received.map((p) => p.body)).toEqual([expect.any(String), 'Živjo!']);
    const pauses = (await waitingJobs(t, 'chat-push')).filter((job) => job.data.chatId === chatId);
    expect(pauses).toHaveLength(1);
    await dueNow(t, 'chat-push');
    await until(() => bor.device.received.length === 3, 'the push after the pause');
    expect(bor.device.received[2]).toMatchObject({ title: 'Ana', body: 'Greva v park?' });
  });

  it('a message that came in while the push job ran is told once, by the job it queued', async () => {
    const ana = await owner('Ana', 'Fifi');
    const bor = await owner('Bor', 'Bruno');
    const chatId = await chatOf(bor, ana);
    // The message's job is waiting (due in 2 s) while a job for the same chat is running.
    const job = { userId: bor.id, chatId };
    await t.app.deps.jobs.send('chat-push', job, { singletonKey: chatPushKey(job), startAfter: 2 });
    await ana.api.chats.send({ chatId, content: 'Živjo!' });
    await deliverChatPush(t.app.deps, job);
    expect(bor.device.received).toHaveLength(1);
    await until(() => bor.device.received.length === 2, 'the push of the waiting job');
    await sleep(1_000);
    expect(bor.device.received.map((p) => p.body)).toEqual([expect.any(String), 'Živjo!']);
  });

  it('off sends nothing; e-mail sends no push but one summary once away, with a working unsubscribe link', async () => {
    const ana = await owner('Ana', 'Nala');
    const bor = await owner('Bor', 'Tim');
    const cene = await owner('Cene', 'Ari');
    await prefs(ana, { requests: 'email', matches: 'off' });
    await away(ana, 30);
    await like(bor, ana);
    await like(cene, ana);
    await until(
      async () => (await waitingJobs(t, 'digest')).some((j) => j.data.userId === ana.id),
      'the digest job',
    );
    expect(ana.device.received).toEqual([]);
    const mailsBefore = t.mails.length;
    await dueNow(t, 'digest');
    await until(() => t.mails.length > mailsBefore, 'the summary e-mail');
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(ana.email);
    expect(mail.subject).toBe('2 novosti na Tačkah');
    expect(mail.text).toContain('Nove zahteve: 2');
    expect(mail.text).not.toContain('Ujemanja');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /Ne želite več e-pošte o tem\? (\S+)/.exec(mail.text)![1]!;
    const url = new URL(link);
    // A mail scanner following the link changes nothing; the page's button does.
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await ana.api.notifySettings.preferences()).channels.requests).toBe('email');
    const forged = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search.replace(/s=[^&]+/, 's=x'),
    });
    expect(forged.statusCode).toBe(404);
    // RFC 8058 allows either form encoding; some providers send multipart.
    const boundary = '----tacke';
    const done = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(done.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.statusCode).toBe(200);
    expect((await ana.api.notifySettings.preferences()).channels).toMatchObject({
      requests: 'off',
      matches: 'off',
    });
    // Nothing new since the summary: no second one.
    await t.app.deps.jobs.send('digest', { userId: ana.id });
    await sleep(1_500);
    expect(t.mails.filter((m) => m.to === ana.email)).toHaveLength(1);
  });

  it('unsubscribing from e-mail stops e-mail only: pushes go on, and choosing e-mail again brings it back', async () => {
    const ana = await owner('Ana', 'Zara');
    const [bor, cene] = [await owner('Bor', 'Ringo'), await owner('Cene', 'Boni')];
    await prefs(ana, { matches: 'email', events: 'off' });
    const link = new URL(t.app.deps.unsubscribe.link(ana.id, 'all'));
    expect((await t.app.inject({ method: 'POST', url: link.pathname + link.search })).statusCode).toBe(200);
    const after = await ana.api.notifySettings.preferences();
    expect(after.channels).toEqual({ ...DEFAULT_CHANNELS, matches: 'off', events: 'off' });
    expect(after.emailOff).toEqual(['requests', 'messages', 'announcements', 'lostDogs']);
    // Pushes go on.
    await like(bor, ana);
    await until(() => ana.device.received.length === 1, 'the push');
    // With no device left, a pushed topic would go by e-mail: not once its e-mail is off.
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, ana.id));
    await away(ana, 30);
    await like(cene, ana);
    await t.app.deps.jobs.send('digest', { userId: ana.id });
    await dueNow(t, 'digest');
    await sleep(1_500);
    expect(t.mails.filter((m) => m.to === ana.email)).toEqual([]);
    // Choosing e-mail for a topic is wanting its e-mail: that topic's comes back, the others stay off.
    await prefs(ana, { requests: 'email' });
    expect((await ana.api.notifySettings.preferences()).emailOff).toEqual([
      'messages',
      'announcements',
      'lostDogs',
    ]);
    await t.app.deps.jobs.send('digest', { userId: ana.id });
    await dueNow(t, 'digest');
    await until(() => t.mails.some((m) => m.to === ana.email), 'the summary e-mail');
    expect(t.mails.find((m) => m.to === ana.email)!.text).toContain('Nove zahteve: 2');
  });

  it('until a user chooses, each topic goes by push where a device of theirs gets pushes, else by e-mail', async () => {
    const ana = await owner('Ana', 'Pika', { device: false });
    // Check-ins offer no e-mail (over before a summary could tell them): theirs stays off.
    const email = Object.fromEntries(
      NOTIFY_TOPICS.map((topic) => [topic, topic === 'checkIns' ? 'off' : 'email']),
    );
    expect((await ana.api.notifySettings.preferences()).channels).toEqual(email);
    const device = push.device();
    await addPushSubscription(t.db, ana.id, device);
    expect((await ana.api.notifySettings.preferences()).channels).toEqual(DEFAULT_CHANNELS);
    // A choice made stays, device or not.
    await ana.api.notifySettings.updatePreferences({
      channels: { ...DEFAULT_CHANNELS, events: 'off' },
      quietHours: null,
      timeZone: 'Europe/Ljubljana',
    });
    await ana.api.notifySettings.unsubscribePush({ endpoint: device.endpoint });
    expect((await ana.api.notifySettings.preferences()).channels).toEqual({
      ...DEFAULT_CHANNELS,
      events: 'off',
    });
  });

  it('someone still in the app gets no e-mail; the summary waits until they have been away 10 minutes', async () => {
    const ana = await owner('Ana', 'Kora', { device: false });
    const bor = await owner('Bor', 'Lux');
    await away(ana, 1);
    await like(bor, ana);
    await until(
      async () => (await waitingJobs(t, 'digest')).some((j) => j.data.userId === ana.id),
      'the digest job',
    );
    await dueNow(t, 'digest');
    await until(
      async () =>
        (await waitingJobs(t, 'digest')).some(
          (j) => j.data.userId === ana.id && new Date(j.start_after).getTime() > Date.now() + 7 * 60_000,
        ),
      'the digest asked again for when she has been away 10 minutes',
    );
    expect(t.mails.some((m) => m.to === ana.email)).toBe(false);
  });

  it('quiet hours hold a push until they end', async () => {
    const ana = await owner('Ana', 'Mia');
    const bor = await owner('Bor', 'Rok');
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const to = new Date(Date.now() + 60 * 60_000);
    await prefs(ana, {}, { from: hhmm(new Date(Date.now() - 60 * 60_000)), to: hhmm(to) });
    await like(bor, ana);
    await until(
      async () =>
        (await waitingJobs(t, 'notices')).some(
          (j) =>
            j.data.userId === ana.id && Math.abs(new Date(j.start_after).getTime() - to.getTime()) < 61_000,
        ),
      'the push waiting for the end of quiet hours',
    );
    expect(ana.device.received).toEqual([]);
    await prefs(ana, {});
    await dueNow(t, 'notices');
    await until(() => ana.device.received.length === 1, 'the push after quiet hours');
  });

  it('a subscription its push service dropped (410) is forgotten', async () => {
    const ana = await owner('Ana', 'Sara');
    const bor = await owner('Bor', 'Oli');
    push.expire(ana.device);
    const before = (await ana.api.notifySettings.push({ endpoint: ana.device.endpoint })).count;
    expect(before).toBe(1);
    await like(bor, ana);
    await until(async () => (await ana.api.notifySettings.push({})).count === 0, 'the subscription removed');
  });

  it('an event that moves tells its attendees, in their language; one that is cancelled too', async () => {
    const ana = await owner('Ana', 'Bela');
    const bor = await owner('Bor', 'Čarli', { locale: 'it' });
    const input = {
      title: 'Sprehod ob Ljubljanici',
      description: '',
      eventDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      eventTime: '17:00',
      locationName: 'Tromostovje',
      country: 'SI',
      location: 'Ljubljana',
      maxAttendees: 10,
      eventType: 'playdate' as const,
      imageKey: null,
    };
    const created = await ana.api.events.create(input);
    await bor.api.events.join({ id: created.id });
    // A new title alone tells nobody; a new time does, a few minutes later (event-notices.test.ts).
    await ana.api.events.update({ ...input, id: created.id, title: 'Nov naslov' });
    expect(await waitingJobs(t, 'event-changed')).toEqual([]);
    await ana.api.events.update({ ...input, id: created.id, title: 'Nov naslov', eventTime: '18:00' });
    await dueNow(t, 'event-changed');
    await until(() => bor.device.received.length === 1, 'the change push');
    expect(bor.device.received[0]).toMatchObject({
      title: 'Evento modificato',
      body: '«Nov naslov»: nuovo orario: 18:00',
      url: `/events?dogodek=${created.id}`,
    });
    await ana.api.events.remove({ id: created.id });
    await until(() => bor.device.received.length === 2, 'the cancellation push');
    expect(bor.device.received[1]).toMatchObject({ title: 'Evento annullato' });
    expect(ana.device.received).toEqual([]);
  });

  it('an announcement reaches every device in its owner’s language, none in quiet hours; who has none gets the summary', async () => {
    const admin = await t.signedInUser();
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const [sl, en, de] = [
      await owner('Sl', 'A'),
      await owner('En', 'B', { locale: 'en' }),
      await owner('De', 'C', { locale: 'de' }),
    ];
    const without = await owner('Brez', 'D', { device: false });
    // Quiet all day but the minute after midnight: no push, the announcement waits in the app.
    const quiet = await owner('Tiha', 'E');
    await prefs(quiet, {}, { from: '00:01', to: '00:00' });
    const adminApi = await t.caller(admin.token);
    await adminApi.announcements.create({
      title: 'Nova pasja plaža v Izoli',
      content: 'Odprta od ponedeljka.',
      updateType: 'general',
    } as never);
    await until(() => [sl, en, de].every((o) => o.device.received.length === 1), 'the announcement pushes');
    expect([sl, en, de].map((o) => o.device.received[0]!.title)).toEqual([
      'Obvestilo Tačk',
      'News from Tačke',
      'Neues von Tačke',
    ]);
    expect(de.device.received[0]!.body).toBe('Nova pasja plaža v Izoli');
    await until(
      async () =>
        (await t.db.select().from(announcementDeliveries).where(eq(announcementDeliveries.userId, quiet.id)))
          .length === 1,
      'the quiet one handled',
    );
    expect(quiet.device.received).toEqual([]);
    await until(
      async () => (await waitingJobs(t, 'digest')).some((j) => j.data.userId === without.id),
      'the digest of the one without a device',
    );
  });
});

describe.each(dbKinds())('the job queue on %s', (kind) => {
  it('jobs waiting when an instance stops are delivered by the next one', async () => {
    const push = await startPushService();
    const database = lastingDatabase(kind);
    const first = await database.start();
    const ana = await makeUser(first.db, { fullName: 'Ana' });
    const bor = await makeUser(first.db, { fullName: 'Bor' });
    const [piki, rex] = [
      await makeDog(first.db, ana.id, { name: 'Piki' }),
      await makeDog(first.db, bor.id, { name: 'Rex' }),
    ];
    const device = push.device();
    await addPushSubscription(first.db, ana.id, device);
    // The first instance only queues (JOB_WORKERS=false), then stops with the job waiting.
    await (await first.caller(bor.token)).likes.like({ fromDogId: rex.id, dogId: piki.id });
    await first.app.close();
    expect(device.received).toEqual([]);
    const second = await database.start(WORKING);
    try {
      await until(() => device.received.length === 1, 'the push after the restart');
      expect(device.received[0]!.title).toBe('Nova zahteva za Piki');
    } finally {
      await second.close();
      await push.close();
      database.remove();
    }
  }, 30_000);

  // Only a server database is shared by instances (PGlite has one process).
  if (kind === 'postgres')
    it('two instances on one database push each notice once', async () => {
      const { push, a, b, ...instances } = await startTwoInstances(kind);
      try {
        const liker = await makeUser(a.db, { fullName: 'Lovro' });
        const likerDog = await makeDog(a.db, liker.id, { name: 'Bobi' });
        const owners = await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            const user = await makeUser(a.db, { fullName: `Lastnik ${i}` });
            const dog = await makeDog(a.db, user.id, { name: `Pes ${i}` });
            const device = push.device();
            await addPushSubscription(a.db, user.id, device);
            return { dog, device };
          }),
        );
        const [onA, onB] = [await a.caller(liker.token), await b.caller(liker.token)];
        await Promise.all(
          owners.map(({ dog }, i) =>
            (i % 2 ? onA : onB).likes.like({ fromDogId: likerDog.id, dogId: dog.id }),
          ),
        );
        await until(() => owners.every((o) => o.device.received.length >= 1), 'every push');
        await sleep(1_500);
        expect(owners.map((o) => o.device.received.length)).toEqual(owners.map(() => 1));
      } finally {
        await instances.close();
      }
    }, 30_000);
});
