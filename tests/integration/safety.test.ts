import { eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dogProfiles, reports, users } from '../../server/db/schema';
import { DEFAULT_CHANNELS } from '#shared/domain/notify';
import { LIMITS } from '#shared/limits';
import { dbKinds, failure, startTestApp, type TestApp, trackedEvent } from '../helpers/app';
import { toAppErrorData } from '../../server/trpc/init';
import { makeChat, makeDog, makeEvent, makeUser } from '../helpers/factories';
import { allProcedures } from '../helpers/procedures';

describe.each(dbKinds())('safety on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  /** A user with a dog (named after them), an API caller and a marker their rows carry. */
  async function person(name: string, role: 'user' | 'admin' = 'user') {
    const user = await makeUser(t.db, { fullName: `${name} Novak`, role });
    const dog = await makeDog(t.db, user.id, { name: `${name}pes` });
    const api = await t.caller(user.token);
    return { ...user, name: `${name} Novak`, dog, api };
  }
  type Person = Awaited<ReturnType<typeof person>>;

  /** Ana and Bor with everything between them: a chat with a message, a pending like, events, attendance. */
  async function acquainted() {
    const [ana, bor] = [await person(`Ana${Date.now()}`), await person(`Bor${Date.now()}`)];
    const chat = await makeChat(
      t.db,
      { userId: ana.id, dogId: ana.dog.id },
      { userId: bor.id, dogId: bor.dog.id },
    );
    await bor.api.chats.send({ chatId: chat.id, content: 'Živjo, Ana!' });
    const secondDog = await makeDog(t.db, ana.id, { name: `${ana.dog.name}2` });
    await bor.api.likes.like({ fromDogId: bor.dog.id, dogId: secondDog.id });
    const anaEvent = await makeEvent(t.db, ana.id, { title: `Sprehod ${ana.name}` });
    const borEvent = await makeEvent(t.db, bor.id, { title: `Trening ${bor.name}` });
    await bor.api.events.join({ id: anaEvent.id });
    return { ana, bor, chat, secondDog, anaEvent, borEvent };
  }

  const mentions = (value: unknown, who: Person) => {
    const text = JSON.stringify(value);
    return [who.id, who.name, who.dog.id, who.dog.name].filter((marker) => text.includes(marker));
  };

  it('a block hides the two from each other everywhere, both ways, and an unblock brings all back', async () => {
    const { ana, bor, chat, anaEvent, borEvent } = await acquainted();
    expect((await ana.api.chats.list()).map((c) => c.id)).toContain(chat.id);
    await ana.api.safety.block({ userId: bor.id });

    for (const [me, other] of [
      [ana, bor],
      [bor, ana],
    ] as const) {
      expect((await failure(me.api.dogs.byId({ id: other.dog.id }))).appCode).toBe('NOT_FOUND');
      expect((await failure(me.api.profiles.byUserId({ userId: other.id }))).appCode).toBe('NOT_FOUND');
      expect(mentions(await me.api.dogs.deck({ fromDogId: me.dog.id, limit: 50 }), other)).toEqual([]);
      expect(mentions(await me.api.requests.list(), other)).toEqual([]);
      expect(await me.api.chats.list()).toEqual([]);
      expect((await failure(me.api.chats.messages({ chatId: chat.id }))).appCode).toBe('NOT_FOUND');
      expect((await failure(me.api.chats.send({ chatId: chat.id, content: 'Halo?' }))).appCode).toBe(
        'NOT_FOUND',
      );
      expect((await failure(me.api.likes.like({ fromDogId: me.dog.id, dogId: other.dog.id }))).appCode).toBe(
        'NOT_FOUND',
      );
    }
    // Events: the other's events are gone; on an attendee list they stay counted, with nothing that names them.
    const otherEvent = (await ana.api.events.list({})).map((e) => e.id);
    expect(otherEvent).not.toContain(borEvent.id);
    expect((await failure(ana.api.events.byId({ id: borEvent.id }))).appCode).toBe('NOT_FOUND');
    const attendees = await ana.api.events.attendees({ eventId: anaEvent.id });
    expect(attendees).toHaveLength(2);
    expect(attendees[1]).toMatchObject({ userId: null, fullName: '', photo: null, isCreator: false });
    expect(mentions(attendees, bor)).toEqual([]);
    // Who blocked whom is the blocker's to know.
    expect((await ana.api.safety.blocked()).map((b) => b.userId)).toEqual([bor.id]);
    expect(await bor.api.safety.blocked()).toEqual([]);

    await ana.api.safety.unblock({ userId: bor.id });
    expect((await ana.api.chats.list()).map((c) => c.id)).toEqual([chat.id]);
    expect((await bor.api.dogs.byId({ id: ana.dog.id })).name).toBe(ana.dog.name);
    expect(mentions(await ana.api.requests.list(), bor).length).toBeGreaterThan(0);
  });

  it('walks every read procedure as the blocked user: nothing of the blocker comes back', async () => {
    const { ana, bor, chat, anaEvent } = await acquainted();
    await ana.api.safety.block({ userId: bor.id });
    // Every query and subscription a signed-in user may call, with inputs aimed at Ana's rows.
    const inputs: Record<string, unknown> = {
      'dogs.deck': { fromDogId: bor.dog.id, limit: 50 },
      'dogs.byId': { id: ana.dog.id },
      'profiles.byUserId': { userId: ana.id },
      'chats.messages': { chatId: chat.id },
      'chats.onMessage': { chatId: chat.id, lastEventId: '0' },
      'requests.onChange': { lastEventId: '0' },
      'events.list': {},
      'events.byId': { id: anaEvent.id },
      'events.attendees': { eventId: anaEvent.id },
      'announcements.onChange': { lastEventId: '0' },
      'admin.reports': undefined,
    };
    const reads = allProcedures().filter((p) => p.type !== 'mutation');
    const controller = new AbortController();
    const api = await t.caller(bor.token, controller.signal);
    const seen: Record<string, unknown> = {};
    for (const { path, type } of reads) {
      const procedure = path
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], api) as (
        input?: unknown,
      ) => Promise<unknown>;
      try {
        const result = await procedure(inputs[path]);
        if (type !== 'subscription') {
          seen[path] = result;
          continue;
        }
        // A subscription: whatever it sends at once.
        const items: unknown[] = [];
        const iterator = (result as AsyncIterable<unknown>)[Symbol.asyncIterator]();
        for (;;) {
          const step = await Promise.race([
            iterator.next(),
            new Promise<'quiet'>((resolve) => setTimeout(() => resolve('quiet'), 150)),
          ]);
          if (step === 'quiet' || step.done) break;
          items.push(step.value);
        }
        void iterator.return?.();
        seen[path] = items;
      } catch (error) {
        // A refusal says why with a typed code; anything else (a 500) is a failure of its own.
        seen[path] = { refused: error instanceof TRPCError ? toAppErrorData(error).appCode : String(error) };
      }
    }
    controller.abort();
    expect(Object.keys(seen).sort()).toEqual(reads.map((p) => p.path).sort());
    const refusals = Object.entries(seen).flatMap(([path, value]): Array<[string, unknown]> =>
      value && typeof value === 'object' && 'refused' in value ? [[path, value.refused]] : [],
    );
    // Admin's: forbidden; aimed at Ana's rows: not found (as if they did not exist); the rest lack an input here.
    const expected = (path: string) =>
      path.startsWith('admin.') ? 'FORBIDDEN' : path in inputs ? 'NOT_FOUND' : 'VALIDATION';
    expect(refusals).toEqual(refusals.map(([path]) => [path, expected(path)]));
    expect(refusals.filter(([, code]) => code === 'NOT_FOUND').map(([path]) => path)).toEqual(
      expect.arrayContaining(['dogs.byId', 'profiles.byUserId', 'chats.messages', 'events.byId']),
    );
    const leaks = Object.entries(seen).filter(([, value]) => mentions(value, ana).length > 0);
    expect(leaks.map(([path]) => path)).toEqual([]);
  });

  it('tells an open request list live: the blocked pair’s rows leave it', async () => {
    const { ana, bor } = await acquainted();
    const controller = new AbortController();
    const stream = await (await t.caller(ana.token, controller.signal)).requests.onChange();
    const received: unknown[] = [];
    const reading = (async () => {
      for await (const event of stream) {
        received.push(trackedEvent(event).data);
        if (received.length === 1) break;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await bor.api.safety.block({ userId: ana.id });
    await reading;
    controller.abort();
    expect(received[0]).toEqual({ id: expect.any(String), seq: expect.any(Number), gone: true });
  });

  it('hides a chat from my list only, until the next message', async () => {
    const { ana, bor, chat } = await acquainted();
    await ana.api.chats.hide({ chatId: chat.id });
    expect(await ana.api.chats.list()).toEqual([]);
    expect((await bor.api.chats.list()).map((c) => c.id)).toEqual([chat.id]);
    // Still mine to open; the next message brings it back.
    expect((await ana.api.chats.messages({ chatId: chat.id })).length).toBe(1);
    await bor.api.chats.send({ chatId: chat.id, content: 'Si še tu?' });
    expect((await ana.api.chats.list()).map((c) => c.id)).toEqual([chat.id]);
  });

  it('the liker withdraws a pending request: gone for both, and the dog may be liked again', async () => {
    const [ana, bor] = [await person('Wana'), await person('Wbor')];
    await bor.api.likes.like({ fromDogId: bor.dog.id, dogId: ana.dog.id });
    const [sent] = await bor.api.requests.list();
    expect((await failure(ana.api.requests.withdraw({ id: sent!.id }))).appCode).toBe('NOT_FOUND');
    await bor.api.requests.withdraw({ id: sent!.id });
    expect(await bor.api.requests.list()).toEqual([]);
    expect(await ana.api.requests.list()).toEqual([]);
    expect(await ana.api.requests.unreadCount()).toBe(0);
    expect((await bor.api.dogs.deck({ fromDogId: bor.dog.id, limit: 50 })).map((d) => d.id)).toContain(
      ana.dog.id,
    );
    expect(await bor.api.likes.like({ fromDogId: bor.dog.id, dogId: ana.dog.id })).toEqual({
      outcome: 'requested',
    });
    const [again] = await ana.api.requests.list();
    await ana.api.requests.accept({ id: again!.id });
    expect((await failure(bor.api.requests.withdraw({ id: again!.id }))).appCode).toBe('REQUEST_HANDLED');
  });

  describe('reports and moderation', () => {
    let admin: Awaited<ReturnType<typeof person>>;
    beforeAll(async () => {
      admin = await person('Moderator', 'admin');
    });

    it('takes a report from a visitor (with a contact) and keeps the item as reported after its author deletes it', async () => {
      const ana = await person('Rana');
      const visitor = await t.caller(null, undefined, '10.9.0.1');
      const report = {
        targetType: 'dog' as const,
        targetId: ana.dog.id,
        reason: 'fake' as const,
        goodFaith: true as const,
      };
      expect((await failure(visitor.safety.report(report))).appCode).toBe('VALIDATION');
      const taken = await visitor.safety.report({
        ...report,
        contactEmail: 'opazovalec@example.com',
        details: 'Ukraden',
      });
      expect(taken).toEqual({ id: expect.any(String), receivedAt: expect.any(Date) });
      await ana.api.dogs.remove({ id: ana.dog.id });
      const [stored] = await t.db.select().from(reports).where(eq(reports.id, taken.id));
      expect(stored).toMatchObject({
        reporterId: null,
        contactEmail: 'opazovalec@example.com',
        targetUserId: ana.id,
        snapshot: { name: ana.dog.name, breed: 'Mešanec' },
      });
      const queue = await admin.api.admin.reports();
      expect(queue.find((r) => r.id === taken.id)).toMatchObject({
        reason: 'fake',
        details: 'Ukraden',
        target: { userId: ana.id, name: ana.name },
        reporter: { signedIn: false, contactEmail: 'opazovalec@example.com' },
      });
    });

    it('a message is reported only by the other party of its chat; reports are limited per client and per account', async () => {
      const { ana, bor, chat } = await acquainted();
      const [message] = await ana.api.chats.messages({ chatId: chat.id });
      const stranger = await person('Tujec');
      const asMessage = {
        targetType: 'message' as const,
        targetId: message!.id,
        reason: 'harassment' as const,
        goodFaith: true as const,
      };
      expect((await failure(stranger.api.safety.report(asMessage))).appCode).toBe('NOT_FOUND');
      expect((await failure(bor.api.safety.report(asMessage))).appCode).toBe('VALIDATION'); // his own
      await ana.api.safety.report(asMessage);
      const client = await t.caller(null, undefined, '10.9.9.9');
      const dogReport = {
        targetType: 'dog' as const,
        targetId: bor.dog.id,
        reason: 'spam' as const,
        goodFaith: true as const,
        contactEmail: 'a@example.com',
      };
      for (let i = 0; i < LIMITS.report.perHour; i++) await client.safety.report(dogReport);
      expect((await failure(client.safety.report(dogReport))).appCode).toBe('TOO_MANY_REPORTS');

      // One account on many addresses is one reporter: the same hourly limit.
      const { token, user } = await t.signedInUser();
      const outcomes: string[] = [];
      for (let i = 0; i < LIMITS.report.perHour + 5; i++) {
        const from = await t.caller(token, undefined, `10.30.0.${i + 1}`);
        // failure() throws when the call succeeds.
        outcomes.push(
          await failure(from.safety.report(dogReport)).then(
            (refused) => refused.appCode,
            () => 'filed',
          ),
        );
      }
      expect(outcomes).toEqual([
        ...Array<string>(LIMITS.report.perHour).fill('filed'),
        ...Array<string>(5).fill('TOO_MANY_REPORTS'),
      ]);
      const filed = await t.db.select().from(reports).where(eq(reports.reporterId, user.id));
      expect(filed).toHaveLength(LIMITS.report.perHour);
    });

    it('the decision mail is in the language the user uses the app in', async () => {
      const [ana, bor] = [await person('Lana'), await person('Lbor')];
      await t.db.update(users).set({ locale: 'de' }).where(eq(users.id, bor.id));
      const { id: reportId } = await ana.api.safety.report({
        targetType: 'user',
        targetId: bor.id,
        reason: 'spam',
        goodFaith: true,
      });
      await admin.api.admin.decide({ reportId, action: 'warn', statement: 'Werbung in Nachrichten.' });
      await t.settled();
      const mail = t.mails.find((m) => m.to === bor.email);
      expect(mail?.subject).toBe('Eine Entscheidung der Tačke-Moderation');
      expect(mail?.text).toContain('du hast eine Verwarnung erhalten');
    });

    it('a suspension ends the sessions, refuses sign-in, hides the user; an appeal reverses it', async () => {
      const [ana, bor] = [await person('Sana'), await person('Sbor')];
      const { id: reportId } = await ana.api.safety.report({
        targetType: 'user',
        targetId: bor.id,
        reason: 'harassment',
        goodFaith: true,
      });
      const statement = 'Žaljiva sporočila drugim uporabnikom (pravila, točka 3).';
      // Bor reads his notifications on New York time.
      await bor.api.notifySettings.updatePreferences({
        channels: DEFAULT_CHANNELS,
        quietHours: null,
        timeZone: 'America/New_York',
      });
      const { actionId } = await admin.api.admin.decide({
        reportId,
        action: 'suspend',
        suspendDays: 7,
        statement,
      });
      // His mail says until when as a sentence does ("do 2. marca 2026 ob 12:00"), on his clock.
      await t.settled();
      const [suspended] = await t.db
        .select({ until: users.suspendedUntil })
        .from(users)
        .where(eq(users.id, bor.id));
      const clock = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(suspended!.until!);
      const months =
        'januarja|februarja|marca|aprila|maja|junija|julija|avgusta|septembra|oktobra|novembra|decembra';
      expect(t.mails.find((m) => m.to === bor.email)?.text).toMatch(
        new RegExp(`račun je začasno onemogočen do \\d{1,2}\\. (${months}) \\d{4} ob ${clock}\\.`),
      );
      expect((await failure(admin.api.admin.decide({ reportId, action: 'warn', statement }))).appCode).toBe(
        'REQUEST_HANDLED',
      );
      // Signed out everywhere, and sign-in says until when.
      expect((await failure((await t.caller(bor.token)).profiles.me())).appCode).toBe('UNAUTHENTICATED');
      const refused = await failure(
        (await t.caller(null, undefined, '10.9.1.1')).auth.signIn({
          email: bor.email,
          password: bor.password,
        }),
      );
      expect(refused.appCode).toBe('ACCOUNT_SUSPENDED');
      expect(new Date(String(refused.meta?.until)).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
      // Nothing of theirs shows.
      expect((await failure(ana.api.dogs.byId({ id: bor.dog.id }))).appCode).toBe('NOT_FOUND');
      expect(mentions(await ana.api.dogs.deck({ fromDogId: ana.dog.id, limit: 50 }), bor)).toEqual([]);
      // The reporter hears the decision; the user gets the statement of reasons (seen at the next sign-in).
      const [told] = (await ana.api.requests.list()).filter((n) => n.type === 'report_decision');
      expect(told!.decision).toMatchObject({ id: actionId, action: 'suspend', statement });
      // Lifted for this test's next step: the appeal.
      await t.db.update(users).set({ suspendedUntil: null }).where(eq(users.id, bor.id));
      const borApi = await t.caller(
        (
          await (
            await t.caller(null, undefined, '10.9.1.2')
          ).auth.signIn({ email: bor.email, password: bor.password, returnToken: true })
        ).token,
      );
      const [notice] = (await borApi.requests.list()).filter((n) => n.type === 'moderation');
      expect(notice!.decision).toMatchObject({ id: actionId, action: 'suspend', statement, appealed: false });
      await borApi.safety.appeal({ actionId, text: 'Šlo je za nesporazum.' });
      expect((await failure(borApi.safety.appeal({ actionId, text: 'Še enkrat.' }))).appCode).toBe(
        'ALREADY_APPEALED',
      );
      expect((await borApi.requests.list()).find((n) => n.type === 'moderation')!.decision!.appealed).toBe(
        true,
      );
      const [appeal] = (await admin.api.admin.appeals()).filter((a) => a.decision.id === actionId);
      expect(appeal).toMatchObject({ text: 'Šlo je za nesporazum.', user: { userId: bor.id } });
      await admin.api.admin.decideAppeal({
        appealId: appeal!.id,
        reverse: true,
        statement: 'Pritožba je utemeljena.',
      });
      const log = await admin.api.admin.auditLog();
      expect(log.slice(0, 2).map((entry) => [entry.action, entry.target])).toEqual([
        ['appeal_reversed', bor.name],
        ['suspend', bor.name],
      ]);
      expect(log[0]!.admin).toBe(admin.name);
    });

    it('removing the item deletes it; a ban is for good; a visitor reporter is mailed the decision', async () => {
      const [ana, bor] = [await person('Xana'), await person('Xbor')];
      const visitor = await t.caller(null, undefined, '10.9.2.1');
      const { id } = await visitor.safety.report({
        targetType: 'dog',
        targetId: bor.dog.id,
        reason: 'animal_welfare',
        goodFaith: true,
        contactEmail: 'skrbnik@example.com',
      });
      await admin.api.admin.decide({
        reportId: id,
        action: 'remove_content',
        statement: 'Fotografija kaže trpinčenje.',
      });
      await t.settled();
      expect(await t.db.select().from(dogProfiles).where(eq(dogProfiles.id, bor.dog.id))).toEqual([]);
      const mail = t.mails.find((m) => m.to === 'skrbnik@example.com');
      expect(mail?.text).toContain('Fotografija kaže trpinčenje.');
      const { id: second } = await ana.api.safety.report({
        targetType: 'user',
        targetId: bor.id,
        reason: 'spam',
        goodFaith: true,
      });
      await admin.api.admin.decide({ reportId: second, action: 'ban', statement: 'Ponavljajoče kršitve.' });
      const refused = await failure(
        (await t.caller(null, undefined, '10.9.2.2')).auth.signIn({
          email: bor.email,
          password: bor.password,
        }),
      );
      expect(refused).toMatchObject({ appCode: 'ACCOUNT_SUSPENDED', meta: { until: 'ban' } });
    });
  });

  describe('anti-spam', () => {
    it('caps new requests a day, lower for a new account', async () => {
      const liker = await person('Spam');
      const owner = await makeUser(t.db);
      const dogs = [];
      for (let i = 0; i <= LIMITS.antiSpam.requestsPerDayNew; i++)
        dogs.push(await makeDog(t.db, owner.id, { name: `P${i}` }));
      for (const dog of dogs.slice(0, -1))
        await liker.api.likes.like({ fromDogId: liker.dog.id, dogId: dog.id });
      const refused = await failure(
        liker.api.likes.like({ fromDogId: liker.dog.id, dogId: dogs.at(-1)!.id }),
      );
      expect(refused).toMatchObject({
        appCode: 'DAILY_LIMIT',
        meta: { max: LIMITS.antiSpam.requestsPerDayNew },
      });
      // An older account gets the higher cap.
      await t.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
        .where(eq(users.id, liker.id));
      expect(await liker.api.likes.like({ fromDogId: liker.dog.id, dogId: dogs.at(-1)!.id })).toEqual({
        outcome: 'requested',
      });
    });

    it('caps messages nobody answered, and refuses the same text sent to many chats', async () => {
      const [me, you] = [await person('Pisec'), await person('Bralec')];
      const chat = await makeChat(
        t.db,
        { userId: you.id, dogId: you.dog.id },
        { userId: me.id, dogId: me.dog.id },
      );
      for (let i = 0; i < LIMITS.antiSpam.unansweredMessagesPerDayNew; i++)
        await me.api.chats.send({ chatId: chat.id, content: `Sporočilo ${i}` });
      expect((await failure(me.api.chats.send({ chatId: chat.id, content: 'Še eno' }))).appCode).toBe(
        'DAILY_LIMIT',
      );
      await you.api.chats.send({ chatId: chat.id, content: 'Živjo!' });
      await me.api.chats.send({ chatId: chat.id, content: 'Končno!' });

      const text = 'Kupi hrano za pse na spletni strani';
      const chats = [];
      for (let i = 0; i <= LIMITS.antiSpam.duplicateChats; i++) {
        const other = await person(`Prejemnik${i}`);
        chats.push(
          await makeChat(
            t.db,
            { userId: other.id, dogId: other.dog.id },
            { userId: me.id, dogId: me.dog.id },
          ),
        );
      }
      for (const c of chats.slice(0, -1)) await me.api.chats.send({ chatId: c.id, content: text });
      expect((await failure(me.api.chats.send({ chatId: chats.at(-1)!.id, content: text }))).appCode).toBe(
        'DUPLICATE_MESSAGE',
      );
    });
  });
});
