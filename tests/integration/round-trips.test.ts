import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { users } from '../../server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeChat, makeDog, makeEvent, makeUser } from '../helpers/factories';
import { createDatabase, postgresAvailable } from '../helpers/postgres';

/**
 * Between the server and PostgreSQL: forwards every byte and counts round trips, each time a client that has
 * had an answer writes again (on any of its connections). While it counts, answers arrive 20 ms late (a slow
 * network): statements a client sends together without waiting all go out before any answer, even where the
 * client flushes the last of them a turn of its event loop later.
 */
const LATENCY_MS = 20;

async function countingProxy(target: URL) {
  let roundTrips = 0;
  let counting = false;
  const proxy = net.createServer((client) => {
    const server = net.connect(Number(target.port), target.hostname);
    let answered = true;
    client.on('data', (chunk) => {
      if (answered) roundTrips++;
      answered = false;
      server.write(chunk);
    });
    // In order: an answer is never due before the one ahead of it.
    let due = 0;
    server.on('data', (chunk) => {
      due = Math.max(due, performance.now() + (counting ? LATENCY_MS : 0));
      setTimeout(
        () => {
          answered = true;
          client.write(chunk);
        },
        Math.max(0, due - performance.now()),
      );
    });
    const end = () => {
      client.destroy();
      server.destroy();
    };
    client.on('close', end).on('error', end);
    server.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.port = String((proxy.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    /** Round trips while `work` runs. */
    async during(work: () => Promise<unknown>) {
      const before = roundTrips;
      counting = true;
      try {
        await work();
      } finally {
        counting = false;
      }
      return roundTrips - before;
    },
    /**
     * The fewest round trips of `tries` runs of `work(i)`, one after another. The count is the whole pool's, so
     * a background statement (a job worker's poll, the queue's supervision) that falls inside a run adds to it;
     * it can only add, so the fewest is what the work itself needs.
     */
    async fewest(tries: number, work: (i: number) => Promise<unknown>) {
      let least = Infinity;
      for (let i = 0; i < tries; i++) least = Math.min(least, await this.during(() => work(i)));
      return least;
    },
    close: () => new Promise((resolve) => proxy.close(resolve)),
  };
}

describe.runIf(postgresAvailable())('database round trips, on PostgreSQL', () => {
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let t: TestApp;
  beforeAll(async () => {
    proxy = await countingProxy(new URL(await createDatabase(inject('postgresUrl'))));
    // The mail worker polls rarely, so that its polls seldom fall inside a counted run.
    t = await startTestApp('postgres', { DATABASE_URL: proxy.url, JOB_POLL_SECONDS: '60' });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('a query is one round trip: prepared, it does not ask for its parameters’ types first', async () => {
    const email = 'nihce@example.com';
    const find = () =>
      t.app.deps.db
        .select()
        .from(users)
        .where(sql`${users.email} = ${email}`);
    // On every connection of the pool (10): the first run on a connection prepares the statement.
    for (let i = 0; i < 3; i++) await Promise.all(Array.from({ length: 10 }, find));
    expect(await proxy.fewest(3, find)).toBe(1);
  });

  it('a chat message is stored, announced and its push queued in two round trips', async () => {
    const db = t.app.deps.db;
    const ana = await makeUser(db, { fullName: 'Ana' });
    const bor = await makeUser(db, { fullName: 'Bor' });
    const chat = await makeChat(
      db,
      { userId: ana.id, dogId: (await makeDog(db, ana.id)).id },
      { userId: bor.id, dogId: (await makeDog(db, bor.id)).id },
    );
    // Bor has answered: the cap on unanswered messages does not stop Ana's.
    await (await t.caller(bor.token)).chats.send({ chatId: chat.id, content: 'Živjo, Ana!' });
    const api = await t.caller(ana.token);
    const send = (content: string) => api.chats.send({ chatId: chat.id, id: crypto.randomUUID(), content });
    // Every statement of a send prepared on every connection of the pool (10) first.
    for (let i = 0; i < 3; i++)
      await Promise.all(Array.from({ length: 10 }, (_, j) => send(`Sporočilo ${i}-${j} za Bora.`)));
    // The BEGIN with the sender's lock, the caps' one read and the chat's row lock; the message with its
    // announcement, the push's job and the commit.
    expect(await proxy.fewest(3, (i) => send(`Greva jutri zjutraj ob ${7 + i}h na sprehod ob reki?`))).toBe(
      2,
    );
  });

  it("a message to an event's chat, too: two round trips, and the sender's view needs no read", async () => {
    const db = t.app.deps.db;
    const organiser = await makeUser(db, { fullName: 'Cene' });
    const event = await makeEvent(db, organiser.id);
    // Ten who write (each within the chat's rate cap), so that every connection of the pool (10) has
    // prepared every statement of a send before the one counted.
    const writers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const user = await makeUser(db, { fullName: `Pisec ${i}` });
        const api = await t.caller(user.token);
        await api.events.join({ id: event.id });
        return { api, name: `Pisec ${i}` };
      }),
    );
    const send = (api: (typeof writers)[number]['api'], content: string) =>
      api.events.chatSend({ eventId: event.id, id: crypto.randomUUID(), content });
    for (let i = 0; i < 3; i++)
      await Promise.all(writers.map(({ api }, j) => send(api, `Kdo pride ${i}-${j}? Prinesem vodo.`)));
    // Three writers count one message each: a new account may send five a minute.
    const sent: Awaited<ReturnType<typeof send>>[] = [];
    const roundTrips = await proxy.fewest(3, async (i) => {
      sent.push(await send(writers[i]!.api, `Se vidimo ob ${10 + i}h pri vhodu v park.`));
    });
    expect(sent[0]).toMatchObject({ sender: { fullName: 'Pisec 0' }, fromOrganiser: false });
    expect(roundTrips).toBe(2);
  });
});
