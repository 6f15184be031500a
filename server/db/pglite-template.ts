import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { ROOT } from '../paths';

/**
 * Creating a PGlite cluster runs initdb in WebAssembly (≈5 s here). `npm run build` (and the test set-up)
 * therefore make an already migrated cluster once per PGlite version and migrations set, in two forms:
 * a data directory that a new embedded database is copied from (a plain file copy, ≈0.1 s), and a tar
 * dump that an in-memory database is loaded from (≈0.7 s).
 */
/** The extensions the migrations create (every PGlite instance must load them). */
export const PGLITE_EXTENSIONS = { pg_trgm, cube, earthdistance };

const CACHE = path.join(ROOT, 'node_modules', '.cache', 'tacke');
const run = promisify(execFile);

function templateBase(migrations: string): string {
  const hash = createHash('sha256');
  const pkg = path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update(fs.existsSync(pkg) ? String(JSON.parse(fs.readFileSync(pkg, 'utf8')).version) : 'unknown');
  for (const file of fs
    .readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    hash.update(file).update(fs.readFileSync(path.join(migrations, file)));
  return path.join(CACHE, `pglite-${hash.digest('hex').slice(0, 16)}`);
}

/** The dump for an in-memory database, if the template exists. */
export function readTemplate(migrations: string): Blob | undefined {
  const tar = `${templateBase(migrations)}.tar`;
  return fs.existsSync(tar) ? new Blob([fs.readFileSync(tar)]) : undefined;
}

/**
 * Fill an empty data directory from the template; false when there is none or the copy failed (then the
 * caller loads the dump). The copy goes to a temporary name first, so a half copy never looks like a
 * database. It runs off the main thread and overlaps with loading the rest of the server.
 */
export async function copyTemplate(migrations: string, dir: string): Promise<boolean> {
  const source = templateBase(migrations);
  if (!fs.existsSync(path.join(source, 'PG_VERSION'))) return false;
  const partial = `${dir}.copy-${process.pid}`;
  try {
    // The system's cp is ~5× faster than fs.cp on the template's ~1,000 small files; fs.cp where there is none.
    await run('cp', ['-R', source, partial]).catch(() =>
      fs.promises.cp(source, partial, { recursive: true }),
    );
    await fs.promises.rm(dir, { recursive: true, force: true });
    await fs.promises.rename(partial, dir);
    return true;
  } catch {
    await fs.promises.rm(partial, { recursive: true, force: true });
    return false;
  }
}

/** Write the template unless it is already there; returns its base path. */
export async function writeTemplate(migrations: string): Promise<string> {
  const base = templateBase(migrations);
  if (fs.existsSync(`${base}.tar`) && fs.existsSync(path.join(base, 'PG_VERSION'))) return base;
  fs.mkdirSync(CACHE, { recursive: true });
  const partial = `${base}.${process.pid}`;
  const memory = new PGlite({ extensions: PGLITE_EXTENSIONS });
  let dump: Blob;
  try {
    await migrate(drizzle(memory), { migrationsFolder: migrations });
    dump = await memory.dumpDataDir('none');
  } finally {
    await memory.close();
  }
  const onDisk = new PGlite(partial, { loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
  await onDisk.waitReady;
  await onDisk.close();
  fs.writeFileSync(`${partial}.tar`, Buffer.from(await dump.arrayBuffer()));
  // Renames make each form appear whole, even when two processes race.
  fs.rmSync(base, { recursive: true, force: true });
  fs.renameSync(partial, base);
  fs.renameSync(`${partial}.tar`, `${base}.tar`);
  return base;
}
