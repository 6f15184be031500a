import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS } from '../../server/db/client';
import { monthOfIndex, utcMonthIndex } from '#shared/domain/dog-age';
import { PGLITE_EXTENSIONS } from '../../server/db/pglite-template';
import { createDatabase } from '../helpers/postgres';
import { dbKinds } from '../helpers/app';

/** The migrations folder as it was up to (not including) `tag`: what an existing installation has run. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-migrations-'));
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

interface Rows {
  run(query: string): Promise<Array<Record<string, unknown>>>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function open(kind: 'pglite' | 'postgres'): Promise<Rows> {
  if (kind === 'pglite') {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite(client);
    return {
      run: async (query) => ((await client.exec(query)).at(-1)?.rows ?? []) as Array<Record<string, unknown>>,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const client = postgres(await createDatabase(inject('postgresUrl')), { max: 1, onnotice: () => {} });
  const db = drizzlePostgres(client);
  return {
    run: async (query) => [...(await db.execute(sql.raw(query)))] as Array<Record<string, unknown>>,
    migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
    close: () => client.end(),
  };
}

describe.each(dbKinds())('migrations on %s', (kind) => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('0008 merges the two chats an accepted like and a like back made, and turns hearts into likes', async () => {
    const db = await open(kind);
    try {
      const before = migrationsBefore('0008_one_chat_per_pair');
      folders.push(before);
      await db.migrate(before);
      // Ana (dog a) liked Bor's b, Bor accepted (chat 1, Bor owns it); then Bor liked a back (chat 2).
      await db.run(`
        insert into users (id, email) values
          ('00000000-0000-4000-8000-00000000000a', 'ana@example.com'),
          ('00000000-0000-4000-8000-00000000000b', 'bor@example.com');
        insert into dog_profiles (id, user_id, name, breed, age, location) values
          ('00000000-0000-4000-8000-0000000000da', '00000000-0000-4000-8000-00000000000a', 'Luna', 'Mešanec', 3, 'Ljubljana'),
          ('00000000-0000-4000-8000-0000000000db', '00000000-0000-4000-8000-00000000000b', 'Rex', 'Mešanec', 3, 'Kranj');
        insert into notifications (dog_id, from_dog_id, owner_id, user_id, status) values
          ('00000000-0000-4000-8000-0000000000db', '00000000-0000-4000-8000-0000000000da',
           '00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-00000000000a', 'accepted'),
          ('00000000-0000-4000-8000-0000000000da', '00000000-0000-4000-8000-0000000000db',
           '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b', 'accepted');
        insert into chats (id, owner_id, user_id, dog_id, chat_name, last_message_at, unread_count_owner,
            unread_count_user, created_at) values
          ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000b',
           '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000db', 'Rex', '2026-01-01', 2, 0, '2026-01-01'),
          ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a',
           '00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-0000000000da', 'Luna', '2026-02-01', 1, 3, '2026-01-02');
        insert into chat_messages (chat_id, sender_id, content, message_type) values
          ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', 'Živjo', 'text'),
          ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000b', 'Všeč si mi ❤️', 'emoji'),
          ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000b', '🐕', 'emoji');`);

      await db.migrate(MIGRATIONS);

      const chats = await db.run(
        `select id, other_dog_id, unread_count_owner, unread_count_user, last_message_at from chats`,
      );
      expect(chats).toHaveLength(1);
      // Bor owns the kept chat: his unread are its own 2 plus the 3 that Ana's chat counted for him.
      expect(chats[0]).toMatchObject({
        id: '00000000-0000-4000-8000-0000000000c1',
        other_dog_id: '00000000-0000-4000-8000-0000000000da',
        unread_count_owner: 5,
        unread_count_user: 1,
      });
      expect(new Date(chats[0]!.last_message_at as string).toISOString()).toMatch(/^2026-0(1-31|2-01)/);
      const messages = await db.run(`select chat_id, content, message_type from chat_messages order by seq`);
      expect(messages.map((m) => [m.chat_id, m.content, m.message_type])).toEqual([
        ['00000000-0000-4000-8000-0000000000c1', 'Živjo', 'text'],
        ['00000000-0000-4000-8000-0000000000c1', '❤️', 'like'],
        ['00000000-0000-4000-8000-0000000000c1', '🐕', 'emoji'],
      ]);
      // From now on the pair cannot get a second chat.
      await expect(
        db.run(`insert into chats (owner_id, user_id, dog_id, other_dog_id, chat_name) values
          ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b',
           '00000000-0000-4000-8000-0000000000da', '00000000-0000-4000-8000-0000000000db', 'Luna')`),
      ).rejects.toThrow();
    } finally {
      await db.close();
    }
  });

  it('0012 gives each event’s creator a seat without taking one from anyone who had it', async () => {
    const db = await open(kind);
    try {
      const before = migrationsBefore('0012_event_tools');
      folders.push(before);
      await db.migrate(before);
      const user = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const event = (n: number) => `00000000-0000-4000-8000-0000000e${String(n).padStart(4, '0')}`;
      const people = Array.from({ length: 103 }, (_, i) => `('${user(i)}', 'u${i}@example.com')`);
      // 1: 1 of 20 joined; 2: full at 5 of 5; 3: full at 100 of 100 (no room to grow).
      const joins = [
        ...[1].map((u) => [1, u, 0]),
        ...[1, 2, 3, 4, 5].map((u) => [2, u, 0]),
        ...Array.from({ length: 100 }, (_, i) => [3, i + 1, i]),
      ].map(([e, u, second]) => {
        const at = new Date(Date.UTC(2026, 4, 1, 10, 0, second)).toISOString();
        return `('${event(e!)}', '${user(u!)}', '${at}')`;
      });
      await db.run(`
        insert into users (id, email) values ${people.join(', ')};
        insert into events (id, user_id, title, event_date, event_time, starts_at, location_name, country, city,
            max_attendees, current_attendees) values
          ('${event(1)}', '${user(0)}', 'A', '2027-01-01', '10:00', '2027-01-01T09:00Z', 'P', 'SI', 'Ljubljana', 20, 1),
          ('${event(2)}', '${user(0)}', 'B', '2027-01-01', '10:00', '2027-01-01T09:00Z', 'P', 'SI', 'Ljubljana', 5, 5),
          ('${event(3)}', '${user(0)}', 'C', '2027-01-01', '10:00', '2027-01-01T09:00Z', 'P', 'SI', 'Ljubljana', 100, 100);
        insert into event_attendees (event_id, user_id, joined_at) values ${joins.join(', ')};`);

      await db.migrate(MIGRATIONS);

      const rows = await db.run(`select title, max_attendees, current_attendees,
          (select count(*)::int from event_attendees a where a.event_id = e.id and a.status = 'going') as going,
          (select count(*)::int from event_attendees a where a.event_id = e.id and a.status = 'waiting') as waiting
        from events e order by title`);
      expect(rows).toEqual([
        { title: 'A', max_attendees: 20, current_attendees: 2, going: 1, waiting: 0 },
        { title: 'B', max_attendees: 6, current_attendees: 6, going: 5, waiting: 0 },
        { title: 'C', max_attendees: 100, current_attendees: 100, going: 99, waiting: 1 },
      ]);
      // The last to join C waits first in line.
      const [last] = await db.run(
        `select user_id from event_attendees where event_id = '${event(3)}' and status = 'waiting'`,
      );
      expect(last!.user_id).toBe(user(100));
    } finally {
      await db.close();
    }
  });

  it('0013 adds the places with coordinates and gives each listed dog its place; free-text places stay without', async () => {
    const db = await open(kind);
    try {
      const before = migrationsBefore('0013_matching_filters');
      folders.push(before);
      await db.migrate(before);
      await db.run(`
        insert into users (id, email) values ('00000000-0000-4000-8000-00000000000a', 'ana@example.com');
        insert into dog_profiles (id, user_id, name, breed, age, location, origin_country) values
          ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-00000000000a', 'Luna', 'Mešanec', 3, 'Koper', 'SI'),
          ('00000000-0000-4000-8000-0000000000d2', '00000000-0000-4000-8000-00000000000a', 'Rex', 'Mešanec', 3, 'Wien', 'AT'),
          ('00000000-0000-4000-8000-0000000000d3', '00000000-0000-4000-8000-00000000000a', 'Max', 'Mešanec', 3, 'Bruselj', 'BE'),
          ('00000000-0000-4000-8000-0000000000d4', '00000000-0000-4000-8000-00000000000a', 'Bela', 'Mešanec', 3, 'Ljubljana', null);`);

      await db.migrate(MIGRATIONS);

      const dogs = await db.run(`select d.name, p.country_code, p.name as place from dog_profiles d
        left join places p on p.id = d.place_id order by d.name`);
      expect(dogs).toEqual([
        { name: 'Bela', country_code: 'SI', place: 'Ljubljana' },
        { name: 'Luna', country_code: 'SI', place: 'Koper' },
        { name: 'Max', country_code: null, place: null },
        { name: 'Rex', country_code: 'AT', place: 'Wien' },
      ]);
      const [count] = await db.run(`select count(*)::int as n from places`);
      expect(count).toEqual({ n: 764 });
      // The distance index answers: the places within 20 km of Koper.
      const near = await db.run(`select p.name from places f, places p
        where f.country_code = 'SI' and f.name = 'Koper'
          and earth_box(ll_to_earth(f.lat, f.lon), 20000) @> ll_to_earth(p.lat, p.lon)
          and earth_distance(ll_to_earth(f.lat, f.lon), ll_to_earth(p.lat, p.lon)) < 20000
        order by p.name`);
      const names = near.map((row) => row.name);
      expect(names).toEqual(expect.arrayContaining(['Ankaran', 'Izola', 'Koper', 'Muggia', 'Trieste']));
      expect(names).not.toContain('Ljubljana');
    } finally {
      await db.close();
    }
  });

  it('0014 counts every event chat message written before it as read by the chat’s members', async () => {
    const db = await open(kind);
    try {
      const before = migrationsBefore('0014_event_chat_reads');
      folders.push(before);
      await db.migrate(before);
      const user = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const event = (n: number) => `00000000-0000-4000-8000-0000000e${String(n).padStart(4, '0')}`;
      // Event 1: organiser 0, a seat (1), the line (2); messages by 0 and 1. Event 2: no messages.
      await db.run(`
        insert into users (id, email) values ${[0, 1, 2].map((i) => `('${user(i)}', 'u${i}@example.com')`).join(', ')};
        insert into events (id, user_id, title, event_date, event_time, starts_at, location_name, country, city)
          values ('${event(1)}', '${user(0)}', 'A', '2027-01-01', '10:00', '2027-01-01T09:00Z', 'P', 'SI', 'Ljubljana'),
                 ('${event(2)}', '${user(0)}', 'B', '2027-01-01', '10:00', '2027-01-01T09:00Z', 'P', 'SI', 'Ljubljana');
        insert into event_attendees (event_id, user_id, status) values
          ('${event(1)}', '${user(1)}', 'going'), ('${event(1)}', '${user(2)}', 'waiting');
        insert into event_messages (event_id, sender_id, content) values
          ('${event(1)}', '${user(0)}', 'Živjo'), ('${event(1)}', '${user(1)}', 'Pridem');`);
      const [last] = await db.run(`select max(seq)::int as seq from event_messages`);

      await db.migrate(MIGRATIONS);

      const reads = await db.run(
        `select event_id, user_id, read_seq::int as read_seq from event_chat_reads order by user_id`,
      );
      expect(reads).toEqual([
        { event_id: event(1), user_id: user(0), read_seq: last!.seq },
        { event_id: event(1), user_id: user(1), read_seq: last!.seq },
      ]);
    } finally {
      await db.close();
    }
  });

  it('0018 gives each dog the birth month its age stands for, keeps genders, and counts filters from age 0', async () => {
    const db = await open(kind);
    try {
      const before = migrationsBefore('0018_dog_birth');
      folders.push(before);
      await db.migrate(before);
      const user = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const ljubljana = `(select id from places where country_code = 'SI' and name = 'Ljubljana')`;
      const filters = (ageMin: number, ageMax: number) =>
        JSON.stringify({ sizes: [], ageMin, ageMax, gender: null, breeds: [] });
      // Rex took the gender default (male) of the time; Luna said female.
      await db.run(`
        insert into users (id, email) values ${[1, 2].map((i) => `('${user(i)}', 'u${i}@example.com')`).join(', ')};
        insert into dog_profiles (user_id, name, breed, age, gender, location) values
          ('${user(1)}', 'Luna', 'Mešanec', 3, 'female', 'Ljubljana'),
          ('${user(1)}', 'Stara', 'Mešanec', 20, 'female', 'Ljubljana');
        insert into dog_profiles (user_id, name, breed, age, location) values
          ('${user(2)}', 'Rex', 'Mešanec', 1, 'Kranj');
        insert into deck_filters (user_id, filters) values
          ('${user(1)}', '{"radiusKm":200,"ageMin":1,"ageMax":20}'), ('${user(2)}', '{"radiusKm":50,"ageMin":3,"ageMax":9}');
        insert into deck_positions (user_id, from_place_id, bucket, filters_key, position, checked_at) values
          ('${user(1)}', ${ljubljana}, 0, '${filters(1, 20)}', 0.5, now()),
          ('${user(2)}', ${ljubljana}, 0, '${filters(3, 9)}', 0.5, now());`);

      await db.migrate(MIGRATIONS);

      const month = utcMonthIndex();
      const dogs =
        await db.run(`select name, gender, to_char(born_on, 'YYYY-MM-DD') as born_on from dog_profiles
        order by name`);
      expect(dogs).toEqual([
        { name: 'Luna', gender: 'female', born_on: `${monthOfIndex(month - 36)}-01` },
        { name: 'Rex', gender: 'male', born_on: `${monthOfIndex(month - 12)}-01` },
        { name: 'Stara', gender: 'female', born_on: `${monthOfIndex(month - 240)}-01` },
      ]);
      expect(
        await db.run(`select column_name from information_schema.columns
        where table_name = 'dog_profiles' and column_name = 'age'`),
      ).toEqual([]);
      // No default gender any more: a dog without one is refused.
      await expect(
        db.run(`insert into dog_profiles (user_id, name, breed, born_on, location)
          values ('${user(1)}', 'Brez', 'Mešanec', '2025-01-01', 'Ljubljana')`),
      ).rejects.toThrow();
      // The lowest bound of before (1) meant any age: it is 0 now, in the filters and the walks kept with them.
      const saved = await db.run(`select filters->>'ageMin' as age_min from deck_filters order by user_id`);
      expect(saved.map((row) => row.age_min)).toEqual(['0', '3']);
      const walks = await db.run(`select filters_key from deck_positions order by user_id`);
      expect(walks.map((row) => JSON.parse(row.filters_key as string).ageMin)).toEqual([0, 3]);
    } finally {
      await db.close();
    }
  });
});
