// Memory a WebSocket and a subscription cost the server: the built server on its own throwaway PostgreSQL,
// N signed-in sockets (each its own user and client address, as in life), idle, then each with
// LIMITS.websocket.subscriptionsPerSocket live subscriptions; the server's RSS before and after each step.
import superjson from 'superjson';
import WebSocket from 'ws';
import { createSession } from '../server/auth/sessions';
import { openDatabase } from '../server/db/client';
import { profiles, users } from '../server/db/schema';
import { LIMITS } from '#shared/limits';
import { createDatabase, startPostgres } from '../tests/helpers/postgres';
import {
  info,
  loopbackAddress,
  onCleanup,
  QUICK,
  type Row,
  settledRss,
  sleep,
  startServerProcess,
  within,
} from './lib';

/**
 * 2,000: V8's heap grows in steps of several MB (one came between the 500th and the 750th socket in every run),
 * which 1,000 sockets do not average out: 21.4–21.6 KB each at the 1,000th, 14.3–16.0 KB at the 2,000th.
 */
const SOCKETS = QUICK ? 200 : 2_000;
const PER_SOCKET = LIMITS.websocket.subscriptionsPerSocket;

/** "started" comes before a subscription's first read: waits until /healthz answers fast again. */
async function untilIdle(url: string): Promise<number> {
  let took = Infinity;
  for (let i = 0; i < 600 && took > 50; i++) {
    const asked = performance.now();
    await fetch(`${url}/healthz`);
    took = performance.now() - asked;
    if (took > 50) await sleep(100);
  }
  return took;
}

export async function benchSockets(): Promise<Row[]> {
  const postgres = await startPostgres();
  onCleanup(() => postgres.stop());
  const databaseUrl = await createDatabase(postgres.url);
  const server = await startServerProcess('sockets', { DATABASE_URL: databaseUrl });
  onCleanup(() => server.stop());
  const database = await openDatabase({ databaseUrl, dataDir: 'data' });
  onCleanup(() => database.close());

  const tokens: string[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const [user] = await database.db
      .insert(users)
      .values({ email: `socket-${i}@bench.test`, emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    await database.db.insert(profiles).values({ userId: user!.id, fullName: `Socket ${i}` });
    tokens.push((await createSession(database.db, user!.id)).token);
  }
  const pid = server.child.pid!;
  const wsUrl = `${server.url.replace('http', 'ws')}/trpc`;
  // Warm the server up once (one socket, one subscription), so the first-use allocations are not counted.
  const warm = new WebSocket(wsUrl, { headers: { cookie: `tacke_session=${tokens[0]}` } });
  await new Promise((resolve) => warm.once('open', resolve));
  warm.close();
  const base = await settledRss(pid);

  const open = (token: string, i: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(wsUrl, {
        localAddress: loopbackAddress(i),
        headers: { cookie: `tacke_session=${token}` },
      });
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    });
  // In waves of 50, each let settle, as the subscriptions below: what is measured is what a socket keeps,
  // not the garbage of a thousand sign-ins at the same instant.
  const sockets: WebSocket[] = [];
  let half = NaN;
  for (let i = 0; i < tokens.length; i += 50) {
    sockets.push(...(await Promise.all(tokens.slice(i, i + 50).map((token, j) => open(token, i + j)))));
    await untilIdle(server.url);
    if (sockets.length === SOCKETS / 2) half = await settledRss(pid);
  }
  onCleanup(() => sockets.forEach((socket) => socket.terminate()));
  const idle = await settledRss(pid);

  let started = 0;
  /** Starts the cap of subscriptions on each socket; resolves when all are started. */
  const subscribeAll = (batch: WebSocket[]) =>
    Promise.all(
      batch.map(
        (socket) =>
          new Promise<void>((resolve) => {
            let mine = 0;
            socket.on('message', (data) => {
              if (!String(data).includes('"started"')) return;
              started++;
              if (++mine === PER_SOCKET) resolve();
            });
            socket.send(
              JSON.stringify(
                Array.from({ length: PER_SOCKET }, (_, id) => ({
                  id: id + 1,
                  method: 'subscription',
                  params: { path: 'requests.onChange', input: superjson.serialize(undefined) },
                })),
              ),
            );
          }),
      ),
    );
  // In waves, each let settle, so what is measured is what subscriptions keep, not the burst of starting.
  for (let i = 0; i < sockets.length; i += 50) {
    await subscribeAll(sockets.slice(i, i + 50));
    await untilIdle(server.url);
  }
  const healthMs = await untilIdle(server.url);
  const subscribed = await settledRss(pid);
  for (const socket of sockets) socket.close();

  const perSocket = (idle - base) / SOCKETS / 1024;
  // What one more socket costs once the heap has grown: the second half's growth.
  const marginal = (idle - half) / (SOCKETS / 2) / 1024;
  const perSubscription = (subscribed - idle) / started / 1024;
  console.log(
    `sockets: ${SOCKETS} idle sockets +${((idle - base) / 1048576).toFixed(1)} MB RSS (${perSocket.toFixed(1)} KB each); ` +
      `${started} subscriptions +${((subscribed - idle) / 1048576).toFixed(1)} MB (${perSubscription.toFixed(2)} KB each); /healthz ${healthMs.toFixed(1)} ms`,
  );
  return [
    within(
      'server RSS per idle signed-in socket',
      Number(perSocket.toFixed(1)),
      'KB',
      20,
      `${SOCKETS} sockets; the second ${SOCKETS / 2}: ${marginal.toFixed(1)} KB each`,
    ),
    info(
      'server RSS per live subscription',
      Number(perSubscription.toFixed(2)),
      'KB',
      `${started} requests.onChange, ${PER_SOCKET} per socket (the cap)`,
    ),
    info('/healthz with all of them open, once settled', Number(healthMs.toFixed(1)), 'ms'),
  ];
}
