// The one data set of the PostgreSQL benchmarks, written with set-based SQL (generate_series) in seconds.
// Every row's id is derived from its number (md5('user' || n) as a UUID), so benchmarks pick users, dogs and
// chats by number without looking them up. User n owns dogs n, n + users, n + 2·users, … (dog n is their
// first). Chat k (1…chats) is between owner 1 + (k − 1) mod chats/2 (with their first dog) and user
// chats/2 + k (with theirs), so chats 1…chats/2 have 1 … chats distinct users, and owners 1…chats/2 have two chats each.
import { createHash } from 'node:crypto';
import postgres from 'postgres';
import { hashPassword } from '../server/auth/passwords';
import { BREEDS } from '#shared/data/breeds';
import { SI_MUNICIPALITIES } from '#shared/data/municipalities';
import { QUICK } from './lib';

export const VOLUMES = QUICK
  ? { users: 4_000, dogs: 20_000, events: 2_000, chats: 200, messagesPerChat: 10 }
  : { users: 20_000, dogs: 100_000, events: 10_000, chats: 1_000, messagesPerChat: 10 };

/** Of the events, this share are occurrences of weekly series, each SERIES_LENGTH long (8 weeks ≈ 2 months). */
const SERIES_SHARE = 0.4;
const SERIES_LENGTH = 8;
export type Volumes = typeof VOLUMES;

/** Every seeded user's password (one argon2id hash shared by all, so sign-in costs what it costs in life). */
export const BENCH_PASSWORD = 'bench-geslo-123';

/** The same derivation as `bench_uuid` below: md5(prefix || n) as a version-4 UUID. */
const uuidOf = (prefix: string, n: number) =>
  createHash('md5')
    .update(`${prefix}${n}`)
    .digest('hex')
    .replace(/^(.{12}).(.{3}).(.{15})$/, '$14$28$3') // version 4, RFC variant: what idSchema accepts
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
export const userId = (n: number) => uuidOf('user', n);
export const dogId = (n: number) => uuidOf('dog', n);
export const chatId = (n: number) => uuidOf('chat', n);
export const emailOf = (n: number) => `bench${n}@example.com`;

const DOG_NAMES = [
  'Luna',
  'Max',
  'Bela',
  'Rex',
  'Piki',
  'Medo',
  'Lola',
  'Ajša',
  'Bruno',
  'Tara',
  'Fido',
  'Nala',
];
const TRAITS = ['playful', 'calm', 'friendly', 'energetic', 'curious', 'loyal'];
const EVENT_TITLES = ['Sprehod', 'Trening poslušnosti', 'Srečanje psov', 'Igranje v parku', 'Pohod s psi'];
const VENUES = ['Mestni park', 'Pasji park', 'Ob reki', 'Gozdna pot', 'Šolsko igrišče'];

export async function seedDatabase(url: string, volumes: Volumes = VOLUMES): Promise<number> {
  const started = performance.now();
  const { users, dogs, events, chats, messagesPerChat } = volumes;
  const half = chats / 2;
  const places = SI_MUNICIPALITIES.map((place) => place.name);
  const breeds = BREEDS.map((breed) => breed.name);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`create function bench_uuid(seed text) returns uuid language sql immutable as $$
      select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid from md5(seed) h $$`;
    await sql`insert into users (id, email, password_hash, email_verified_at, created_at)
      select bench_uuid('user' || n), 'bench' || n || '@example.com', ${passwordHash},
        now() - n * interval '1 minute', now() - n * interval '1 minute'
      from generate_series(1, ${users}) n`;
    await sql`insert into profiles (user_id, full_name, age, location, country, country_code, last_active)
      select bench_uuid('user' || n), 'Lastnik ' || n, 18 + n % 60,
        (${places}::text[])[1 + n % ${places.length}], 'Slovenija', 'SI', now() - n * interval '1 second'
      from generate_series(1, ${users}) n`;
    // Dogs over every owner (five each at the full volume), every breed and municipality, with the playdate
    // fields said by most (one in five says nothing), each dog in its municipality's place.
    await sql`insert into dog_profiles (id, user_id, name, breed, born_on, gender, location, place_id, description, traits,
        weight, size, energy, play_style, vaccinated, neutered, good_with_small_dogs, created_at, updated_at)
      select bench_uuid('dog' || j), bench_uuid('user' || (1 + (j - 1) % ${users})),
        (${DOG_NAMES}::text[])[1 + j % ${DOG_NAMES.length}],
        (${breeds}::text[])[1 + (j * 7) % ${breeds.length}],
        (date_trunc('month', now()) - make_interval(months => j % 180))::date,
        (array['male', 'female']::dog_gender[])[1 + j % 2],
        (${places}::text[])[1 + (j * 31) % ${places.length}],
        (select id from places where country_code = 'SI' and name = (${places}::text[])[1 + (j * 31) % ${places.length}]),
        'Prijazen pes, rad se igra z drugimi psi.',
        array[(${TRAITS}::text[])[1 + j % ${TRAITS.length}], (${TRAITS}::text[])[1 + (j / 7) % ${TRAITS.length}]],
        5 + j % 40,
        case when j % 5 <> 0 then (enum_range(null::dog_size))[1 + (j / 3) % 4] end,
        case when j % 5 <> 0 then (enum_range(null::dog_energy))[1 + (j / 11) % 3] end,
        case when j % 5 <> 0 then (enum_range(null::play_style))[1 + (j / 13) % 5] end,
        case when j % 5 <> 0 then j % 4 <> 0 end, case when j % 5 <> 0 then j % 2 = 0 end,
        case when j % 5 <> 0 then j % 3 <> 0 end,
        now() - j * interval '1 second', now() - j * interval '1 second'
      from generate_series(1, ${dogs}) j`;
    // Upcoming events over the next eight weeks on the quarter hour: one-off events, and recurring series of
    // SERIES_LENGTH weekly occurrences (issue 21) making up SERIES_SHARE of them. Five attendees each, plus the
    // creator's seat.
    const series = Math.floor((events * SERIES_SHARE) / SERIES_LENGTH);
    const oneOff = events - series * SERIES_LENGTH;
    await sql`insert into events (id, user_id, title, description, event_date, event_time, starts_at,
        location_name, country, city, max_attendees, current_attendees, event_type)
      select bench_uuid('event' || k), bench_uuid('user' || (1 + (k * 7919) % ${users})),
        (${EVENT_TITLES}::text[])[1 + k % ${EVENT_TITLES.length}] || ' ' || k,
        case when k % 3 = 0 then null else 'Srečanje psov v parku, s piknikom.' end,
        (s at time zone 'Europe/Ljubljana')::date, to_char(s at time zone 'Europe/Ljubljana', 'HH24:MI'), s,
        (${VENUES}::text[])[1 + k % ${VENUES.length}], 'SI', (${places}::text[])[1 + k % ${places.length}],
        20, 6, (array['playdate', 'training', 'meetup', 'other']::event_type[])[1 + k % 4]
      from generate_series(1, ${oneOff}) k,
        lateral (select date_trunc('hour', now()) + interval '2 hours'
          + ((k::bigint * 56 * 24 * 4) / ${oneOff}) * interval '15 minutes' as s) t`;
    await sql`insert into events (id, user_id, series_id, title, description, event_date, event_time, starts_at,
        location_name, country, city, max_attendees, current_attendees, event_type)
      select bench_uuid('series' || k || '-' || o), bench_uuid('user' || (1 + (k * 104729) % ${users})),
        bench_uuid('series' || k), 'Tedenski sprehod ' || k, 'Vsak teden ob isti uri.',
        (s at time zone 'Europe/Ljubljana')::date, to_char(s at time zone 'Europe/Ljubljana', 'HH24:MI'), s,
        (${VENUES}::text[])[1 + k % ${VENUES.length}], 'SI', (${places}::text[])[1 + k % ${places.length}],
        20, 6, (array['playdate', 'training', 'meetup', 'other']::event_type[])[1 + k % 4]
      from generate_series(1, ${series}) k cross join generate_series(0, ${SERIES_LENGTH - 1}) o,
        lateral (select date_trunc('hour', now()) + interval '2 hours'
          + ((k::bigint * 7 * 24 * 4) / ${series}) * interval '15 minutes' + o * interval '7 days' as s) t`;
    await sql`insert into event_attendees (event_id, user_id)
      select e.id, bench_uuid('user' || (1 + (e.n * 131 + a * 997) % ${users}))
      from (select id, row_number() over (order by id) as n from events) e cross join generate_series(0, 4) a`;
    await sql`insert into chats (id, owner_id, user_id, dog_id, other_dog_id, chat_name, last_message_at,
        unread_count_owner, unread_count_user, created_at)
      select bench_uuid('chat' || k), bench_uuid('user' || o), bench_uuid('user' || (${half} + k)),
        bench_uuid('dog' || o), bench_uuid('dog' || (${half} + k)), 'Klepet ' || k, now() - k * interval '1 minute', k % 3, 0,
        now() - k * interval '1 minute' - interval '1 day'
      from generate_series(1, ${chats}) k, lateral (select 1 + (k - 1) % ${half} as o) t`;
    await sql`insert into chat_messages (chat_id, sender_id, content, created_at)
      select bench_uuid('chat' || k),
        bench_uuid('user' || case when i % 2 = 0 then 1 + (k - 1) % ${half} else ${half} + k end),
        'Sporočilo ' || i || ': se dobimo jutri v parku?',
        now() - k * interval '1 minute' - (${messagesPerChat} - i) * interval '1 minute'
      from generate_series(1, ${chats}) k cross join generate_series(1, ${messagesPerChat}) i
      order by k, i`;
    await sql`drop function bench_uuid`;
    // As a database in use is: autovacuum would otherwise visit the new tables during the timed runs.
    await sql`vacuum analyze`;
  } finally {
    await sql.end();
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `seeded ${users} users, ${dogs} dogs, ${events} events, ${chats} chats (${chats * messagesPerChat} messages) in ${seconds.toFixed(1)} s`,
  );
  return seconds;
}
