import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chats, users } from '../../server/db/schema';
import { LIMITS } from '#shared/limits';
import { dbKinds, failure, startTestApp, type TestApp, trackedEvent } from '../helpers/app';
import { makeChat, makeDog } from '../helpers/factories';

describe.each(dbKinds())('chats on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  async function owner(name: string) {
    const user = await t.signedInUser();
    const api = await t.caller(user.token);
    const dog = await makeDog(t.db, user.user.id, { name });
    return { ...user, api, dog };
  }

  /** Bor's dog and Ana's matched (how is likes.test.ts's subject): their chat, Bor's dog its own. */
  async function chatBetween() {
    const [ana, bor] = [await owner('Piki'), await owner('Rex')];
    const chat = await makeChat(
      t.db,
      { userId: bor.user.id, dogId: bor.dog.id },
      { userId: ana.user.id, dogId: ana.dog.id },
    );
    return { ana, bor, chatId: chat.id };
  }

  it('the heart is a message type of its own: its text cannot be faked, and a heart carries no text', async () => {
    const { ana, bor, chatId } = await chatBetween();
    const fake = await bor.api.chats.send({ chatId, content: 'Všeč si mi ❤️', type: 'emoji' });
    const heart = await ana.api.chats.send({ chatId, content: 'anything at all', type: 'like' });
    expect([fake.messageType, fake.content]).toEqual(['emoji', 'Všeč si mi ❤️']);
    expect([heart.messageType, heart.content]).toEqual(['like', '❤️']);
    const stored = await ana.api.chats.messages({ chatId });
    expect(stored.map((m) => [m.messageType, m.content])).toEqual([
      ['emoji', 'Všeč si mi ❤️'],
      ['like', '❤️'],
    ]);
  });

  it('send stores the trimmed message, moves the chat up and counts it unread for the other side only', async () => {
    const { ana, bor, chatId } = await chatBetween();
    const sent = await ana.api.chats.send({ chatId, content: '  Živjo! Greva na sprehod?  ' });
    expect(sent).toMatchObject({
      chatId,
      senderId: ana.user.id,
      content: 'Živjo! Greva na sprehod?',
      messageType: 'text',
    });
    await bor.api.chats.send({ chatId, content: '🐕', type: 'emoji' });
    await ana.api.chats.send({ chatId, content: 'Ob petih?' });

    const [borsView] = await bor.api.chats.list();
    expect(borsView).toMatchObject({
      id: chatId,
      iAmOwner: true,
      unread: 2,
      lastMessage: { content: 'Ob petih?' },
      counterpart: { userId: ana.user.id },
      // The other side's dog: Bor owns Rex, and talks to Ana about her Piki.
      dog: { id: ana.dog.id, name: 'Piki' },
    });
    expect((await ana.api.chats.list())[0]).toMatchObject({ id: chatId, iAmOwner: false, unread: 1 });
    expect((await ana.api.chats.messages({ chatId })).map((m) => m.content)).toEqual([
      'Živjo! Greva na sprehod?',
      '🐕',
      'Ob petih?',
    ]);
    await bor.api.chats.markRead({ chatId });
    expect((await bor.api.chats.list())[0]?.unread).toBe(0);
    expect((await ana.api.chats.list())[0]?.unread).toBe(1);
  });

  it('pages back through older messages', async () => {
    const { ana, bor, chatId } = await chatBetween();
    const total = LIMITS.chatMessage.pageSize + 5;
    // Alternating, as a conversation goes (one side writing on and on meets the anti-spam cap).
    for (let i = 1; i <= total; i++)
      await (i % 2 ? ana : bor).api.chats.send({ chatId, content: `sporočilo ${i}` });
    const newest = await ana.api.chats.messages({ chatId });
    expect(newest).toHaveLength(LIMITS.chatMessage.pageSize);
    expect(newest.at(-1)?.content).toBe(`sporočilo ${total}`);
    const older = await ana.api.chats.messages({ chatId, cursor: newest[0]!.seq });
    expect(older.map((m) => m.content)).toEqual([1, 2, 3, 4, 5].map((i) => `sporočilo ${i}`));
  });

  it('refuses empty and over-long messages and writes nothing', async () => {
    const { ana, chatId } = await chatBetween();
    for (const [content, key] of [
      ['   ', 'validation.messageRequired'],
      ['x'.repeat(LIMITS.chatMessage.max + 1), 'validation.messageTooLong'],
    ] as const) {
      const error = await failure(ana.api.chats.send({ chatId, content }));
      expect(error.fieldErrors?.content).toContain(key);
    }
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).toEqual([]);
  });

  it('nobody but the two parties can read, write, mark or delete the chat (NOT_FOUND)', async () => {
    const { chatId } = await chatBetween();
    const eve = await owner('Eve');
    for (const call of [
      () => eve.api.chats.messages({ chatId }),
      () => eve.api.chats.send({ chatId, content: 'vdor' }),
      () => eve.api.chats.markRead({ chatId }),
      () => eve.api.chats.remove({ chatId }),
      () => eve.api.chats.onMessage({ chatId }),
    ])
      expect((await failure(call())).appCode).toBe('NOT_FOUND');
    expect(await eve.api.chats.list()).toEqual([]);
    expect(await t.db.select().from(chats).where(eq(chats.id, chatId))).toHaveLength(1);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).toEqual([]);
    expect((await failure((await t.caller()).chats.list())).appCode).toBe('UNAUTHENTICATED');
  });

  it('either party deletes the chat with its messages', async () => {
    const { ana, bor, chatId } = await chatBetween();
    await bor.api.chats.send({ chatId, content: 'Adijo' });
    expect(await ana.api.chats.remove({ chatId })).toEqual({ id: chatId });
    expect(await bor.api.chats.list()).toEqual([]);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).toEqual([]);
  });

  it('a chat whose other party deleted their account is read-only and shows no counterpart', async () => {
    const { ana, bor, chatId } = await chatBetween();
    await ana.api.chats.send({ chatId, content: 'Še zadnje sporočilo' });
    await t.db.delete(users).where(eq(users.id, ana.user.id));
    const [view] = await bor.api.chats.list();
    expect(view).toMatchObject({ id: chatId, counterpart: null, lastMessage: null });
    expect((await failure(bor.api.chats.send({ chatId, content: 'Halo?' }))).appCode).toBe('CHAT_READ_ONLY');
  });

  it('onMessage delivers messages live in order and resumes after a drop with each message once', async () => {
    const { ana, bor, chatId } = await chatBetween();
    const first = new AbortController();
    const stream = await (await t.caller(bor.token, first.signal)).chats.onMessage({ chatId });
    const seen: string[] = [];
    let lastEventId = '';
    const reading = (async () => {
      for await (const event of stream) {
        const { id, data } = trackedEvent(event);
        lastEventId = id;
        seen.push(data.content);
        if (seen.length === 3) break;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 30));
    for (const content of ['ena', 'dva', 'tri']) await ana.api.chats.send({ chatId, content });
    await reading;
    first.abort();
    expect(seen).toEqual(['ena', 'dva', 'tri']);

    for (const content of ['štiri', 'pet']) await ana.api.chats.send({ chatId, content });
    const second = new AbortController();
    const resumed = await (await t.caller(bor.token, second.signal)).chats.onMessage({ chatId, lastEventId });
    const missed: string[] = [];
    for await (const event of resumed) {
      missed.push(trackedEvent(event).data.content);
      if (missed.length === 2) break;
    }
    second.abort();
    expect(missed).toEqual(['štiri', 'pet']);
  });
});
