// Issue 6 budget on a throwaway PostgreSQL: `events.list` with 10,000 upcoming events and any filter
// combination, p99 ≤ 20 ms (one caller at a time; also shown at 10 concurrent callers for scale).
// BENCH_DEBUG=1 lists the slowest combinations.
import { spawn } from 'node:child_process';
import postgres from 'postgres';
import { createSession } from '../server/auth/sessions';
import { openDatabase } from '../server/db/client';
import { EVENT_FILTERS, EVENT_TYPES } from '../src/schemas/events';
import { SI_MUNICIPALITIES } from '../src/data/municipalities';
import { createDatabase, freePort, postgresAvailable, startPostgres } from '../tests/helpers/postgres';

/** Two upcoming events each: 10,000. */
const CREATORS = 5_000;
const BUDGET_MS = 20;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

export async function seedEvents(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const places = SI_MUNICIPALITIES.map((place) => place.name);
  await sql`insert into users (email, password_hash, email_verified_at)
    select 'events' || i || '@example.com', 'x', now() from generate_series(1, ${CREATORS}) i`;
  await sql`insert into profiles (user_id, full_name, location, country_code)
    select id, 'Organizator ' || email, (${places}::text[])[1 + (hashtext(id::text) & 2147483647) % ${places.length}], 'SI'
    from users`;
  // Two upcoming events per creator over the next 60 days, in every type and place, five attendees each.
  await sql`insert into events (user_id, title, description, event_date, event_time, starts_at, location_name,
      country, city, max_attendees, current_attendees, event_type)
    select u.id, 'Sprehod ' || n || ' ' || u.email, 'Srečanje psov v parku, s piknikom.',
      (now() + (n * interval '9 minutes') + interval '1 hour')::date, '12:00',
      now() + (n * interval '9 minutes') + interval '1 hour', 'Mestni park',
      'SI', (${places}::text[])[1 + n % ${places.length}], 20, 5,
      (array['playdate','training','meetup','other']::event_type[])[1 + n % 4]
    from (select id, email, row_number() over () as r from users) u
    cross join lateral (select (u.r - 1) * 2 + k as n from generate_series(0, 1) k) g`;
  await sql`with numbered as (select id, row_number() over (order by id) as r from users)
    insert into event_attendees (event_id, user_id)
    select e.id, attendee.id from events e
    join numbered creator on creator.id = e.user_id
    cross join generate_series(1, 5) k
    join numbered attendee on attendee.r = 1 + (creator.r + k - 1) % ${CREATORS}`;
  await sql`analyze`;
  const [{ count }] = await sql<
    [{ count: number }]
  >`select count(*)::int from events where starts_at > now()`;
  await sql.end();
  return count;
}

/** Every combination of type (or none), filter (or none) and search (or none). */
function combinations() {
  const list: Array<Record<string, string>> = [];
  for (const type of [undefined, ...EVENT_TYPES])
    for (const filter of [undefined, ...EVENT_FILTERS])
      for (const search of [undefined, 'park', 'Maribor', 'nič takega'])
        list.push({
          ...(type && { type }),
          ...(filter && { filter }),
          ...(search && { search }),
        });
  return list;
}

export async function benchEvents(): Promise<boolean> {
  if (!postgresAvailable()) {
    console.log('events: skipped (no PostgreSQL binaries)');
    return true;
  }
  const server = await startPostgres();
  const databaseUrl = await createDatabase(server.url);
  const database = await openDatabase({ databaseUrl, dataDir: 'data' });
  const port = await freePort();
  // BENCH_SERVER_NODE_OPTIONS (e.g. "--cpu-prof --cpu-prof-dir=…") goes to the server process.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server.mjs'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: 'data/bench-events',
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
    const upcoming = await seedEvents(databaseUrl);
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const [caller] = await sql<[{ id: string }]>`select user_id as id from events limit 1`;
    await sql.end();
    const token = (await createSession(database.db, caller.id)).token;
    const call = async (input: Record<string, string>) => {
      const query = encodeURIComponent(JSON.stringify({ json: input }));
      const t0 = performance.now();
      const response = await fetch(`${url}/trpc/events.list?input=${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`events.list ${JSON.stringify(input)}: ${response.status}`);
      return performance.now() - t0;
    };
    const inputs = combinations();
    for (const input of inputs) await call(input); // warm-up
    const single: number[] = [];
    const byInput = new Map<string, number[]>();
    for (let round = 0; round < 5; round++)
      for (const input of inputs) {
        const ms = await call(input);
        single.push(ms);
        const key = JSON.stringify(input);
        byInput.set(key, [...(byInput.get(key) ?? []), ms]);
      }
    if (process.env.BENCH_DEBUG)
      console.log(
        [...byInput]
          .map(([k, v]) => [k, percentile(v, 50).toFixed(1)])
          .sort((a, b) => Number(b[1]) - Number(a[1]))
          .slice(0, 25),
      );
    const concurrent: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async (_, worker) => {
        for (let i = worker; i < inputs.length * 5; i += 10)
          concurrent.push(await call(inputs[i % inputs.length]!));
      }),
    );
    const p99 = percentile(single, 99);
    console.log(
      `events.list (${upcoming} upcoming events, ${inputs.length} type × filter × search combinations, ${single.length} calls): ` +
        `p50 ${percentile(single, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms one at a time (budget ${BUDGET_MS} ms); ` +
        `10 concurrent callers p50 ${percentile(concurrent, 50).toFixed(1)} ms, p99 ${percentile(concurrent, 99).toFixed(1)} ms`,
    );
    return p99 <= BUDGET_MS;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await database.close();
    server.stop();
  }
}
