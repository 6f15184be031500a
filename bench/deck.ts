// Issue 20: the deck stays fast for heavy swipers. On the seeded database (100,000 dogs) and on one of
// 1,000,000 dogs (seeded the same way, its own server process), three users with the same filters on swipe
// their way through the deck one call at a time (each call's 20 cards are then passed, as a swiper would):
// a fresh one, one who has swiped 50,000 dogs and one who has swiped 99,000 — the dogs their walk showed them
// first, swiped without filters before these were set, with the positions the deck kept for that walk.
// Budgets (absolute, for a quiet 2-core machine, so a slowdown of every call fails them): each user's p50,
// and a heavy swiper's call with no position at all (a walk from the start past every swipe: filters never
// used before and wider than those used, see services/matching/deck-positions.ts); every call timed returns cards
// (the heaviest swiper has swiped at most 90% of the dogs, so some pass the filters). Reported apart: the
// p90 and the first call after the filters were set.
// Then dogs.deck at 50 concurrent callers (calls/s over HTTP) against the same SQL replayed straight through
// `postgres` by 50 concurrent loops in the same run: the statements one deck call sends, captured from the
// service itself.
import http from 'node:http';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { createSession } from '../server/auth/sessions';
import type { Db, DbOrTx } from '../server/db/client';
import * as schema from '../server/db/schema';
import { deck } from '../server/services/matching/deck';
import { filtersKey } from '../server/services/matching/deck-positions';
import { seedOf } from '../server/services/matching/deck-walks';
import type { ServiceDeps } from '../server/services/deps';
import { DEFAULT_DECK_FILTERS } from '#shared/domain/deck-filters';
import type { DeckFiltersInput } from '#shared/schemas/deck';
import { info, ms, percentile, QUICK, type Row, within } from './lib';
import { dogId, userId, VOLUMES } from './seed';

const CALLS = QUICK ? 8 : 15;
/** A deck call's p50 budget, and the budget of a call with no position kept, by database size. */
const BUDGET_MS = (dogs: number) =>
  dogs > 100_000 ? { p50: 30, unplaced: 2_000 } : { p50: 20, unplaced: 600 };
const SECONDS = QUICK ? 3 : 8;
/** The throughput's windows: HTTP and raw SQL alternated this many times within SECONDS each. */
const PAIRS = QUICK ? 1 : 4;
const CALLERS = Number(process.env.BENCH_CALLERS ?? 50);
/** The heavy swipers and the callers are users no other benchmark touches (user n's first dog is dog n). */
const SWIPERS_FROM = VOLUMES.users / 4 + 1;
const CALLERS_FROM = VOLUMES.users / 5 + 1;
/** Filters on: medium or large, up to 12 years, within 200 km (about a third of the dogs pass). */
const FILTERS: DeckFiltersInput = { radiusKm: 200, sizes: ['medium', 'large'], ageMax: 12 };

/** GET dogs.deck as the web client sends it; resolves to the latency and the cards' ids. */
function deckCall(url: string, token: string, fromDogId: string): Promise<{ ms: number; ids: string[] }> {
  const input = encodeURIComponent(JSON.stringify({ json: { fromDogId, limit: 20 } }));
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(
        `${url}/trpc/dogs.deck?input=${input}`,
        { headers: { authorization: `Bearer ${token}` } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            const elapsed = performance.now() - t0;
            if (res.statusCode !== 200) return reject(new Error(`dogs.deck: ${res.statusCode} ${body}`));
            const cards = (JSON.parse(body) as { result: { data: { json: Array<{ id: string }> } } }).result
              .data.json;
            resolve({ ms: elapsed, ids: cards.map((card) => card.id) });
          });
        },
      )
      .on('error', reject);
  });
}

/**
 * `count` swipes for user `n`: the first dogs of their walk from their first dog's place (no filters then),
 * and the positions the deck keeps for that walk: the end of each bucket swiped through, the first dog not
 * swiped in the bucket swiped into.
 */
async function swipeAhead(sql: postgres.Sql, n: number, count: number) {
  if (count === 0) return;
  const seed = seedOf(userId(n));
  await sql.begin(async (sql) => {
    await sql`create temporary table walk on commit drop as
      select d.id, fp.id as from_place_id,
        width_bucket(earth_distance(ll_to_earth(fp.lat, fp.lon), ll_to_earth(p.lat, p.lon)),
          array[5000, 20000, 50000, 100000, 200000]::float8[]) as bucket,
        case when d.shuffle_key >= ${seed} then d.shuffle_key - ${seed} else d.shuffle_key - ${seed} + 1 end as ring
      from dog_profiles d join places p on p.id = d.place_id, dog_profiles f join places fp on fp.id = f.place_id
      where f.id = ${dogId(n)} and d.user_id <> ${userId(n)}`;
    await sql`insert into swipes (user_id, dog_id, from_dog_id, liked)
      select ${userId(n)}, id, ${dogId(n)}, false from walk order by bucket, ring limit ${count}`;
    await sql`insert into deck_positions (user_id, from_place_id, bucket, filters_key, position, checked_at)
      select ${userId(n)}, w.from_place_id, w.bucket, ${filtersKey(DEFAULT_DECK_FILTERS)},
        coalesce(min(w.ring) filter (where s.dog_id is null), 1), now() - interval '1 minute'
      from walk w left join swipes s on s.user_id = ${userId(n)} and s.dog_id = w.id
      group by w.from_place_id, w.bucket having count(s.dog_id) > 0`;
  });
}

/**
 * The deck p50 (and p90, and the first call) of a fresh user and of users with 50,000 and 99,000 swipes,
 * filters on, on the database `databaseUrl` served at `url`.
 */
export async function benchHeavySwipers(opts: {
  url: string;
  databaseUrl: string;
  db: DbOrTx;
  dogs: number;
}): Promise<Row[]> {
  const sql = postgres(opts.databaseUrl, { max: 2, onnotice: () => {} });
  const label = `${opts.dogs.toLocaleString('en-US')} dogs`;
  const rows: Row[] = [];
  try {
    const heaviest = Math.min(QUICK ? 19_000 : 99_000, Math.floor(opts.dogs * 0.9));
    const swipers = [0, QUICK ? 10_000 : 50_000, heaviest].map((swipes, i) => ({
      name: swipes ? `${swipes.toLocaleString('en-US')} swipes` : 'fresh user',
      swipes,
      n: SWIPERS_FROM + i,
    }));
    const budget = BUDGET_MS(opts.dogs);
    for (const swiper of swipers) {
      const started = performance.now();
      await swipeAhead(sql, swiper.n, swiper.swipes);
      await sql`insert into deck_filters (user_id, filters) values (${userId(swiper.n)}, ${sql.json(FILTERS as never)})
        on conflict (user_id) do update set filters = excluded.filters`;
      await sql`analyze swipes`;
      console.log(
        `${label}, ${swiper.name}: swipes written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const { token } = await createSession(opts.db, userId(swiper.n));
      const call = async () => {
        const { ms: elapsed, ids } = await deckCall(opts.url, token, dogId(swiper.n));
        if (ids.length)
          await sql`insert into swipes (user_id, dog_id, from_dog_id, liked)
            select ${userId(swiper.n)}, unnest(${ids}::uuid[]), ${dogId(swiper.n)}, false on conflict do nothing`;
        return { elapsed, cards: ids.length };
      };
      const { elapsed: first } = await call();
      const calls = [];
      for (let i = 0; i < CALLS; i++) calls.push(await call());
      const times = calls.map((c) => c.elapsed);
      const [p50, p90] = [percentile(times, 50), percentile(times, 90)];
      const fewest = Math.min(...calls.map((c) => c.cards));
      const cards = `${Math.round(calls.reduce((sum, c) => sum + c.cards, 0) / CALLS)} cards a call, fewest ${fewest}`;
      console.log(
        `${label}, ${swiper.name}: first call ${ms(first)}, then p50 ${ms(p50)}, p90 ${ms(p90)}, ${cards}`,
      );
      const metric = `dogs.deck ${label}, filters on, ${swiper.name}`;
      // An empty deck is fast for nothing: the row fails when a call returned no card.
      rows.push({
        ...within(`${metric} p50`, round(p50), 'ms', budget.p50, cards),
        ...(fewest === 0 && { ok: false }),
      });
      rows.push(info(`${metric} p90`, round(p90), 'ms'));
      rows.push(info(`${metric} first call`, round(first), 'ms', 'the first after the filters were set'));
      if (swiper.swipes === 0) continue;
      // The same walk with no position kept: from the start, past every swipe once.
      await sql`delete from deck_positions where user_id = ${userId(swiper.n)}`;
      const { elapsed: unplaced } = await call();
      console.log(`${label}, ${swiper.name}: a call with no position ${ms(unplaced)}`);
      rows.push(
        within(
          `${metric}, no position kept`,
          round(unplaced),
          'ms',
          budget.unplaced,
          'reads past every swipe once',
        ),
      );
    }
  } finally {
    await sql.end();
  }
  return rows;
}

const round = (value: number) => Number(value.toFixed(1));

/** Calls/s of `call` from `callers` loops at once for `seconds`. */
async function rate(callers: number, seconds: number, call: (i: number) => Promise<unknown>) {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async (_, i) => {
      while (performance.now() < until) {
        await call(i);
        done++;
      }
    }),
  );
  return done / seconds;
}

/**
 * dogs.deck calls/s at 50 callers over HTTP, and the same statements through `postgres` (prepared, a pool of
 * ten connections as the server has), the ratio of the two.
 */
export async function benchDeckThroughput(url: string, databaseUrl: string, db: DbOrTx): Promise<Row[]> {
  const first = CALLERS_FROM;
  const tokens = await Promise.all(
    Array.from({ length: CALLERS }, async (_, i) => (await createSession(db, userId(first + i))).token),
  );
  // The statements of one deck call of each caller, as the service sends them.
  const captured: Array<Array<{ query: string; params: unknown[] }>> = [];
  const logging = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    for (let i = 0; i < CALLERS; i++) {
      const statements: Array<{ query: string; params: unknown[] }> = [];
      const capturing = drizzle(logging, {
        schema,
        logger: { logQuery: (query, params) => statements.push({ query, params }) },
      }) as unknown as Db;
      // The second call: the walk has its position then, as every later call of a caller has.
      const call = () =>
        deck({ db: capturing } as ServiceDeps, userId(first + i), { fromDogId: dogId(first + i), limit: 20 });
      await call();
      statements.length = 0;
      await call();
      captured.push(statements);
    }
  } finally {
    await logging.end();
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: CALLERS });
  const viaHttp = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const input = encodeURIComponent(JSON.stringify({ json: { fromDogId: dogId(first + i), limit: 20 } }));
      http
        .get(
          `${url}/trpc/dogs.deck?input=${input}`,
          { agent, headers: { authorization: `Bearer ${tokens[i]}` } },
          (res) => {
            res.resume();
            res.on('end', () =>
              res.statusCode === 200 ? resolve() : reject(new Error(`${res.statusCode}`)),
            );
          },
        )
        .on('error', reject);
    });
  const raw = postgres(databaseUrl, { max: 10, onnotice: () => {} });
  const viaSql = async (i: number) => {
    for (const { query, params } of captured[i]!)
      await raw.unsafe(query, params as never[], { prepare: true });
  };
  try {
    await rate(CALLERS, 2, viaHttp); // warm-up
    await rate(CALLERS, 2, viaSql);
    // Alternated windows: a shared machine's speed drifts by more than the difference measured, and each
    // pair of windows sees about the same machine.
    const ratios: number[] = [];
    let httpRates = 0;
    let sqlRates = 0;
    for (let pair = 0; pair < PAIRS; pair++) {
      const viaHttpRate = await rate(CALLERS, SECONDS / PAIRS, viaHttp);
      const viaSqlRate = await rate(CALLERS, SECONDS / PAIRS, viaSql);
      ratios.push((100 * viaHttpRate) / viaSqlRate);
      httpRates += viaHttpRate;
      sqlRates += viaSqlRate;
    }
    const [httpRate, sqlRate] = [httpRates / PAIRS, sqlRates / PAIRS];
    const statements = captured[0]!.length;
    const range = `${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)} %`;
    console.log(
      `dogs.deck at ${CALLERS} callers: ${httpRate.toFixed(0)} calls/s over HTTP, ` +
        `${sqlRate.toFixed(0)} calls/s as raw SQL (${statements} statements a call; pairs of windows ${range})`,
    );
    return [
      info(`dogs.deck @${CALLERS} callers, calls/s`, Math.round(httpRate), 'calls/s'),
      info(
        `same SQL through postgres @${CALLERS}, calls/s`,
        Math.round(sqlRate),
        'calls/s',
        `${statements} statements a call`,
      ),
      info(
        'dogs.deck calls/s / raw SQL calls/s',
        Number(((100 * httpRate) / sqlRate).toFixed(1)),
        '%',
        `${PAIRS} alternated pairs of ${SECONDS / PAIRS} s windows, each pair ${range}`,
      ),
    ];
  } finally {
    agent.destroy();
    await raw.end();
  }
}
