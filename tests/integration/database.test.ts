import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { users } from '../../server/db/schema';

/**
 * Opens the embedded database in `dataDir` from a process of its own, as a second server would: exit code 0
 * and "opened under <its lock>" when it got it, 1 and the error when refused.
 */
function openInOtherProcess(dataDir: string): Promise<{ code: number; output: string }> {
  const script = `
    import fs from 'node:fs';
    import { openDatabase } from './server/db/client.ts';
    try {
      const db = await openDatabase({ databaseUrl: undefined, dataDir: process.env.DIR });
      process.stdout.write('opened under ' + fs.readFileSync(process.env.DIR + '/pglite.lock', 'utf8') + '\\n');
      await db.close();
    } catch (error) {
      process.stdout.write(String(error));
      process.exitCode = 1;
    }`;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { env: { ...process.env, DIR: dataDir }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number | undefined) ?? -1) : 0, output: stdout + stderr }),
    );
  });
}

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

  it('keeps its shared buffers small, on disk and in memory (they are resident from the start)', async () => {
    for (const databaseUrl of [undefined, 'memory://']) {
      const db = await openDatabase({ databaseUrl, dataDir: tempDir() });
      try {
        const { rows } = await db.execute(`select current_setting('shared_buffers') as size`);
        expect(rows, databaseUrl ?? 'on disk').toEqual([{ size: PGLITE_SHARED_BUFFERS }]);
      } finally {
        await db.close();
      }
    }
  });

  it('refuses a second opener while the first holds the lock, and releases it on close', async () => {
    const dataDir = tempDir();
    const lockFile = path.join(dataDir, 'pglite.lock');
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    // The holder: this process, and this opening of it ("pid instance").
    const held = fs.readFileSync(lockFile, 'utf8');
    expect(held).toMatch(new RegExp(`^${process.pid} [0-9a-f-]{36}$`));

    // A second opener in this process is refused at once, naming the holder; the lock stays the first's.
    await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(
      `in use by process ${process.pid}`,
    );
    // Another process (a second server on the same DATA_DIR) is refused the same way.
    expect(await openInOtherProcess(dataDir)).toEqual({
      code: 1,
      output: expect.stringContaining(`in use by process ${process.pid}`),
    });
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(held);
    // The first still works: nothing of the refused openings touched its database.
    await first.db.insert(users).values({ email: 'holder@example.com' });
    expect(await first.db.select().from(users).where(eq(users.email, 'holder@example.com'))).toHaveLength(1);

    await first.close();
    expect(fs.existsSync(lockFile)).toBe(false);
    // Released: the other process now gets the database (and its lock, gone again when it closes).
    const after = await openInOtherProcess(dataDir);
    expect(after).toEqual({ code: 0, output: expect.stringMatching(/^opened under \d+ [0-9a-f-]{36}\n$/) });
    expect(after.output).not.toContain(`${process.pid} `);
    expect(fs.existsSync(lockFile)).toBe(false);
    const again = await openDatabase({ databaseUrl: undefined, dataDir });
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(held);
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
