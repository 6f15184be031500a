import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chats } from '../../server/db/schema';
import type { ChatMessage, ChatSummary } from '#shared/schemas/chats';
import { pairChat } from '../../server/services/chat/chats';
import { LIKE_MESSAGE } from '#shared/domain/like-message';
import { dbKinds, failure, startTestApp, type TestApp, trackedEvent } from '../helpers/app';
import { apiClient } from '../helpers/instances';

/** Realtime delivery over the real HTTP server and WebSocket: order, resumption, exactly once. */
describe.each(dbKinds())('chat delivery on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_URL: 'http://localhost:1' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  async function owner(name: string, app: TestApp) {
    const user = await app.signedInUser();
    const api = await app.caller(user.token);
    const dog = await api.dogs.create({
      name,
      breed: 'Mešanec',
      age: 3,
      gender: 'male',
      location: 'Ljubljana',
    });
    return { ...user, api, dog };
  }

  async function chatBetween(app = t) {
    const [ana, bor] = [await owner('Piki', app), await owner('Rex', app)];
    await ana.api.likes.like({ fromDogId: ana.dog.id, dogId: bor.dog.id });
    const [request] = await bor.api.requests.list();
    const { chatId } = await bor.api.requests.accept({ id: request!.id });
    return { ana, bor, chatId };
  }

  /** Cuts every WebSocket on the server side, as a network drop does. */
  function dropAllSockets() {
    for (const socket of t.app.websocketServer.clients) socket.terminate();
  }

  it('a burst of 500 messages from both sides, cut off in the middle, arrives in order and each once', async () => {
    const { ana, bor, chatId } = await chatBetween();
    // A greeting each first: until the other side writes, anti-spam caps a new account's messages.
    await ana.api.chats.send({ chatId, content: 'Živjo' });
    await bor.api.chats.send({ chatId, content: 'Živjo' });
    const total = 502;
    const receiver = apiClient(bor.token, base);
    const received: ChatMessage[] = [];
    let drops = 0;
    let resolveAll: () => void;
    const all = new Promise<void>((resolve) => (resolveAll = resolve));
    const started = new Promise<void>((resolve) => {
      const subscription = receiver.api.chats.onMessage.subscribe(
        { chatId, lastEventId: '0' },
        {
          onStarted: () => resolve(),
          onData: ({ data }) => {
            received.push(data);
            // The socket is cut twice while the burst is still being sent.
            if (received.length === 150 || received.length === 350) {
              drops++;
              dropAllSockets();
            }
            if (received.length >= total) {
              subscription.unsubscribe();
              resolveAll();
            }
          },
          onError: (error) => {
            throw error;
          },
        },
      );
    });
    await started;

    // Both send at once, 10 calls in flight each.
    const sendMany = async (api: typeof ana.api, who: string) => {
      for (let batch = 0; batch < 25; batch++)
        await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            api.chats.send({ chatId, content: `${who} ${batch * 10 + i}` }),
          ),
        );
    };
    await Promise.all([sendMany(ana.api, 'ana'), sendMany(bor.api, 'bor')]);
    // A lost message would leave `all` pending: give delivery a few seconds, then compare.
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await receiver.close();

    const stored = await t.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.chatId, chatId))
      .orderBy(asc(chatMessages.seq));
    expect(drops).toBe(2);
    expect(stored).toHaveLength(total);
    expect(received.map((m) => m.id)).toEqual(stored.map((m) => m.id));
    expect(new Set(received.map((m) => m.content)).size).toBe(total - 1);
  }, 60_000);

  it('a send retried with the same id (its answer was lost) is stored and counted once', async () => {
    const { ana, bor, chatId } = await chatBetween();
    const id = crypto.randomUUID();
    const first = await ana.api.chats.send({ chatId, id, content: 'Si dobil?' });
    const again = await ana.api.chats.send({ chatId, id, content: 'Si dobil?' });
    expect(again).toEqual(first);
    expect(first.id).toBe(id);
    expect(await bor.api.chats.messages({ chatId })).toHaveLength(1);
    expect((await bor.api.chats.list())[0]?.unread).toBe(1);

    // Someone else's message id is refused, and nothing is written.
    const other = await chatBetween();
    const error = await failure(
      other.ana.api.chats.send({ chatId: other.chatId, id, content: 'ukraden id' }),
    );
    expect(error.appCode).toBe('VALIDATION');
    const error2 = await failure(bor.api.chats.send({ chatId, id, content: 'tuji id' }));
    expect(error2.appCode).toBe('VALIDATION');
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, other.chatId))).toEqual([]);
    expect((await ana.api.chats.list())[0]?.unread).toBe(0);
  });

  it('onChange sends the whole list at once and after every change, and nothing when resumed up to date', async () => {
    const { ana, bor, chatId } = await chatBetween();
    const controller = new AbortController();
    const stream = await (await t.caller(bor.token, controller.signal)).chats.onChange();
    const iterator = stream[Symbol.asyncIterator]();
    const next = async () =>
      trackedEvent((await iterator.next()).value as { id: string; data: ChatSummary[] });

    const initial = await next();
    expect(initial.data).toMatchObject([{ id: chatId, unread: 0, lastMessage: null }]);
    await ana.api.chats.send({ chatId, content: 'Živjo' });
    const afterSend = await next();
    expect(afterSend.data).toMatchObject([{ id: chatId, unread: 1, lastMessage: { content: 'Živjo' } }]);
    expect(afterSend.id).not.toBe(initial.id);
    await bor.api.chats.markRead({ chatId });
    expect((await next()).data).toMatchObject([{ id: chatId, unread: 0 }]);

    controller.abort();

    // A client that already has the current list hears only the next change: its first event is the removal.
    const resumeController = new AbortController();
    const resumed = await (
      await t.caller(bor.token, resumeController.signal)
    ).chats.onChange({ lastEventId: await versionOf(bor.token) });
    const resumedIterator = resumed[Symbol.asyncIterator]();
    const pending = resumedIterator.next();
    await ana.api.chats.remove({ chatId });
    const afterRemove = trackedEvent((await pending).value as { id: string; data: ChatSummary[] });
    expect(afterRemove.data).toEqual([]);
    resumeController.abort();
  });

  /** The current version of the user's list: the id of onChange's first event. */
  async function versionOf(token: string) {
    const controller = new AbortController();
    const stream = await (await t.caller(token, controller.signal)).chats.onChange();
    const first = await stream[Symbol.asyncIterator]().next();
    controller.abort();
    return trackedEvent(first.value as { id: string; data: ChatSummary[] }).id;
  }

  it('a like on a dog whose owner already chats with me arrives in the chat as the heart message', async () => {
    const { ana, bor, chatId } = await chatBetween();
    const controller = new AbortController();
    const stream = await (await t.caller(bor.token, controller.signal)).chats.onMessage({ chatId });
    const iterator = stream[Symbol.asyncIterator]();
    const pending = iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await ana.api.likes.like({ fromDogId: ana.dog.id, dogId: bor.dog.id })).toEqual({
      outcome: 'message_sent',
      chatId,
    });
    const { data } = trackedEvent((await pending).value as { id: string; data: ChatMessage });
    expect(data).toMatchObject({ senderId: ana.user.id, ...LIKE_MESSAGE });
    controller.abort();
    const [row] = await t.db.select().from(chats).where(eq(chats.id, chatId));
    expect(row?.unreadCountOwner).toBe(1);
  });

  it('a subscriber resumes after a server restart with the messages written while it was down, each once', async () => {
    // Its own server on a database that outlives it: the embedded PGlite in a data directory, or PostgreSQL.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-restart-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: kind === 'pglite' ? undefined : t.config.databaseUrl };
    const first = await startTestApp(kind, env);
    const { ana, bor, chatId } = await chatBetween(first);
    const url = await first.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(url).port);
    const receiver = apiClient(bor.token, url);
    const received: string[] = [];
    let arrived = () => {};
    const subscription = receiver.api.chats.onMessage.subscribe(
      { chatId, lastEventId: '0' },
      {
        onData: ({ data }) => {
          received.push(data.content);
          arrived();
        },
      },
    );
    const until = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`got ${received.join(', ')}`)), 10_000);
        arrived = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          resolve();
        };
        arrived();
      });
    try {
      for (const content of ['ena', 'dva']) await ana.api.chats.send({ chatId, content });
      await until(2);
      await first.close();

      // Written while no server listens; then the new server takes the same port.
      const second = await startTestApp(kind, env);
      try {
        const anaAgain = await second.caller(ana.token);
        for (const content of ['tri', 'štiri']) await anaAgain.chats.send({ chatId, content });
        await second.app.listen({ port, host: '127.0.0.1' });
        await until(4);
        await anaAgain.chats.send({ chatId, content: 'pet' });
        await until(5);
        expect(received).toEqual(['ena', 'dva', 'tri', 'štiri', 'pet']);
      } finally {
        subscription.unsubscribe();
        await receiver.close();
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('one read answers both parties woken by the same notice, but never a caller who heard a later one', async () => {
    const { ana, bor, chatId } = await chatBetween();
    const deps = t.app.deps;
    const first = pairChat.messagesAfter(deps, ana.user.id, chatId, 0);
    expect(pairChat.messagesAfter(deps, bor.user.id, chatId, 0)).toBe(first);
    await ana.api.chats.send({ chatId, content: 'novo' });
    // The send's notice was heard after `first` started: a new read, which sees the message.
    const second = pairChat.messagesAfter(deps, bor.user.id, chatId, 0);
    expect(second).not.toBe(first);
    expect((await second).map((change) => change.item.content)).toEqual(['novo']);
    await first;
  });
});
