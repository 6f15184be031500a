import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { afterCommit, commitWith, inLibrary, together, transact } from '../../server/db/transact';
import { dbKinds } from '../helpers/app';
import { createDatabase } from '../helpers/postgres';

/** The SQLSTATE of a driver's error, wherever Drizzle wrapped it. */
function sqlState(error: unknown) {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

describe.each(dbKinds())('a transaction whose commit goes with its last statements (%s)', (kind) => {
  let database: Database;
  beforeEach(async () => {
    const databaseUrl = kind === 'pglite' ? 'memory://' : await createDatabase(inject('postgresUrl'));
    database = await openDatabase({ databaseUrl, dataDir: 'unused' });
    await database.execute('create table probe (n int primary key, xid text)');
  });
  afterEach(() => database.close());

  const insert = (db: Database['db'], n: number) =>
    db.execute(sql`insert into probe (n, xid) values (${n}, pg_current_xact_id()::text)`);
  const stored = async () =>
    (await database.execute('select n, xid from probe order by n')).rows as Array<{ n: number; xid: string }>;

  it('stores them all, then runs what waited for the commit', async () => {
    let ran = false;
    await transact(database.db, async (tx) => {
      await insert(tx, 1);
      afterCommit(tx, () => (ran = true));
      await together([insert(tx, 2), insert(tx, 3), commitWith(tx)]);
    });
    const rows = await stored();
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3]);
    // One transaction: none of them ran on its own after the commit.
    expect(new Set(rows.map((row) => row.xid)).size).toBe(1);
    expect(ran).toBe(true);
  });

  it('a statement that fails with the commit: its error, and nothing of the transaction is stored', async () => {
    let ran = false;
    const failed = await transact(database.db, async (tx) => {
      await insert(tx, 1);
      afterCommit(tx, () => (ran = true));
      // The second row repeats the first's key.
      await together([insert(tx, 2), insert(tx, 1), commitWith(tx)]);
    }).catch((error: unknown) => error);
    expect(sqlState(failed)).toBe('23505');
    expect(await stored()).toEqual([]);
    expect(ran).toBe(false);
  });

  it("a library's statement, sent after awaits of its own, is part of the transaction", async () => {
    await transact(database.db, async (tx) => {
      await insert(tx, 1);
      await together([
        inLibrary(tx, async (library) => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          return library.executeSql(
            'insert into probe (n, xid) values ($1, pg_current_xact_id()::text)',
            [2],
          );
        }),
        commitWith(tx),
      ]);
    });
    const [first, second] = await stored();
    // The same transaction id: not run on its own after the commit.
    expect(second).toEqual({ n: 2, xid: first!.xid });
  });
});

describe.runIf(dbKinds().includes('postgres'))('a transaction on PostgreSQL', () => {
  let database: Database;
  beforeEach(async () => {
    database = await openDatabase({
      databaseUrl: await createDatabase(inject('postgresUrl')),
      dataDir: 'unused',
    });
    await database.execute('create table probe (n int primary key)');
  });
  afterEach(() => database.close());

  it('fails when a statement failed where its work did not look, and stores nothing', async () => {
    const outcome = await transact(database.db, async (tx) => {
      await tx.execute(sql`insert into probe (n) values (1)`);
      await tx.execute(sql`insert into probe (n) values (1)`).catch(() => {});
      return 'done';
    }).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toMatch(/rolled back/);
    expect((await database.execute('select n from probe')).rows).toEqual([]);
  });
});
