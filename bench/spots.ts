// Dog places near a point (issue 33): `spots.near` over HTTP, one call at a time, at SPOTS places. Budget: p99
// ≤ 20 ms within 5 km. The places crowd around towns as in life: every municipality's seat has its share
// within ~7 km, and Ljubljana a tenth of them all (the densest circle the map asks about).
import postgres from 'postgres';
import { PLACE_COORDINATES } from '#shared/data/coordinates';
import { SPOT_AMENITIES, SPOT_KINDS } from '#shared/domain/spots';
import type { DbOrTx } from '../server/db/client';
import { makeUser } from '../tests/helpers/factories';
import { info, ms, percentile, QUICK, type Row, within } from './lib';
import { call } from './signed-in';

export const SPOTS = QUICK ? 20_000 : 100_000;
const CALLS = QUICK ? 100 : 1_000;
const BUDGET_MS = 20;

const TOWNS = Object.entries(PLACE_COORDINATES.SI);

/** Seeds SPOTS published places (no author, like the demo's) and returns the seconds it took. */
async function seedSpots(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [names, lats, lons] = [
      TOWNS.map(([name]) => name),
      TOWNS.map(([, c]) => c[0]),
      TOWNS.map(([, c]) => c[1]),
    ];
    const ljubljana = names.indexOf('Ljubljana') + 1;
    await sql`select setseed(0.33)`;
    await sql`insert into spots (kind, name, country_code, location, lat, lon, amenities, leash_rule, status)
      select (${SPOT_KINDS as unknown as string[]}::spot_kind[])[1 + k % ${SPOT_KINDS.length}],
        'Kraj ' || k, 'SI', (${names}::text[])[t], (${lats}::float8[])[t] + (random() - 0.5) * 0.12,
        (${lons}::float8[])[t] + (random() - 0.5) * 0.17,
        array(select a from unnest(${SPOT_AMENITIES as unknown as string[]}::spot_amenity[]) with ordinality u(a, i)
          where (k >> i::int) % 2 = 1),
        case when k % 3 = 0 then 'offLeash' when k % 3 = 1 then 'onLeash' end::leash_rule, 'published'
      from generate_series(1, ${SPOTS}) k
        cross join lateral (select case when k % 10 = 0 then ${ljubljana} else 1 + k % ${names.length} end t) town`;
    await sql`vacuum analyze spots`;
  } finally {
    await sql.end();
  }
  return (performance.now() - started) / 1000;
}

/**
 * Seeds the places, then times `spots.near` within 5 km of towns' centres (Ljubljana's among them), plain and
 * with filters, one call at a time, by a signed-in owner.
 */
export async function benchSpotsNear(url: string, databaseUrl: string, db: DbOrTx): Promise<Row[]> {
  const seconds = await seedSpots(databaseUrl);
  const { token } = await makeUser(db, { email: `spots.bench.${Date.now()}@example.com` });
  const inputs = [
    (lat: number, lon: number) => ({ lat, lon, radiusKm: 5 }),
    (lat: number, lon: number) => ({ lat, lon, radiusKm: 5, kinds: ['dogPark', 'trail'] }),
    (lat: number, lon: number) => ({ lat, lon, radiusKm: 5, amenities: ['fenced', 'water'] }),
  ];
  const at = (n: number) => {
    // Every fourth call at Ljubljana, the rest across the towns; a little off each centre.
    const [, [lat, lon]] =
      n % 4 === 0 ? TOWNS.find(([name]) => name === 'Ljubljana')! : TOWNS[(n * 7) % TOWNS.length]!;
    return inputs[n % inputs.length]!(lat + ((n % 5) - 2) * 0.01, lon + ((n % 3) - 1) * 0.01);
  };
  for (let n = 0; n < 50; n++) await call(url, token, 'spots.near', at(n)); // warm-up
  const times: number[] = [];
  for (let n = 0; n < CALLS; n++) times.push(await call(url, token, 'spots.near', at(n)));
  const [p50, p99] = [percentile(times, 50), percentile(times, 99)];
  console.log(
    `spots.near (${SPOTS} places, within 5 km, ${times.length} calls one at a time): p50 ${ms(p50)}, p99 ${ms(p99)} (budget ${BUDGET_MS} ms)`,
  );
  return [
    info(`seed, ${SPOTS.toLocaleString('en')} places`, Number(seconds.toFixed(1)), 's'),
    info(
      `spots.near ${SPOTS.toLocaleString('en')} places, 5 km, one at a time p50`,
      Number(p50.toFixed(1)),
      'ms',
    ),
    within(
      `spots.near ${SPOTS.toLocaleString('en')} places, 5 km, one at a time p99`,
      Number(p99.toFixed(1)),
      'ms',
      BUDGET_MS,
      'a tenth of the places around Ljubljana, every fourth call there; with and without filters',
    ),
  ];
}
