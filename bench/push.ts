// Notifications away from the app (issue 19), on their own throwaway database of the bench's PostgreSQL:
// (1) an announcement to 20,000 users with a device each: pushes/s from the job to a local push service
// (encryption and VAPID signature per push included); (2) message → push: a built server process with its job
// worker, first messages in 100 chats, time from the send's answer to the push service receiving the push.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createApiClient } from '#shared/client';
import { type Db, openDatabase } from '../server/db/client';
import { createPushSender } from '../server/push/push-sender';
import { deliverAnnouncement } from '../server/services/delivery/push-delivery';
import { adminUpdates, pushSubscriptions } from '../server/db/schema';
import { createDatabase } from '../tests/helpers/postgres';
import { makeChat, makeDog, makeUser } from '../tests/helpers/factories';
import { info, percentile, QUICK, type Row, startServerProcess } from './lib';

/** A push service that answers 201 and notes when each push arrived, by endpoint. */
export async function countingPushService() {
  const arrivals = new Map<string, number>();
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      arrivals.set(req.url!, performance.now());
      res.writeHead(201).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, arrivals, count: () => count, close: () => new Promise((r) => server.close(r)) };
}

/** The counting push service listens on loopback, over plain http. */
const LOCAL_PUSH_SERVICE = { hosts: ['127.0.0.1'], allowPrivate: true };

/** A browser's keys (any valid P-256 point and auth secret; the bench does not decrypt). */
export const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/** What a delivery job needs to run in the bench's own process: a push sender to the local service, no queue. */
export async function deliveryInProcess(db: Db) {
  const push = await createPushSender(db, {
    vapid: undefined,
    subject: 'mailto:bench@example.com',
    services: LOCAL_PUSH_SERVICE,
  });
  const jobs = {
    send: async () => null,
    sendMany: async () => {},
    work: async () => {},
    start: async () => {},
    started: true,
    stop: async () => {},
  };
  return { push, jobs };
}

export async function benchPush(serverUrl: string): Promise<Row[]> {
  const rows: Row[] = [];
  const service = await countingPushService();
  const databaseUrl = await createDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl, dataDir: 'data' });
  try {
    const users = QUICK ? 4_000 : 20_000;
    const { rows: made } = await database.execute(
      `insert into users (email, password_hash, email_verified_at)
       select 'push-' || n || '@example.com', 'x', now() from generate_series(1, $1::int) n returning id`,
      [users],
    );
    const ids = (made as Array<{ id: string }>).map((row) => row.id);
    for (let i = 0; i < ids.length; i += 1_000)
      await database.db
        .insert(pushSubscriptions)
        .values(
          ids
            .slice(i, i + 1_000)
            .map((userId) => ({ userId, endpoint: `${service.base}/a/${userId}`, ...KEYS })),
        );
    const [announcement] = await database.db
      .insert(adminUpdates)
      .values({ title: 'Nova pasja plaža', content: 'Odprta od ponedeljka.' })
      .returning();
    const { push, jobs } = await deliveryInProcess(database.db);
    const started = performance.now();
    await deliverAnnouncement({ db: database.db, jobs, push }, { id: announcement!.id });
    const seconds = (performance.now() - started) / 1000;
    rows.push(
      info(
        `announcement to ${users.toLocaleString('en-US')} users: pushes/s`,
        Math.round(service.count() / seconds),
        '/s',
        `${service.count()} pushes in ${seconds.toFixed(1)} s, one process`,
      ),
    );

    // Message → push through a running server and its worker (JOB_POLL_SECONDS at its default, 2 s).
    const server = await startServerProcess('push', {
      DATABASE_URL: databaseUrl,
      PUSH_SERVICES: LOCAL_PUSH_SERVICE.hosts.join(','),
      PUSH_ALLOW_PRIVATE: 'true',
    });
    try {
      const chats = QUICK ? 30 : 100;
      const pairs = [];
      for (let i = 0; i < chats; i++) {
        const sender = await makeUser(database.db, { fullName: `Pošiljatelj ${i}` });
        const recipient = await makeUser(database.db, { fullName: `Prejemnik ${i}` });
        const [a, b] = [await makeDog(database.db, sender.id), await makeDog(database.db, recipient.id)];
        const chat = await makeChat(
          database.db,
          { userId: sender.id, dogId: a.id },
          { userId: recipient.id, dogId: b.id },
        );
        await database.db
          .insert(pushSubscriptions)
          .values({ userId: recipient.id, endpoint: `${service.base}/m/${chat.id}`, ...KEYS });
        pairs.push({ token: sender.token, chatId: chat.id });
      }
      const latencies: number[] = [];
      for (const { token, chatId } of pairs) {
        const client = createApiClient({ url: server.url, token, WebSocket: WebSocket as never });
        await client.chats.send.mutate({ chatId, content: 'Greva na sprehod?' });
        const answered = performance.now();
        const deadline = answered + 15_000;
        while (!service.arrivals.has(`/m/${chatId}`) && performance.now() < deadline)
          await new Promise((r) => setTimeout(r, 5));
        latencies.push((service.arrivals.get(`/m/${chatId}`) ?? Infinity) - answered);
        // Spread over the polling interval, as real messages are.
        await new Promise((r) => setTimeout(r, 137));
      }
      latencies.sort((x, y) => x - y);
      const note = `${chats} first messages in distinct chats; the sending instance wakes its own worker`;
      rows.push(info('message → push sent, p50', Math.round(percentile(latencies, 50)), 'ms', note));
      rows.push(info('message → push sent, p99', Math.round(percentile(latencies, 99)), 'ms'));
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
    await service.close();
  }
  return rows;
}
