import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { adminUpdates, chatMessages, notifications } from '../../server/db/schema';
import type { Announcement } from '#shared/schemas/announcements';
import type { ChatMessage } from '#shared/schemas/chats';
import type { RequestItem } from '#shared/schemas/likes';
import type { RequestGone } from '../../server/services/notices/notifications';
import {
  apiClient,
  collector,
  eventually,
  type Instance,
  seedUser,
  startInstance,
  stopInstances,
} from '../helpers/instances';
import { createDatabase, postgresAvailable } from '../helpers/postgres';

/**
 * Two server processes on one PostgreSQL database: they share sessions, data and realtime events (the
 * LISTEN/NOTIFY bus). Everything is written through instance B and watched on instance A.
 */
describe.runIf(postgresAvailable())('several instances on one PostgreSQL', () => {
  let database: Database;
  let a: Instance | undefined;
  let b: Instance | undefined;
  const clients: Array<{ close: () => Promise<void> | void }> = [];

  beforeAll(async () => {
    const databaseUrl = await createDatabase(inject('postgresUrl'));
    // Migrates the database first, so the instances start on a ready schema (they would wait on its lock).
    database = await openDatabase({ databaseUrl, dataDir: 'unused' });
    [a, b] = await Promise.all([startInstance({ databaseUrl }), startInstance({ databaseUrl })]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await stopInstances([a, b]);
    await database?.close();
  });

  function client(token: string, instance: Instance) {
    const made = apiClient(token, instance.url);
    clients.push(made);
    return made.api;
  }

  it('a subscriber on A gets, in order and each once, the requests, chat messages and announcements written through B', async () => {
    const [ana, bor, admin] = [
      await seedUser(database.db, 'Ana'),
      await seedUser(database.db, 'Bor'),
      await seedUser(database.db, 'Admin', 'admin'),
    ];
    const anaOnB = client(ana.token, b!);
    const borOnB = client(bor.token, b!);
    const adminOnB = client(admin.token, b!);
    const borOnA = client(bor.token, a!);
    const dogOf = (api: typeof anaOnB, name: string) =>
      api.dogs.create.mutate({ name, breed: 'Mešanec', age: 3, gender: 'male', location: 'Ljubljana' });
    const [piki, rex] = [await dogOf(anaOnB, 'Piki'), await dogOf(borOnB, 'Rex')];

    // Bor listens on A from now on (no last event id: only what comes after).
    const requests = collector<RequestItem | RequestGone>();
    const news = collector<Announcement>();
    const subscriptions = [
      borOnA.requests.onChange.subscribe(undefined, requests.handlers),
      borOnA.announcements.onChange.subscribe(undefined, news.handlers),
    ];
    await eventually(
      () => requests.starts() === 1 && news.starts() === 1,
      () => 'subscriptions did not start',
    );

    // A request, its acceptance (the row changes: a new seq), and a chat.
    await anaOnB.likes.like.mutate({ fromDogId: piki.id, dogId: rex.id });
    // A changed row is sent as it is now: seen before the change, it comes again after it.
    await eventually(
      () => requests.events.length === 1,
      () => 'the request did not arrive',
    );
    const [request] = await borOnB.requests.list.query();
    const { chatId } = await borOnB.requests.accept.mutate({ id: request!.id });

    const messages = collector<ChatMessage>();
    subscriptions.push(borOnA.chats.onMessage.subscribe({ chatId, lastEventId: '0' }, messages.handlers));
    // One greeting each first: a chat nobody has answered caps a new account's messages (anti-spam), and
    // which side's burst commits first is a race.
    await anaOnB.chats.send.mutate({ chatId, content: 'Živjo' });
    await borOnB.chats.send.mutate({ chatId, content: 'Živjo' });
    // Both write at once through B, several calls in flight: A must see the commit order.
    const sends = (api: typeof anaOnB, who: string) =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) => api.chats.send.mutate({ chatId, content: `${who} ${i}` })),
      );
    const publish = async () => {
      for (let i = 0; i < 5; i++)
        await adminOnB.announcements.create.mutate({ title: `Novica ${i}`, content: 'Vsebina' });
      await eventually(
        () => news.events.length === 5,
        () => `got ${news.events.length} announcements`,
      );
      const [first] = await adminOnB.announcements.list.query();
      await adminOnB.announcements.update.mutate({ id: first!.id, title: 'Popravljeno', content: 'Nova' });
    };
    await Promise.all([sends(anaOnB, 'ana'), sends(borOnB, 'bor'), publish()]);

    const storedMessages = await database.db
      .select({ id: chatMessages.id, seq: chatMessages.seq })
      .from(chatMessages)
      .where(eq(chatMessages.chatId, chatId))
      .orderBy(asc(chatMessages.seq));
    const storedRequests = await database.db
      .select({ id: notifications.id, seq: notifications.seq })
      .from(notifications)
      .where(inArray(notifications.ownerId, [bor.id]))
      .orderBy(asc(notifications.seq));
    const storedNews = await database.db
      .select({ id: adminUpdates.id, seq: adminUpdates.seq })
      .from(adminUpdates)
      .orderBy(asc(adminUpdates.seq));
    await eventually(
      () =>
        messages.events.length >= storedMessages.length &&
        news.events.length >= 6 &&
        requests.events.length >= 2,
      () =>
        `got ${messages.events.length} messages, ${news.events.length} news, ${requests.events.length} requests`,
    );
    // A moment for anything extra (a duplicate) to arrive too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const subscription of subscriptions) subscription.unsubscribe();

    expect(storedMessages).toHaveLength(42);
    expect(messages.events.map((e) => [e.id, e.data.id])).toEqual(
      storedMessages.map((m) => [String(m.seq), m.id]),
    );
    // The request as it arrived, then as accepted (the same row under its new seq).
    expect(requests.events.map((e) => [e.data.id, 'status' in e.data ? e.data.status : 'gone'])).toEqual([
      [request!.id, 'unread'],
      [request!.id, 'accepted'],
    ]);
    expect(requests.events.at(-1)!.id).toBe(String(storedRequests.at(-1)!.seq));
    // Five created, then the newest edited: six events, the edit last under the row's new seq.
    expect(news.events.map((e) => e.data.title)).toEqual([
      'Novica 0',
      'Novica 1',
      'Novica 2',
      'Novica 3',
      'Novica 4',
      'Popravljeno',
    ]);
    expect(news.events.map((e) => e.id)).toEqual(
      [...news.events.map((e) => Number(e.id))].sort((x, y) => x - y).map(String),
    );
    expect(news.events.at(-1)!.id).toBe(String(storedNews.at(-1)!.seq));
    expect([...messages.errors, ...requests.errors, ...news.errors]).toEqual([]);
  }, 30_000);

  it('a session works on every instance, and signing out on B ends it on A at once', async () => {
    const ana = await seedUser(database.db, 'Ana');
    const onA = client(ana.token, a!);
    const onB = client(ana.token, b!);
    // A checks the session (and caches it); B sees the same session.
    expect((await onA.auth.me.query())?.id).toBe(ana.id);
    expect((await onB.auth.me.query())?.id).toBe(ana.id);

    // A live subscription on A of the session that ends on B.
    const requests = collector<RequestItem | RequestGone>();
    const subscription = onA.requests.onChange.subscribe(undefined, requests.handlers);
    await eventually(
      () => requests.starts() === 1,
      () => 'subscription did not start',
    );

    await onB.auth.signOut.mutate();
    // A's cached session is dropped by the notice from B, not after the cache's 30 s.
    expect(await onA.auth.me.query()).toBeNull();
    await eventually(
      () => requests.errors.length === 1,
      () => 'the subscription on A did not end',
    );
    expect(requests.errors[0]).toMatchObject({ data: { appCode: 'UNAUTHENTICATED' } });
    subscription.unsubscribe();
  });
});
