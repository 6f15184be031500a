import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, eventMessages } from '../../server/db/schema';
import { pairChat } from '../../server/services/chat/chats';
import { eventChat } from '../../server/services/chat/event-chat';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';
import { makeChat, makeDog, makeEvent, makeUser } from '../helpers/factories';
import { eventually, sleep } from '../helpers/instances';

/**
 * Both kinds of conversation through the one interface (server/services/chat/conversation.ts): whatever the
 * kind's membership rule, the same guarantees hold for a stranger and for a retried send.
 */
describe.each(dbKinds())('conversations on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dbKind);
  });
  afterAll(() => t.close());

  async function person() {
    const user = await makeUser(t.db);
    const dog = await makeDog(t.db, user.id);
    return { ...user, dog, api: await t.caller(user.token) };
  }
  type Person = Awaited<ReturnType<typeof person>>;

  /** Per kind: a conversation of two members, and each procedure of it as a member or a stranger calls it. */
  const kinds = {
    'pair chat': {
      topic: pairChat.topic,
      async make(a: Person, b: Person) {
        const chat = await makeChat(
          t.db,
          { userId: a.id, dogId: a.dog.id },
          { userId: b.id, dogId: b.dog.id },
        );
        return chat.id;
      },
      send: (who: Person, chatId: string, message: { id?: string; content: string }) =>
        who.api.chats.send({ chatId, ...message }),
      page: (who: Person, chatId: string) => who.api.chats.messages({ chatId }),
      markRead: (who: Person, chatId: string) => who.api.chats.markRead({ chatId }),
      subscribe: (who: Person, chatId: string) => who.api.chats.onMessage({ chatId }),
      stored: (chatId: string) => t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)),
    },
    'event chat': {
      topic: eventChat.topic,
      async make(a: Person, b: Person) {
        const event = await makeEvent(t.db, a.id);
        await b.api.events.join({ id: event.id });
        return event.id;
      },
      send: (who: Person, eventId: string, message: { id?: string; content: string }) =>
        who.api.events.chatSend({ eventId, ...message }),
      page: (who: Person, eventId: string) => who.api.events.chatMessages({ eventId }),
      markRead: (who: Person, eventId: string) => who.api.events.chatRead({ eventId, seq: 1 }),
      subscribe: (who: Person, eventId: string) => who.api.events.onChatMessage({ eventId }),
      stored: (eventId: string) =>
        t.db.select().from(eventMessages).where(eq(eventMessages.eventId, eventId)),
    },
  };

  /** How many notices the conversation's subscribers hear from now on. */
  function notices(topic: string) {
    let heard = 0;
    const stop = t.app.deps.bus.subscribe(topic, () => heard++);
    return { count: () => heard, stop };
  }

  describe.each(Object.entries(kinds))('%s', (_name, kind) => {
    it('a stranger is refused as if the conversation did not exist, and nothing is stored or announced', async () => {
      const [a, b, stranger] = [await person(), await person(), await person()];
      const id = await kind.make(a, b);
      const heard = notices(kind.topic(id));
      await kind.send(a, id, { content: 'Živjo!' });
      await eventually(
        () => heard.count() === 1,
        () => 'the member’s message was not announced',
      );
      for (const call of [
        () => kind.send(stranger, id, { content: 'Vsiljivec' }),
        () => kind.page(stranger, id),
        () => kind.markRead(stranger, id),
        () => kind.subscribe(stranger, id),
      ])
        expect((await failure(call())).appCode).toBe('NOT_FOUND');
      await sleep(200);
      heard.stop();
      expect(heard.count()).toBe(1);
      expect((await kind.stored(id)).map((row) => row.content)).toEqual(['Živjo!']);
      expect((await kind.page(b, id)).map((message) => message.content)).toEqual(['Živjo!']);
    });

    it('a retried id is stored and announced once and answered with the stored message; nobody else may reuse it', async () => {
      const [a, b] = [await person(), await person()];
      const id = await kind.make(a, b);
      const heard = notices(kind.topic(id));
      const messageId = crypto.randomUUID();
      const first = await kind.send(a, id, { id: messageId, content: 'Pridem ob petih.' });
      expect(await kind.send(a, id, { id: messageId, content: 'Pridem ob petih.' })).toEqual(first);
      // The other member's send under the same id: refused without saying whose it is.
      expect((await failure(kind.send(b, id, { id: messageId, content: 'Tuji id' }))).appCode).toBe(
        'VALIDATION',
      );
      await eventually(
        () => heard.count() > 0,
        () => 'the message was not announced',
      );
      await sleep(200);
      heard.stop();
      expect(heard.count()).toBe(1);
      const stored = await kind.stored(id);
      expect(stored.map((row) => [row.id, row.senderId, row.content])).toEqual([
        [messageId, a.id, 'Pridem ob petih.'],
      ]);
    });

    it('a NUL character, which the database cannot hold, is refused as bad input before anything else, and nothing is stored', async () => {
      const [a, b, stranger] = [await person(), await person(), await person()];
      const id = await kind.make(a, b);
      for (const who of [a, stranger])
        expect((await failure(kind.send(who, id, { content: 'Živjo\u0000' }))).appCode).toBe('VALIDATION');
      expect(await kind.stored(id)).toEqual([]);
    });
  });
});
