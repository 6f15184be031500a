import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, eventMessages, users } from '../../server/db/schema';
import { LIMITS } from '#shared/limits';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';
import { makeChat, makeDog, makeEvent, makeUser } from '../helpers/factories';

/** Issue 28 item 4: spam that slipped past the caps of issue 18 (server/services/chat/anti-spam.ts). */
describe.each(dbKinds())('anti-spam on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const { antiSpam } = LIMITS;

  /** A new account (the lower caps) with a dog and an API caller. */
  async function person() {
    const user = await makeUser(t.db);
    const dog = await makeDog(t.db, user.id);
    return { ...user, dog, api: await t.caller(user.token) };
  }
  type Person = Awaited<ReturnType<typeof person>>;

  /** `n` people who matched with `me`, and their chats: nobody has written yet. */
  async function chatsWith(me: Person, n: number) {
    const list = [];
    for (let i = 0; i < n; i++) {
      const other = await person();
      const chat = await makeChat(
        t.db,
        { userId: other.id, dogId: other.dog.id },
        { userId: me.id, dogId: me.dog.id },
      );
      list.push({ other, chatId: chat.id });
    }
    return list;
  }

  const chatWith = async (me: Person) => (await chatsWith(me, 1))[0]!;

  const storedFrom = async (table: typeof chatMessages | typeof eventMessages, who: Person) =>
    (await t.db.select().from(table).where(eq(table.senderId, who.id))).length;

  /** An upcoming event of someone else with `members` holding seats, whose chat they may write. */
  async function eventWith(...members: Person[]) {
    const organiser = await person();
    const event = await makeEvent(t.db, organiser.id);
    for (const member of members) await member.api.events.join({ id: event.id });
    return { organiser, eventId: event.id };
  }

  it('hearts count against the unanswered cap and are refused after it, sent or posted by a like', async () => {
    const me = await person();
    const { chatId, other } = await chatWith(me);
    for (let i = 0; i < antiSpam.unansweredMessagesPerDayNew; i++)
      await me.api.chats.send({ chatId, content: '❤️', type: 'like' });
    const capped = { appCode: 'DAILY_LIMIT', meta: { max: antiSpam.unansweredMessagesPerDayNew } };
    expect(await failure(me.api.chats.send({ chatId, content: '❤️', type: 'like' }))).toMatchObject(capped);
    expect(await failure(me.api.chats.send({ chatId, content: 'Si tam?' }))).toMatchObject(capped);
    // A like of their dog posts a heart into the pair's chat: refused as well, and nothing of it stays.
    expect(await failure(me.api.likes.like({ fromDogId: me.dog.id, dogId: other.dog.id }))).toMatchObject(
      capped,
    );
    expect(await storedFrom(chatMessages, me)).toBe(antiSpam.unansweredMessagesPerDayNew);
  });

  it('refuses near-duplicates of a text (punctuation, case, zero-width, full-width) after the limit', async () => {
    const me = await person();
    const chats = await chatsWith(me, antiSpam.duplicateChats + 1);
    const text = 'Kupi hrano za pse na spletni strani';
    const variants = [
      `${text}.`,
      text.toUpperCase(),
      text.replace(' ', '\u200b '),
      'Ｋｕｐｉ ｈｒａｎｏ ｚａ ｐｓｅ ｎａ ｓｐｌｅｔｎｉ ｓｔｒａｎｉ',
      `  ${text.toLowerCase()}!!! 🐶`,
    ];
    for (const [i, { chatId }] of chats.slice(0, -1).entries())
      await me.api.chats.send({ chatId, content: i ? variants[i]! : text });
    const last = chats.at(-1)!.chatId;
    for (const content of [text, ...variants])
      expect((await failure(me.api.chats.send({ chatId: last, content }))).appCode).toBe('DUPLICATE_MESSAGE');
    // Counted across pair and event chats: an event chat is one more conversation.
    const { eventId } = await eventWith(me);
    expect((await failure(me.api.events.chatSend({ eventId, content: variants[2]! }))).appCode).toBe(
      'DUPLICATE_MESSAGE',
    );
    // Another text still goes.
    await me.api.chats.send({ chatId: last, content: 'Kupi hrano za mačke na spletni strani' });
  });

  it('the minimum length of a duplicate counts letters and digits: a short greeting with decoration is free', async () => {
    const me = await person();
    const chats = await chatsWith(me, antiSpam.duplicateChats + 2);
    const greeting = 'Živjo!!! 🐶🐶🐶 :) ...';
    expect(greeting.length).toBeGreaterThanOrEqual(antiSpam.duplicateMinLength);
    for (const { chatId } of chats) await me.api.chats.send({ chatId, content: greeting });
    expect(await storedFrom(chatMessages, me)).toBe(chats.length);
  });

  it('an event-chat burst of a new account stops at the limit, with the seconds until a slot frees', async () => {
    const me = await person();
    const { organiser, eventId } = await eventWith(me);
    const started = Date.now();
    for (let i = 0; i < antiSpam.eventMessagesPerMinuteNew; i++)
      await me.api.events.chatSend({ eventId, content: `Sporočilo ${i}` });
    const refused = await failure(me.api.events.chatSend({ eventId, content: 'Še eno' }));
    expect(refused.appCode).toBe('TOO_MANY_MESSAGES');
    const seconds = (refused.meta as { seconds: number }).seconds;
    expect(seconds).toBeLessThanOrEqual(60);
    expect(seconds).toBeGreaterThanOrEqual(60 - Math.ceil((Date.now() - started) / 1000));
    // Counted over all event chats; the organiser is not exempt.
    const other = await eventWith(me);
    expect((await failure(me.api.events.chatSend({ eventId: other.eventId, content: 'Tu?' }))).appCode).toBe(
      'TOO_MANY_MESSAGES',
    );
    for (let i = 0; i < antiSpam.eventMessagesPerMinuteNew; i++)
      await organiser.api.events.chatSend({ eventId, content: `Obvestilo ${i}` });
    expect((await failure(organiser.api.events.chatSend({ eventId, content: 'Še' }))).appCode).toBe(
      'TOO_MANY_MESSAGES',
    );
    expect(await storedFrom(eventMessages, me)).toBe(antiSpam.eventMessagesPerMinuteNew);

    // An older account gets the higher limit.
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - (antiSpam.newAccountDays + 1) * 86_400_000) })
      .where(eq(users.id, me.id));
    for (let i = antiSpam.eventMessagesPerMinuteNew; i < antiSpam.eventMessagesPerMinute; i++)
      await me.api.events.chatSend({ eventId, content: `Sporočilo ${i}` });
    expect((await failure(me.api.events.chatSend({ eventId, content: 'Še eno' }))).appCode).toBe(
      'TOO_MANY_MESSAGES',
    );
  });

  it('the hourly event-chat limit waits for the oldest message of the hour to leave it', async () => {
    const me = await person();
    const { eventId } = await eventWith(me);
    const fiftyMinutesAgo = new Date(Date.now() - 50 * 60_000);
    await t.db.insert(eventMessages).values(
      Array.from({ length: antiSpam.eventMessagesPerHourNew }, (_, i) => ({
        eventId,
        senderId: me.id,
        content: `Staro ${i}`,
        createdAt: fiftyMinutesAgo,
      })),
    );
    const refused = await failure(me.api.events.chatSend({ eventId, content: 'Novo' }));
    expect(refused.appCode).toBe('TOO_MANY_MESSAGES');
    expect((refused.meta as { seconds: number }).seconds).toBeGreaterThan(9 * 60);
    expect((refused.meta as { seconds: number }).seconds).toBeLessThanOrEqual(10 * 60);
  });

  it('a retried send at the cap is answered with the stored message, neither refused nor counted twice', async () => {
    const me = await person();
    const { chatId } = await chatWith(me);
    for (let i = 1; i < antiSpam.unansweredMessagesPerDayNew; i++)
      await me.api.chats.send({ chatId, content: `Sporočilo ${i}` });
    const id = crypto.randomUUID();
    const first = await me.api.chats.send({ chatId, id, content: 'Zadnje' });
    expect(await me.api.chats.send({ chatId, id, content: 'Zadnje' })).toEqual(first);
    expect(await storedFrom(chatMessages, me)).toBe(antiSpam.unansweredMessagesPerDayNew);

    const { eventId } = await eventWith(me);
    for (let i = 1; i < antiSpam.eventMessagesPerMinuteNew; i++)
      await me.api.events.chatSend({ eventId, content: `Sporočilo ${i}` });
    const messageId = crypto.randomUUID();
    const sent = await me.api.events.chatSend({ eventId, id: messageId, content: 'Zadnje' });
    expect(await me.api.events.chatSend({ eventId, id: messageId, content: 'Zadnje' })).toEqual(sent);
    expect(await storedFrom(eventMessages, me)).toBe(antiSpam.eventMessagesPerMinuteNew);
  });

  describe('parallel sends racing a cap store exactly the cap', () => {
    const racing = 20;
    /** How many calls were answered (`sent`) and refused, by error code. */
    const tally = async (calls: Array<Promise<unknown>>) => {
      const outcomes = await Promise.all(
        calls.map((call) =>
          call.then(
            () => 'sent',
            async (error) => (await failure(Promise.reject(error))).appCode,
          ),
        ),
      );
      const counts: Record<string, number> = {};
      for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
      return counts;
    };

    it('unanswered messages and hearts, sent or posted by likes', async () => {
      const me = await person();
      const { chatId, other } = await chatWith(me);
      const sends = [
        () => me.api.chats.send({ chatId, content: `Hitro ${Math.random()}` }),
        () => me.api.chats.send({ chatId, content: '❤️', type: 'like' }),
        () => me.api.likes.like({ fromDogId: me.dog.id, dogId: other.dog.id }),
      ];
      expect(await tally(Array.from({ length: racing }, (_, i) => sends[i % sends.length]!()))).toEqual({
        sent: antiSpam.unansweredMessagesPerDayNew,
        DAILY_LIMIT: racing - antiSpam.unansweredMessagesPerDayNew,
      });
      expect(await storedFrom(chatMessages, me)).toBe(antiSpam.unansweredMessagesPerDayNew);
    });

    it('the same text into many chats', async () => {
      const me = await person();
      const chats = await chatsWith(me, antiSpam.duplicateChats * 2);
      const sends = chats.map(({ chatId }, i) =>
        me.api.chats.send({ chatId, content: `Kupi hrano za pse na spletni strani${'!'.repeat(i)}` }),
      );
      expect(await tally(sends)).toEqual({
        sent: antiSpam.duplicateChats,
        DUPLICATE_MESSAGE: chats.length - antiSpam.duplicateChats,
      });
      expect(await storedFrom(chatMessages, me)).toBe(antiSpam.duplicateChats);
    });

    it('event-chat messages', async () => {
      const me = await person();
      const { eventId } = await eventWith(me);
      const sends = Array.from({ length: racing }, (_, i) =>
        me.api.events.chatSend({ eventId, content: `Hitro ${i}` }),
      );
      expect(await tally(sends)).toEqual({
        sent: antiSpam.eventMessagesPerMinuteNew,
        TOO_MANY_MESSAGES: racing - antiSpam.eventMessagesPerMinuteNew,
      });
      expect(await storedFrom(eventMessages, me)).toBe(antiSpam.eventMessagesPerMinuteNew);
    });
  });
});
