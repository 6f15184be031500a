import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { users } from '../../server/db/schema';

describe('embedded PGlite database', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-db-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('persists under DATA_DIR and is migrated', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    await first.db.insert(users).values({ email: 'keep@example.com' });
    await first.close();
    const second = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(await second.db.select().from(users).where(eq(users.email, 'keep@example.com'))).toHaveLength(1);
      const tables = await second.db.execute<{ n: number }>(
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      );
      // Every table of the schema (plus drizzle's record of the migrations, in its own schema).
      const declared = Object.values(schema).filter((value) => is(value, PgTable)).length;
      expect(Number((tables as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(declared);
    } finally {
      await second.close();
    }
  });

  it('refuses a second opener while the first holds the lock, and releases it on close', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(/in use by process \d+/);
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    const again = await openDatabase({ databaseUrl: undefined, dataDir });
    await again.close();
  });

  it('takes over a lock an earlier process with our pid left behind (pid 1 in a container)', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), `${process.pid} an-earlier-instance`);
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    await db.close();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), '2147483646');
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    expect(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toMatch(
      new RegExp(`^${process.pid} `),
    );
    await db.close();
  });
});
