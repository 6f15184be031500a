// A lost-dog alert (issue 33 §5) on its own throwaway database of the bench's PostgreSQL: 200,000 owners with a
// dog each, 20,000 of them in the alert's town (within its 5 km) with a device; the `lost-alert` job run once,
// in this process, against a local push service (encryption and VAPID signature per push included). Reported:
// the time from the job's start to the first push and to the last, and pushes/s.
import { openDatabase } from '../server/db/client';
import { deliverLostAlert } from '../server/services/delivery/lost-alert-delivery';
import { createDatabase } from '../tests/helpers/postgres';
import { info, QUICK, type Row } from './lib';
import { countingPushService, deliveryInProcess, KEYS } from './push';

/** Ljubljana's centre, where the dog was last seen (the places list's point for the town). */
const POINT = { lat: 46.0511, lon: 14.5051 };

export async function benchLostAlert(serverUrl: string): Promise<Row[]> {
  const owners = QUICK ? 20_000 : 200_000;
  const near = owners / 10;
  const service = await countingPushService();
  const databaseUrl = await createDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl, dataDir: 'data' });
  const sql = (text: string, values: unknown[] = []) => database.execute(text, values);
  try {
    const seeding = performance.now();
    await sql(
      `insert into users (email, password_hash, email_verified_at)
       select 'lost-' || n || '@example.com', 'x', now() from generate_series(0, $1::int) n`,
      [owners],
    );
    // Owner n (from 1) in Ljubljana for n ≤ near, else in a town at least 30 km away; n = 0 loses the dog.
    await sql(
      `with far as (select array_agg(id) ids from places where earth_distance(ll_to_earth(lat, lon),
         ll_to_earth($1, $2)) > 30000),
       town as (select id from places where country_code = 'SI' and name = 'Ljubljana')
       insert into dog_profiles (user_id, name, breed, born_on, gender, location, place_id)
       select u.id, 'Pes ' || n, 'Mešanec', '2020-01-01', 'male', 'Ljubljana',
         case when n <= $3 then (select id from town) else far.ids[1 + (n % array_length(far.ids, 1))] end
       from (select id, substring(email from 'lost-(\\d+)@')::int n from users where email like 'lost-%') u, far`,
      [POINT.lat, POINT.lon, near],
    );
    await sql(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth)
       select u.id, $1 || '/l/' || u.id, $2, $3 from users u join dog_profiles d on d.user_id = u.id
       join places p on p.id = d.place_id
       where p.name = 'Ljubljana' and p.country_code = 'SI' and u.email <> 'lost-0@example.com'`,
      [service.base, KEYS.p256dh, KEYS.auth],
    );
    const { rows: alert } = await sql(
      `insert into lost_alerts (id, user_id, dog_id, lat, lon, seen_at, radius_km, expires_at)
       select gen_random_uuid(), d.user_id, d.id, $1, $2, now(), 5, now() + interval '30 days'
       from dog_profiles d join users u on u.id = d.user_id where u.email = 'lost-0@example.com'
       returning id`,
      [POINT.lat, POINT.lon],
    );
    await sql('analyze');
    const seeded = (performance.now() - seeding) / 1000;
    const { push, jobs } = await deliveryInProcess(database.db);
    const started = performance.now();
    await deliverLostAlert({ db: database.db, jobs, push }, { alertId: (alert[0] as { id: string }).id });
    const done = (performance.now() - started) / 1000;
    const arrivals = [...service.arrivals.values()].sort((a, b) => a - b);
    const first = (arrivals[0]! - started) / 1000;
    const last = (arrivals.at(-1)! - started) / 1000;
    const note = `${service.count().toLocaleString('en-US')} of ${near.toLocaleString('en-US')} owners within 5 km pushed, of ${owners.toLocaleString('en-US')} in the database (seeded in ${seeded.toFixed(0)} s); one process`;
    return [
      info('lost-dog alert: time to the first push', Number(first.toFixed(2)), 's', note),
      info('lost-dog alert: time to the last push', Number(last.toFixed(1)), 's'),
      info('lost-dog alert: pushes/s', Math.round(service.count() / done), '/s'),
    ];
  } finally {
    await database.close();
    await service.close();
  }
}
