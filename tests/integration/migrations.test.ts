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

  it('0011 adds the places with coordinates and gives each listed dog its place; free-text places stay without', async () => {
    const db = await open(kind);
    try {
      const before = migrationsBefore('0011_matching_filters');
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
});
