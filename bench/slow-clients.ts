// Clients that do not read (issue 29): the built server on its own throwaway PostgreSQL; 100 signed-in sockets
// subscribed (four times each) to busy chats that stop reading, a sender writing 200 messages a second for a minute, and one
// client that reads. The server's RSS before and after, and whether the reader got every message.
import { eq } from 'drizzle-orm';
import superjson from 'superjson';
import WebSocket from 'ws';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { LIMITS } from '#shared/limits';
import { createApiClient } from '#shared/client';
import { makeChat, makeDog, makeUser } from '../tests/helpers/factories';
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

const STALLED = 100;
const PER_SECOND = 200;
const SECONDS = QUICK ? 15 : 60;
const WARM_UP_SECONDS = 5;
const BUDGET_MB = 50;
const SUBSCRIPTIONS = 4;
/** Each receiver may hold LIMITS.websocket.socketsPerUser sockets: the stalled ones are spread over users. */
const STALLED_USERS = Math.ceil(STALLED / LIMITS.websocket.socketsPerUser);

export async function benchSlowClients(): Promise<Row[]> {
  const postgres = await startPostgres();
  onCleanup(() => postgres.stop());
  const databaseUrl = await createDatabase(postgres.url);
  const server = await startServerProcess('slow-clients', { DATABASE_URL: databaseUrl });
  onCleanup(() => server.stop());
  const database = await openDatabase({ databaseUrl, dataDir: 'data' });
  onCleanup(() => database.close());
  const db = database.db;

  // A sender past the new-account limits, and a chat with each receiver in which the receiver has written.
  const sender = await makeUser(db, { fullName: 'Pošiljatelj' });
  await db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
    .where(eq(users.id, sender.id));
  const senderDog = await makeDog(db, sender.id);
  const receivers: Array<{ token: string; chatId: string; api: ReturnType<typeof createApiClient> }> = [];
  // The stalled sockets' users, and one more whose ordinary client reads.
  for (let i = 0; i <= STALLED_USERS; i++) {
    const receiver = await makeUser(db, { fullName: `Prejemnik ${i}` });
    const dog = await makeDog(db, receiver.id);
    const chat = await makeChat(
      db,
      { userId: sender.id, dogId: senderDog.id },
      { userId: receiver.id, dogId: dog.id },
    );
    const api = createApiClient({ url: server.url, token: receiver.token, WebSocket: WebSocket as never });
    onCleanup(() => api.close());
    await api.chats.send.mutate({ chatId: chat.id, content: 'Živjo!', type: 'text' });
    receivers.push({ token: receiver.token, chatId: chat.id, api });
  }

  const wsUrl = `${server.url.replace('http', 'ws')}/trpc`;
  /**
   * A raw socket of `token` with SUBSCRIPTIONS to `chatId`'s messages (as several screens would), resolved
   * once started: each message reaches it that many times, more than the kernel's buffers take in a minute.
   */
  const subscribed = (token: string, chatId: string, i: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(wsUrl, {
        localAddress: loopbackAddress(i),
        headers: { cookie: `tacke_session=${token}` },
      });
      let started = 0;
      socket.once('error', reject);
      socket.once('open', () =>
        socket.send(
          JSON.stringify(
            Array.from({ length: SUBSCRIPTIONS }, (_, id) => ({
              id: id + 1,
              method: 'subscription',
              params: { path: 'chats.onMessage', input: superjson.serialize({ chatId }) },
            })),
          ),
        ),
      );
      socket.on('message', (data) => {
        if (String(data).includes('"started"') && ++started === SUBSCRIPTIONS) resolve(socket);
      });
    });
  const stalled = await Promise.all(
    Array.from({ length: STALLED }, (_, i) => {
      const receiver = receivers[i % STALLED_USERS]!;
      return subscribed(receiver.token, receiver.chatId, i);
    }),
  );
  onCleanup(() => stalled.forEach((socket) => socket.terminate()));

  // The reader: an ordinary client, through the app's own client.
  const reader = receivers[STALLED_USERS]!;
  const received: string[] = [];
  const subscription = reader.api.chats.onMessage.subscribe(
    { chatId: reader.chatId },
    { onData: ({ data }) => void received.push(data.id) },
  );
  onCleanup(() => subscription.unsubscribe());
  await sleep(500);

  const senderApi = createApiClient({ url: server.url, token: sender.token, WebSocket: WebSocket as never });
  onCleanup(() => senderApi.close());
  const toReader: string[] = [];
  let sent = 0;
  /** PER_SECOND messages a second for `seconds`, round the chats; each second's go eight at a time. */
  const send = async (seconds: number) => {
    const started = performance.now();
    for (let second = 0; second < seconds; second++) {
      const due = started + (second + 1) * 1000;
      for (let i = 0; i < PER_SECOND; i += 8)
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            const n = sent++;
            const target = receivers[n % receivers.length]!;
            const stored = await senderApi.chats.send.mutate({
              chatId: target.chatId,
              content: `Sporočilo ${n}: ${'pasji sprehod '.repeat(70)}`,
              type: 'text',
            });
            if (target === reader) toReader.push(stored.id);
          }),
        );
      const left = due - performance.now();
      if (left > 0) await sleep(left);
    }
    return (performance.now() - started) / 1000;
  };
  // The same traffic with every client reading first: a server's first seconds of any traffic cost it
  // about 40 MB (compiled code, pools, buffers), which is not what the clients that stop reading cost.
  await send(WARM_UP_SECONDS);
  const warmedUp = sent;

  // They stop reading: what the server sends them stays with the server (past the kernel's buffers).
  for (const socket of stalled) (socket as unknown as { _socket: { pause(): void } })._socket.pause();
  const pid = server.child.pid!;
  const before = await settledRss(pid);
  const seconds = await send(SECONDS);
  sent -= warmedUp;
  for (let i = 0; i < 100 && received.length < toReader.length + 1; i++) await sleep(100);
  const after = await settledRss(pid);
  const grewMb = (after - before) / 1048576;
  const missing = toReader.filter((id) => !received.includes(id)).length;
  console.log(
    `slow clients: ${STALLED} not reading, ${sent} messages in ${seconds.toFixed(1)} s; RSS ${(before / 1048576).toFixed(0)} → ${(after / 1048576).toFixed(0)} MB; the reader missed ${missing} of ${toReader.length}`,
  );
  return [
    within(
      `server RSS growth, ${STALLED} clients not reading`,
      Number(grewMb.toFixed(1)),
      'MB',
      BUDGET_MB,
      `${sent} messages in ${seconds.toFixed(0)} s (${Math.round(sent / seconds)}/s)`,
    ),
    {
      ...info('messages a reading client missed meanwhile', missing, '', `of ${toReader.length}`),
      budget: '0',
      ok: missing === 0,
    },
  ];
}
