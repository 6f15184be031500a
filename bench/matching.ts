// Issue 4 budgets on a throwaway PostgreSQL: `dogs.deck` with 100,000 dogs and 20,000 users at 50 concurrent
// callers (p99 ≤ 25 ms), and a like reaching the recipient's open subscription (p99 ≤ 100 ms).
import { spawn } from 'node:child_process';
import postgres from 'postgres';
import WebSocket from 'ws';
import { createSession } from '../server/auth/sessions';
import { openDatabase } from '../server/db/client';
import { SI_MUNICIPALITIES } from '../src/data/municipalities';
import { createApiClient } from '../src/client';
import { createDatabase, freePort, postgresAvailable, startPostgres } from '../tests/helpers/postgres';

const USERS = 20_000;
const DOGS = 100_000;
const CALLERS = Number(process.env.BENCH_CALLERS ?? 50);
const CALLS_EACH = 40;
const DELIVERIES = 200;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function seed(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const places = SI_MUNICIPALITIES.map((place) => place.name);
  await sql`insert into users (email, password_hash, email_verified_at)
    select 'bench' || i || '@example.com', 'x', now() from generate_series(1, ${USERS}) i`;
  await sql`insert into profiles (user_id, full_name) select id, 'Lastnik ' || email from users`;
  // Five dogs per user, in places spread over the municipalities.
  await sql`insert into dog_profiles (user_id, name, breed, age, location)
    select u.id, 'Pes ' || d, 'Mešanec', 1 + (d % 15), (${places}::text[])[1 + ((hashtext(u.id::text) + d) & 2147483647) % ${places.length}]
    from users u cross join generate_series(1, ${DOGS / USERS}) d`;
  await sql`analyze`;
  await sql.end();
}

export async function benchMatching(): Promise<boolean> {
  if (!postgresAvailable()) {
    console.log('matching: skipped (no PostgreSQL binaries)');
    return true;
  }
  const server = await startPostgres();
  const databaseUrl = await createDatabase(server.url);
  // The built server in its own process, as in production: the load generator does not share its CPU.
  const database = await openDatabase({ databaseUrl, dataDir: 'data' });
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server.mjs'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: 'data/bench-matching',
    },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    while (
      !(await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await seed(databaseUrl);
    console.log(
      `seeded ${USERS} users and ${DOGS} dogs in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const db = database.db;
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const owners = await sql<{ user_id: string; id: string }[]>`
      select distinct on (user_id) user_id, id from dog_profiles order by user_id limit ${CALLERS + DELIVERIES * 2}`;
    await sql.end();

    // 50 callers, each a signed-in owner swiping with their own dog, all at once.
    const callers = await Promise.all(
      owners
        .slice(0, CALLERS)
        .map(async (o) => ({ ...o, token: (await createSession(db, o.user_id)).token })),
    );
    /** Every caller calls `path(caller, n)` CALLS_EACH times, all callers at once; returns the latencies. */
    const load = async (path: (caller: (typeof callers)[number], i: number, n: number) => string) => {
      const times: number[] = [];
      await Promise.all(
        callers.map(async (caller, i) => {
          for (let n = 0; n < CALLS_EACH; n++) {
            const t0 = performance.now();
            const response = await fetch(`${url}${path(caller, i, n)}`, {
              headers: { authorization: `Bearer ${caller.token}` },
            });
            await response.arrayBuffer();
            times.push(performance.now() - t0);
            if (!response.ok) throw new Error(`${path(caller, i, n)} failed: ${response.status}`);
          }
        }),
      );
      return times;
    };
    // For scale: the same load on the cheapest signed-in procedure (session check + one row).
    const me = await load(() => '/trpc/auth.me');
    console.log(
      `auth.me (${CALLERS} concurrent callers): p50 ${percentile(me, 50).toFixed(1)} ms, p99 ${percentile(me, 99).toFixed(1)} ms`,
    );
    const times = await load((caller, i, n) => {
      const input = { json: { fromDogId: caller.id, limit: 20, seed: ((i * 37 + n) % 100) / 100 } };
      return `/trpc/dogs.deck?input=${encodeURIComponent(JSON.stringify(input))}`;
    });
    const deckP99 = percentile(times, 99);
    console.log(
      `dogs.deck (${DOGS} dogs, ${CALLERS} concurrent callers, ${times.length} calls over HTTP): ` +
        `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${deckP99.toFixed(1)} ms (budget 25 ms)`,
    );

    // A like reaching the recipient's open subscription.
    const pairs = owners.slice(CALLERS);
    const delays: number[] = [];
    for (let i = 0; i + 1 < pairs.length && delays.length < DELIVERIES; i += 2) {
      const [liker, recipient] = [pairs[i]!, pairs[i + 1]!];
      const likerApi = createApiClient({
        url,
        token: (await createSession(db, liker.user_id)).token,
        WebSocket: WebSocket as never,
      });
      const recipientApi = createApiClient({
        url,
        token: (await createSession(db, recipient.user_id)).token,
        WebSocket: WebSocket as never,
      });
      const arrived = new Promise<number>((resolve, reject) => {
        const subscription = recipientApi.likes.onChange.subscribe(undefined, {
          onData: () => {
            resolve(performance.now());
            subscription.unsubscribe();
          },
          onError: reject,
          onStarted: () => void send(),
        });
      });
      let sentAt = 0;
      const send = async () => {
        await new Promise((resolve) => setTimeout(resolve, 20)); // the server has subscribed
        sentAt = performance.now();
        await likerApi.likes.like.mutate({ fromDogId: liker.id, dogId: recipient.id });
      };
      delays.push((await arrived) - sentAt);
      await Promise.all([likerApi.close(), recipientApi.close()]);
    }
    const deliveryP99 = percentile(delays, 99);
    console.log(
      `request delivery (like → recipient's subscription, ${delays.length} likes): ` +
        `p50 ${percentile(delays, 50).toFixed(1)} ms, p99 ${deliveryP99.toFixed(1)} ms (budget 100 ms)`,
    );
    return deckP99 <= 25 && deliveryP99 <= 100;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await database.close();
    server.stop();
  }
}
