// Issue 22: what a call with a personal access token costs next to one with a session cookie. The cookie
// path must stay as cheap as before (the scope guard is one property check there); a token call adds one
// UPDATE of its row (last used, calls this minute). Same client and settings as bench/throughput.ts.
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { accessTokens } from '../server/db/schema';
import { makeAccessToken, makeUser } from '../tests/helpers/factories';
import { createDatabase, startPostgres } from '../tests/helpers/postgres';
import { info, onCleanup, QUICK, type Row, startServerProcess } from './lib';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? (QUICK ? 3 : 10));

async function requestsPerSecond(url: string, headers: Record<string, string>, duration: number) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, pipelining: 1, duration });
  if (result.errors || result.timeouts || result.non2xx)
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  return result.requests.average;
}

export async function benchAccessTokens(): Promise<Row[]> {
  const postgres = await startPostgres();
  onCleanup(() => postgres.stop());
  const databaseUrl = await createDatabase(postgres.url);
  const server = await startServerProcess('tokens', { DATABASE_URL: databaseUrl });
  const database = await openDatabase({ databaseUrl, dataDir: 'data' });
  onCleanup(() => database.close());
  const user = await makeUser(database.db);
  const { token } = await makeAccessToken(database.db, user.id, { scopes: ['read'] });
  // Far more calls than a token's minute allows: its window is moved out of reach for the measurement.
  await database.db.update(accessTokens).set({
    windowStart: sql`now() + interval '1 day'`,
    windowCalls: -2_000_000_000,
  });
  const cases = {
    'auth.me, session cookie (/trpc)': [
      `${server.url}/trpc/auth.me`,
      { cookie: `tacke_session=${user.token}` },
    ],
    'auth.me, access token (/trpc)': [`${server.url}/trpc/auth.me`, { authorization: `Bearer ${token}` }],
    'auth.me, access token (/api/v1, plain JSON)': [
      `${server.url}/api/v1/auth.me`,
      { authorization: `Bearer ${token}` },
    ],
  } as const;
  for (const [url, headers] of Object.values(cases)) await requestsPerSecond(url, headers, QUICK ? 1 : 3);
  const rows: Row[] = [];
  const setup = `${CONNECTIONS} connections, ${SECONDS} s`;
  for (const [metric, [url, headers]] of Object.entries(cases)) {
    const rps = await requestsPerSecond(url, headers, SECONDS);
    console.log(`${metric}: ${rps.toFixed(0)} req/s`);
    rows.push(info(metric, Math.round(rps), 'req/s', setup));
  }
  return rows;
}
