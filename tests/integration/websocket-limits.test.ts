import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIMITS } from '#shared/limits';
import { chatMessages } from '../../server/db/schema';
import { BACKFILL_BATCH } from '../../server/realtime/backfill';
import { SEND_BUFFER_SOFT_BYTES } from '../../server/realtime/slow-sockets';
import { chatTopic } from '../../server/services/chat/chats';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeChat, makeDog, makeUser } from '../helpers/factories';

interface Reply {
  id: number | null;
  result?: { type: string };
  error?: { json: { data: { appCode: string } } };
}

/** Caps per socket, per client address and per user, over a listening server and raw WebSocket frames. */
describe('WebSocket limits (PGlite)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp('pglite', { PUBLIC_URL: 'http://localhost:1' });
    url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/trpc';
  });
  afterAll(() => t.close());

  /** A socket from `localAddress` (all of 127/8 reaches the server), signed in with `token` if given. */
  function open(opts: { localAddress?: string; token?: string } = {}) {
    const socket = new WebSocket(url, {
      localAddress: opts.localAddress ?? '127.0.0.1',
      headers: opts.token ? { cookie: `tacke_session=${opts.token}` } : {},
    });
    const replies: Reply[] = [];
    socket.on('message', (data) => {
      const text = String(data);
      if (text !== 'PONG') replies.push(JSON.parse(text) as Reply);
    });
    const opened = new Promise<'open' | number>((resolve) => {
      socket.once('open', () => resolve('open'));
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('error', () => resolve(-1));
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    return { socket, replies, opened, closed };
  }

  const subscribe = (id: number, path = 'announcements.onChange') => ({
    id,
    method: 'subscription',
    params: { path, input: superjson.serialize(undefined) },
  });

  async function until(check: () => boolean, what: string) {
    for (let i = 0; i < 200 && !check(); i++) await sleep(25);
    if (!check()) throw new Error(`timed out waiting for ${what}`);
  }

  it(`starts at most ${LIMITS.websocket.subscriptionsPerSocket} subscriptions on one socket, even from one frame of 500`, async () => {
    const { socket, replies, opened } = open({ localAddress: '127.0.1.1' });
    expect(await opened).toBe('open');
    socket.send(JSON.stringify(Array.from({ length: 500 }, (_, i) => subscribe(i + 1))));
    await until(() => replies.length >= 500, '500 replies');
    const started = replies.filter((reply) => reply.result?.type === 'started');
    const refused = replies.filter((reply) => reply.error?.json.data.appCode === 'TOO_MANY_SUBSCRIPTIONS');
    expect(started).toHaveLength(LIMITS.websocket.subscriptionsPerSocket);
    expect(refused).toHaveLength(500 - LIMITS.websocket.subscriptionsPerSocket);
    expect((await fetch(url.replace('ws', 'http').replace('/trpc', '/healthz'))).status).toBe(200);

    // A stopped subscription gives its slot back.
    const first = started[0]!.id;
    socket.send(JSON.stringify({ id: first, method: 'subscription.stop' }));
    await sleep(100);
    replies.length = 0;
    socket.send(JSON.stringify([subscribe(1001), subscribe(1002)]));
    await until(() => replies.length >= 2, 'two replies');
    expect(replies.find((r) => r.id === 1001)?.result?.type).toBe('started');
    expect(replies.find((r) => r.id === 1002)?.error?.json.data.appCode).toBe('TOO_MANY_SUBSCRIPTIONS');
    socket.close();
  });

  it(`opens at most ${LIMITS.websocket.socketsPerClient} sockets from one address; others are not affected`, async () => {
    const sockets = Array.from({ length: LIMITS.websocket.socketsPerClient }, () =>
      open({ localAddress: '127.0.2.1' }),
    );
    expect(await Promise.all(sockets.map((s) => s.opened))).toEqual(
      Array<string>(LIMITS.websocket.socketsPerClient).fill('open'),
    );
    const refused = open({ localAddress: '127.0.2.1' });
    expect(await refused.opened).toBe(429);
    const other = open({ localAddress: '127.0.2.2' });
    expect(await other.opened).toBe('open');
    // Closing one frees a place for that address.
    sockets[0]!.socket.close();
    await sockets[0]!.closed;
    await sleep(50);
    const again = open({ localAddress: '127.0.2.1' });
    expect(await again.opened).toBe('open');
    for (const s of [...sockets, other, again]) s.socket.close();
  });

  it(`opens at most ${LIMITS.websocket.socketsPerUser} signed-in sockets per user`, async () => {
    const { token } = await t.signedInUser('mnogo-zavihkov@example.com');
    const tabs = Array.from({ length: LIMITS.websocket.socketsPerUser }, (_, i) =>
      open({ token, localAddress: `127.0.3.${i + 1}` }),
    );
    await Promise.all(tabs.map((tab) => tab.opened));
    // Each socket knows its user once its context is made; a subscription shows it is accepted.
    for (const tab of tabs) tab.socket.send(JSON.stringify(subscribe(1, 'requests.onChange')));
    await until(() => tabs.every((tab) => tab.replies.length > 0), 'every tab started');
    expect(tabs.every((tab) => tab.replies[0]?.result?.type === 'started')).toBe(true);

    const extra = open({ token, localAddress: '127.0.3.200' });
    expect(await extra.opened).toBe('open');
    await until(() => extra.replies.length > 0, 'the refusal');
    expect(extra.replies[0]?.error?.json.data.appCode).toBe('TOO_MANY_CONNECTIONS');
    expect(await extra.closed).toBeGreaterThan(0);

    tabs[0]!.socket.close();
    await tabs[0]!.closed;
    await sleep(50);
    const again = open({ token, localAddress: '127.0.3.201' });
    again.socket.once('open', () => again.socket.send(JSON.stringify(subscribe(1, 'requests.onChange'))));
    await until(() => again.replies.length > 0, 'the new tab');
    expect(again.replies[0]?.result?.type).toBe('started');
    for (const s of [...tabs, again]) s.socket.close();
  });

  it('a client that does not read holds back its streams, not the server memory; once it reads it gets everything', async () => {
    const ana = await makeUser(t.db, { fullName: 'Ana Hitra' });
    const bor = await makeUser(t.db, { fullName: 'Bor Počasni' });
    const [anaDog, borDog] = [await makeDog(t.db, ana.id), await makeDog(t.db, bor.id)];
    const { id: chatId } = await makeChat(
      t.db,
      { userId: ana.id, dogId: anaDog.id },
      { userId: bor.id, dogId: borDog.id },
    );
    const onMessage = (id: number) => ({
      id,
      method: 'subscription',
      params: { path: 'chats.onMessage', input: superjson.serialize({ chatId }) },
    });
    const reader = open({ token: bor.token, localAddress: '127.0.4.1' });
    const stalled = open({ token: bor.token, localAddress: '127.0.4.2' });
    await Promise.all([reader.opened, stalled.opened]);
    reader.socket.send(JSON.stringify(onMessage(1)));
    stalled.socket.send(JSON.stringify(onMessage(1)));
    await until(() => reader.replies.length > 0 && stalled.replies.length > 0, 'both started');
    // The stalled client stops reading: what the server sends it piles up.
    const stalledTcp = (stalled.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    stalledTcp.pause();

    // A burst of long messages, written at once and announced once (a busy chat; quicker than 2,500 sends):
    // 5 MB, more than loopback's kernel buffers take, so the rest would wait in the server's memory.
    const sent = 2_500;
    const text = 'Tačke '.repeat(330);
    await t.db
      .insert(chatMessages)
      .values(
        Array.from({ length: sent }, (_, i) => ({ chatId, senderId: ana.id, content: `${i} ${text}` })),
      );
    await t.app.deps.bus.publish(chatTopic(chatId), null);

    const data = (client: typeof reader) => client.replies.filter((reply) => reply.result?.type === 'data');
    await until(() => data(reader).length === sent, 'every message at the reader');
    // The stalled socket's stream waits: at most a bound and one read's worth are kept for it.
    const serverSide = () => [...t.app.websocketServer.clients].map((s) => s.bufferedAmount);
    await sleep(300);
    expect(Math.max(...serverSide())).toBeLessThan(SEND_BUFFER_SOFT_BYTES + BACKFILL_BATCH * 2_100);
    expect(serverSide()).toHaveLength(2);

    // Reading again, it gets every message, in order, none twice.
    stalledTcp.resume();
    await until(() => data(stalled).length === sent, 'every message at the stalled client');
    const ids = data(stalled).map((reply) => (reply.result as { id?: string }).id);
    expect(new Set(ids).size).toBe(sent);
    reader.socket.close();
    stalled.socket.close();
  });

  it('an open socket keeps nothing of the request that opened it (its memory is what a socket needs)', async () => {
    const user = await makeUser(t.app.deps.db, { fullName: 'Sonja' });
    let upgrade: WeakRef<object> | undefined;
    const remember = (request: object) => (upgrade = new WeakRef(request));
    t.app.server.once('upgrade', remember);
    const { socket, replies, opened } = open({ localAddress: '127.0.4.1', token: user.token });
    expect(await opened).toBe('open');
    socket.send(JSON.stringify(subscribe(1)));
    await until(() => replies.some((reply) => reply.id === 1), 'the subscription');
    expect(replies[0]?.result?.type).toBe('started');
    // Node's upgrade request: held by Fastify's request, by the upgrade's response and by tRPC, it would
    // live as long as the socket.
    for (let i = 0; i < 5 && upgrade?.deref(); i++) {
      await sleep(10);
      collectGarbage();
    }
    expect(upgrade).toBeDefined();
    expect(upgrade!.deref()).toBeUndefined();
    // And the socket still serves: a second subscription starts.
    socket.send(JSON.stringify(subscribe(2)));
    await until(() => replies.some((reply) => reply.id === 2), 'the second subscription');
    expect(replies.find((reply) => reply.id === 2)?.result?.type).toBe('started');
    socket.close();
  });
  it('a frame over 1 MB ends that socket only, with 1009, and the server goes on', async () => {
    const big = open({ localAddress: '127.0.4.2' });
    const other = open({ localAddress: '127.0.4.3' });
    expect(await big.opened).toBe('open');
    expect(await other.opened).toBe('open');
    big.socket.send('x'.repeat(1_048_577));
    expect(await big.closed).toBe(1009);
    other.socket.send(JSON.stringify(subscribe(1)));
    await until(() => other.replies.some((reply) => reply.id === 1), 'the other socket’s subscription');
    expect(other.replies[0]?.result?.type).toBe('started');
    other.socket.close();
  });
});

/** A full garbage collection (vitest's workers run without --expose-gc). */
function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}
