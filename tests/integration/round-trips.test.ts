import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { users } from '../../server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeChat, makeDog, makeUser } from '../helpers/factories';
import { createDatabase, postgresAvailable } from '../helpers/postgres';

/**
 * Between the server and PostgreSQL: forwards every byte and counts round trips, each time a client that has
 * had an answer writes again (on any of its connections).
 */
async function countingProxy(target: URL) {
  let roundTrips = 0;
  const proxy = net.createServer((client) => {
    const server = net.connect(Number(target.port), target.hostname);
    let answered = true;
    client.on('data', (chunk) => {
      if (answered) roundTrips++;
      answered = false;
      server.write(chunk);
    });
    server.on('data', (chunk) => {
      answered = true;
      client.write(chunk);
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
      await work();
      return roundTrips - before;
    },
    close: () => new Promise((resolve) => proxy.close(resolve)),
  };
}

describe.runIf(postgresAvailable())('database round trips, on PostgreSQL', () => {
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let t: TestApp;
  beforeAll(async () => {
    proxy = await countingProxy(new URL(await createDatabase(inject('postgresUrl'))));
    t = await startTestApp('postgres', { DATABASE_URL: proxy.url });
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
    expect(await proxy.during(find)).toBe(1);
  });

  it('a chat message is stored, announced and its push queued in five round trips', async () => {
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
    // Begin; the sender's lock with the caps' one read; the append; the announcement with the push's job; commit.
    expect(await proxy.during(() => send('Greva jutri zjutraj na sprehod ob reki?'))).toBe(5);
  });
});
