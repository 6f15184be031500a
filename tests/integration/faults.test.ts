import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { chatMessages } from '../../server/db/schema';
import type { ChatMessage } from '#shared/schemas/chats';
import {
  type Api,
  apiClient,
  collector,
  eventually,
  health,
  type Instance,
  seedUser,
  signUpByMail,
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

/** Two users with dogs and a chat between them (Bor has written once), made through `url` (any instance). */
async function chatBetween(database: Database, url: string) {
  const [ana, bor] = [await seedUser(database.db, 'Ana'), await seedUser(database.db, 'Bor')];
  const [anaApi, borApi] = [apiClient(ana.token, url), apiClient(bor.token, url)];
  const dog = (api: Api, name: string) =>
    api.dogs.create.mutate({ name, breed: 'Mešanec', age: 3, gender: 'male', location: 'Ljubljana' });
  const [piki, rex] = [await dog(anaApi.api, 'Piki'), await dog(borApi.api, 'Rex')];
  await anaApi.api.likes.like.mutate({ fromDogId: piki.id, dogId: rex.id });
  const [request] = await borApi.api.requests.list.query();
  const { chatId } = await borApi.api.requests.accept.mutate({ id: request!.id });
  // Bor answers first: Ana's burst then is a conversation, not unanswered messages (LIMITS.antiSpam).
  await borApi.api.chats.send.mutate({ chatId, content: 'Živjo!' });
  await Promise.all([anaApi.close(), borApi.close()]);
  return { ana, bor, chatId };
}

/** The chat's messages as stored, in `seq` order. */
const storedIds = async (database: Database, chatId: string) =>
  (
    await database.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.chatId, chatId))
      .orderBy(asc(chatMessages.seq))
  ).map((row) => row.id);

/**
 * Sends messages one after another (each with its own id, so it is known whether it was stored) until
 * `stop()`; `ok` holds the ids that got a success answer.
 */
function writer(apis: Api[], chatId: string, inFlight = 1) {
  const ok: string[] = [];
  let failed = 0;
  let sent = 0;
  let running = true;
  const loop = async () => {
    while (running) {
      const id = crypto.randomUUID();
      const api = apis[sent++ % apis.length]!;
      try {
        await api.chats.send.mutate({ chatId, id, content: `m ${sent}` });
        ok.push(id);
      } catch {
        failed++;
        await sleep(20);
      }
    }
  };
  const done = Promise.all(Array.from({ length: inFlight }, loop));
  return {
    ok,
    failed: () => failed,
    async stop() {
      running = false;
      await done;
    },
  };
}

describe.runIf(postgresAvailable())('faults on PostgreSQL', () => {
  // Its own server: restarting the run's shared one would cut every other test file off.
  let pg: ThrowawayPostgres | undefined;
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(() => pg?.stop());

  interface TwoInstances {
    database: Database;
    /** The database's name on the throwaway server. */
    databaseName: string;
    a: Instance;
    b: Instance;
    ana: { token: string };
    bor: { token: string };
    chatId: string;
    /** Runs `close` once the test is over, before the instances stop. */
    closeLater(close: () => Promise<void> | void): void;
  }

  /** Two instances on a fresh database with a chat between Ana and Bor; everything is stopped afterwards. */
  async function onTwoInstances(run: (setup: TwoInstances) => Promise<void>) {
    const databaseUrl = await createDatabase(pg!.url);
    const database = await openDatabase({ databaseUrl, dataDir: 'unused' });
    let a: Instance | undefined;
    let b: Instance | undefined;
    const closers: Array<() => Promise<void> | void> = [];
    try {
      [a, b] = await Promise.all([startInstance({ databaseUrl }), startInstance({ databaseUrl })]);
      const chat = await chatBetween(database, b.url);
      await run({
        database,
        databaseName: new URL(databaseUrl).pathname.slice(1),
        a,
        b,
        ...chat,
        closeLater: (close) => void closers.push(close),
      });
    } finally {
      for (const close of closers) await close();
      await stopInstances([a, b]);
      await database.close();
    }
  }

  /** The chat's messages as `api` receives them live, from the start; resolves once subscribed. */
  async function liveMessages(setup: TwoInstances, api: Api) {
    const messages = collector<ChatMessage>();
    const subscription = api.chats.onMessage.subscribe(
      { chatId: setup.chatId, lastEventId: '0' },
      messages.handlers,
    );
    setup.closeLater(() => subscription.unsubscribe());
    await eventually(
      () => messages.starts() === 1,
      () => 'subscription did not start',
    );
    return messages;
  }

  it('PostgreSQL restarted under connected clients: health reports it, LISTEN comes back, subscribers miss nothing', async () => {
    await onTwoInstances(async (setup) => {
      const { database, a, b, ana, bor, chatId } = setup;
      const anaOnB = apiClient(ana.token, b.url);
      const borOnA = apiClient(bor.token, a.url);
      setup.closeLater(anaOnB.close);
      setup.closeLater(borOnA.close);
      const messages = await liveMessages(setup, borOnA.api);

      const sending = writer([anaOnB.api], chatId);
      await eventually(
        () => messages.events.length >= 10,
        () => `before: received ${messages.events.length}`,
      );

      pg!.shutDown();
      let okBefore = 0;
      // Started again whatever happens here, or every later test would find no database.
      try {
        expect([await health(a.url), await health(b.url)]).toEqual([503, 503]);
        // A call meanwhile is told to try again soon, at once rather than at the driver's timeout: 503 with
        // Retry-After and its own code (the web app then says "reconnecting" and retries by itself).
        const asked = Date.now();
        const refused = await fetch(`${b.url}/trpc/chats.list`, {
          headers: { authorization: `Bearer ${ana.token}` },
        });
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('5');
        expect(
          ((await refused.json()) as { error: { json: { data: { appCode: string } } } }).error.json.data
            .appCode,
        ).toBe('UNAVAILABLE');
        expect(Date.now() - asked).toBeLessThan(7_000);
        okBefore = sending.ok.length;
        await sleep(1_000);
        // Nothing is written while the database is down: every call fails (and says so).
        expect(sending.ok.length).toBe(okBefore);
        expect(sending.failed()).toBeGreaterThan(0);
      } finally {
        pg!.start();
      }

      // Both recover by themselves, in the same processes.
      await eventually(
        async () => (await health(a.url)) === 200 && (await health(b.url)) === 200,
        () => 'instances did not recover',
        15_000,
      );
      await eventually(
        () => sending.ok.length >= okBefore + 10,
        () => `after: ${sending.ok.length - okBefore} sent`,
      );
      await sending.stop();
      expect(a.child.exitCode).toBeNull();
      expect(b.child.exitCode).toBeNull();

      // The last message comes over the re-established LISTEN: nothing else wakes the subscriber.
      const last = await anaOnB.api.chats.send.mutate({ chatId, content: 'zadnje' });
      await eventually(
        () => messages.events.at(-1)?.data.id === last.id,
        () => `received ${messages.events.length}, ${sending.ok.length + 1} sent`,
      );
      const stored = await storedIds(database, chatId);
      // Every success is stored; the subscriber got exactly what is stored, in order, each once, on the
      // WebSocket it had all along (the server resumed the stream, not a client reconnect).
      expect(new Set(stored)).toEqual(new Set([...stored, ...sending.ok, last.id]));
      expect(messages.events.map((event) => event.data.id)).toEqual(stored);
      expect(messages.starts()).toBe(1);
      expect(messages.errors).toEqual([]);
    });
  }, 60_000);

  it('a notice sent while an instance cannot listen reaches its subscribers once it listens again, with no later write', async () => {
    await onTwoInstances(async (setup) => {
      const { database, databaseName: name, a, b, ana, bor, chatId } = setup;
      const anaOnB = apiClient(ana.token, b.url);
      const borOnA = apiClient(bor.token, a.url);
      setup.closeLater(anaOnB.close);
      setup.closeLater(borOnA.close);
      const messages = await liveMessages(setup, borOnA.api);
      // B's pool holds its connections from here on (no idle timeout): its writes go on while new
      // connections are refused below.
      const warm = await anaOnB.api.chats.send.mutate({ chatId, content: 'prej' });
      await eventually(
        () => messages.events.at(-1)?.data.id === warm.id,
        () => 'the first message',
      );

      // New connections to the database are refused, and the LISTEN connections are cut: neither instance
      // hears anything until it is allowed to connect again.
      const admin = postgres(pg!.url, { max: 1, onnotice: () => {} });
      setup.closeLater(() => admin.end());
      await admin.unsafe(`alter database "${name}" allow_connections false`);
      try {
        const cut = await admin<{ pid: number }[]>`
          select pid from pg_stat_activity
          where datname = ${name} and query ilike 'listen%' and pid <> pg_backend_pid()`;
        expect(cut.length).toBe(2);
        for (const { pid } of cut) await admin`select pg_terminate_backend(${pid})`;
        const lost = await anaOnB.api.chats.send.mutate({ chatId, content: 'med izpadom' });
        expect(await storedIds(database, chatId)).toContain(lost.id);
        await sleep(1_000);
        // Its NOTIFY reached nobody.
        expect(messages.events.map((event) => event.data.id)).not.toContain(lost.id);
        await admin.unsafe(`alter database "${name}" allow_connections true`);
        // Listening again, the instance tells its subscribers to read from where they are: nothing else is
        // written that could wake them.
        await eventually(
          () => messages.events.at(-1)?.data.id === lost.id,
          () => `received ${messages.events.map((event) => event.data.content).join(', ')}`,
          10_000,
        );
      } finally {
        await admin.unsafe(`alter database "${name}" allow_connections true`);
      }
      expect(messages.events.map((event) => event.data.id)).toEqual(await storedIds(database, chatId));
      expect(messages.starts()).toBe(1);
      expect(messages.errors).toEqual([]);
    });
  }, 60_000);

  it('an instance killed with SIGKILL mid-burst: every answered write is stored, subscribers move to the other', async () => {
    await onTwoInstances(async (setup) => {
      const { database, a, b, ana, bor, chatId } = setup;
      const anaOnA = apiClient(ana.token, a.url);
      const anaOnB = apiClient(ana.token, b.url);
      // A proxy in front: the socket goes to A while it runs, then to B.
      const alive = (instance: Instance) =>
        instance.child.exitCode === null && instance.child.signalCode === null;
      const borSocket = apiClient(bor.token, a.url, () => (alive(a) ? a.url : b.url));
      for (const client of [anaOnA, anaOnB, borSocket]) setup.closeLater(client.close);
      const messages = await liveMessages(setup, borSocket.api);

      // Eight calls in flight, taking turns between the instances.
      const burst = writer([anaOnA.api, anaOnB.api], chatId, 8);
      await eventually(
        () => burst.ok.length >= 60,
        () => `sent ${burst.ok.length}`,
      );
      a.child.kill('SIGKILL');
      await a.exited;
      const okAtKill = burst.ok.length;
      await eventually(
        () => burst.ok.length >= okAtKill + 60,
        () => `after the kill: ${burst.ok.length - okAtKill} sent`,
      );
      await burst.stop();
      expect(burst.failed()).toBeGreaterThan(0);

      const stored = await storedIds(database, chatId);
      expect(new Set(stored)).toEqual(new Set([...stored, ...burst.ok]));
      await eventually(
        () => messages.events.length >= stored.length,
        () => `received ${messages.events.length} of ${stored.length}`,
      );
      await sleep(200);
      // Resumed on B from its last event: each stored message once, in order.
      expect(messages.events.map((event) => event.data.id)).toEqual(stored);
      expect(messages.starts()).toBe(2);
      expect(messages.errors).toEqual([]);
    });
  }, 60_000);
});

describe('embedded PGlite', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-sigint-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('survives a SIGINT during writes, keeps every answered write, and refuses a second process', async () => {
    const instances: Array<Instance | undefined> = [];
    try {
      const first = await startInstance({ dataDir, env: { ADMIN_EMAILS: 'vodja@example.com' } });
      instances.push(first);
      const admin = { token: await signUpByMail(first, 'vodja@example.com') };
      const api = apiClient(admin.token, first.url);
      const ok: string[] = [];
      // Four writers until the server has gone; SIGINT once 30 writes have been answered.
      const write = async (n: number) => {
        for (let i = 0; first.child.exitCode === null; i++) {
          try {
            const created = await api.api.announcements.create.mutate({
              title: `Novica ${n}.${i}`,
              content: 'x',
            });
            ok.push(created.id);
            if (ok.length === 30) first.child.kill('SIGINT');
          } catch {
            await sleep(10);
          }
        }
      };
      await Promise.all([0, 1, 2, 3].map(write));
      expect(await first.exited).toBe(0);
      await api.close();
      expect(ok.length).toBeGreaterThanOrEqual(30);
      expect(ok.length).toBeLessThan(100); // `announcements.list` shows the newest 100
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

      const second = await startInstance({ dataDir, wait: true });
      instances.push(second);
      const again = apiClient(admin.token, second.url);
      const listed = await again.api.announcements.list.query();
      await again.close();
      expect(new Set(listed.map((row) => row.id))).toEqual(new Set([...listed.map((row) => row.id), ...ok]));

      // While it runs, another process on the same directory is refused, with a clear message.
      const third = await startInstance({ dataDir, wait: false });
      instances.push(third);
      expect(await third.exited).toBe(1);
      expect(third.output()).toContain(`in use by process ${second.child.pid}`);
      expect(await health(second.url)).toBe(200);
    } finally {
      await stopInstances(instances, true);
    }
  }, 60_000);
});
