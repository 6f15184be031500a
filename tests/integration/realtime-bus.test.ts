import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSessionCache } from '../../server/auth/session-cache';
import { isDatabaseUnavailable } from '../../server/db/client';
import { sessions } from '../../server/db/schema';
import { backfilled } from '../../server/realtime/backfill';
import {
  type Bus,
  createLocalBus,
  createPostgresBus,
  listen,
  RESYNC_TOPIC,
  wakeups,
} from '../../server/realtime/bus';
import { whileSignedIn } from '../../server/realtime/sessions';
import { startTestApp } from '../helpers/app';
import { eventually } from '../helpers/instances';
import { createDatabase, postgresAvailable } from '../helpers/postgres';

/** A tracked event as the generator yields it: `[id, data, marker]`. */
const event = (result: IteratorResult<unknown>) => (result.value as unknown[]).slice(0, 2);

/** Whether `promise` settles within `ms` (then with its value). */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);

/** A backfilled stream of topic `t` from its start, reading rows with `changesAfter`. */
const fromStart = <T>(
  bus: Bus,
  signal: AbortSignal | undefined,
  changesAfter: (seq: number) => Promise<Array<{ seq: number; item: T }>>,
) =>
  backfilled({ bus, topic: 't', signal, lastEventId: '0', latest: async () => 0, changesAfter })[
    Symbol.asyncIterator
  ]();

describe('bus resync', () => {
  it('wakes every database-reading subscriber and counts as a notice, but is no event of a topic', async () => {
    const bus = createLocalBus();
    const controller = new AbortController();
    const wake = wakeups(bus, 'chat:1', controller.signal);
    const events = listen(bus, 'dogs:1', controller.signal)[Symbol.asyncIterator]();
    const nextEvent = events.next();
    const heard = bus.heard();
    const woken = wake.next();
    expect(await within(woken, 50)).toBe('pending');
    bus.resync();
    expect(await woken).toBe(true);
    expect(bus.heard()).toBe(heard + 1);
    // A payload stream only carries what was published on its topic.
    expect(await within(nextEvent, 50)).toBe('pending');
    controller.abort();
    expect(await wake.next()).toBe(false);
    await bus.close();
  });

  it('ends cached sessions and live subscriptions whose session ended while notices were lost', async () => {
    const t = await startTestApp('pglite');
    try {
      const { token, user } = await t.signedInUser();
      const bus = createLocalBus();
      const cache = createSessionCache(t.db, bus);
      const live = whileSignedIn({ bus, db: t.db, user, sessionToken: token }, undefined);
      expect((await cache.validate(token))?.user.id).toBe(user.id);
      // Signed out elsewhere, and the notice never came: the cache still has the session…
      await t.db.delete(sessions);
      expect((await cache.validate(token))?.user.id).toBe(user.id);
      expect(live.signal.aborted).toBe(false);
      // …until the bus says notices may have been lost.
      bus.resync();
      expect(await cache.validate(token)).toBeNull();
      await eventually(
        () => live.signal.aborted,
        () => 'the live subscription was not ended',
      );
      expect(() => live.throwIfEnded()).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }));
      cache.close();
    } finally {
      await t.close();
    }
  });

  it('backfilled reads again from its last event after a resync', async () => {
    const bus = createLocalBus();
    const controller = new AbortController();
    const rows = [{ seq: 1, item: 'a' }];
    const stream = fromStart(bus, controller.signal, async (seq) => rows.filter((row) => row.seq > seq));
    expect(event(await stream.next())).toEqual(['1', 'a']);
    // Written while the notice was lost: only the resync brings it.
    rows.push({ seq: 2, item: 'b' });
    const next = stream.next();
    bus.resync();
    expect(event(await next)).toEqual(['2', 'b']);
    controller.abort();
    await stream.return(undefined);
  });

  it('backfilled retries a read while the database is unreachable, and fails at once on other errors', async () => {
    const bus = createLocalBus();
    const controller = new AbortController();
    let calls = 0;
    const refused = () =>
      new Error('query failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
    const stream = fromStart(bus, controller.signal, async () => {
      if (++calls <= 2) throw refused();
      return [{ seq: 1, item: 'a' }];
    });
    expect(event(await stream.next())).toEqual(['1', 'a']);
    expect(calls).toBe(3);
    controller.abort();
    await stream.return(undefined);

    const failing = fromStart(bus, undefined, async () => {
      throw Object.assign(new Error('bad query'), { code: '42601' });
    });
    await expect(failing.next()).rejects.toThrow('bad query');
  });

  it('tells a database that is away from other errors', () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    for (const code of ['ECONNREFUSED', 'CONNECTION_CLOSED', 'CONNECT_TIMEOUT', '57P01', '57P03', '08006'])
      expect(isDatabaseUnavailable(new Error('wrapped', { cause: coded(code) }))).toBe(true);
    for (const code of ['23505', '42601', 'UNDEFINED_VALUE'])
      expect(isDatabaseUnavailable(coded(code))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe.runIf(postgresAvailable())('PostgreSQL bus', () => {
  let url: string;
  let admin: postgres.Sql;
  beforeAll(async () => {
    url = await createDatabase(inject('postgresUrl'));
    admin = postgres(url, { max: 1, onnotice: () => {} });
  });
  afterAll(() => admin?.end());

  it("hears its own notices as publish returns, once; other instances' over LISTEN", async () => {
    const [sqlA, sqlB] = [
      postgres(url, { max: 2, onnotice: () => {} }),
      postgres(url, { max: 2, onnotice: () => {} }),
    ];
    const [a, b] = [await createPostgresBus(sqlA), await createPostgresBus(sqlB)];
    try {
      const onA: unknown[] = [];
      const onB: unknown[] = [];
      a.subscribe('news', (payload) => onA.push(payload));
      b.subscribe('news', (payload) => onB.push(payload));
      await a.publish('news', 1);
      expect(onA).toEqual([1]);
      await eventually(
        () => onB.length === 1,
        () => 'the other instance did not hear it',
      );
      await b.publish('news', 2);
      await eventually(
        () => onA.length === 2,
        () => 'the first instance did not hear the second notice',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([onA, onB]).toEqual([
        [1, 2],
        [1, 2],
      ]);
      expect(a.heard()).toBe(2);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([sqlA.end(), sqlB.end()]);
    }
  });

  it('re-listens after its connection is cut, and then tells subscribers to read again', async () => {
    const sql = postgres(url, { max: 2, onnotice: () => {} });
    const bus = await createPostgresBus(sql);
    const controller = new AbortController();
    try {
      const resyncs: unknown[] = [];
      bus.subscribe(RESYNC_TOPIC, (payload) => resyncs.push(payload));
      const heard: unknown[] = [];
      bus.subscribe('news', (payload) => heard.push(payload));
      // A topic nobody publishes on: only a resync can wake it.
      const quiet = wakeups(bus, 'quiet', controller.signal).next();
      await bus.publish('news', 1);
      await eventually(
        () => heard.length === 1,
        () => 'first notice not heard',
      );
      // The first LISTEN is no resync.
      expect(await within(quiet, 100)).toBe('pending');

      // As a database restart does to it: the LISTEN connection is cut. Notices sent meanwhile are lost.
      const [listener] = await admin<{ pid: number }[]>`
        select pid from pg_stat_activity
        where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`;
      await admin`select pg_terminate_backend(${listener!.pid})`;
      expect(await quiet).toBe(true);
      expect(resyncs).toEqual([null]);

      // Listening again: notices arrive as before.
      await bus.publish('news', 2);
      await eventually(
        () => heard.at(-1) === 2,
        () => `heard ${JSON.stringify(heard)}`,
      );
    } finally {
      controller.abort();
      await bus.close();
      await sql.end();
    }
  });
});
