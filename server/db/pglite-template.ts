import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * Creating a PGlite cluster runs initdb in WebAssembly (≈5 s here); restoring a dump of an already migrated
 * one takes ≈1 s. `npm run build` (and the test setup) write that dump once per PGlite version and
 * migrations set; a new embedded or in-memory database starts from it, so first start and tests are fast.
 */
const CACHE = path.join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'tacke');

function templateFile(migrations: string): string {
  const hash = createHash('sha256');
  const pkg = path.join(
    import.meta.dirname,
    '..',
    '..',
    'node_modules',
    '@electric-sql',
    'pglite',
    'package.json',
  );
  hash.update(fs.existsSync(pkg) ? String(JSON.parse(fs.readFileSync(pkg, 'utf8')).version) : 'unknown');
  for (const file of fs
    .readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    hash.update(file).update(fs.readFileSync(path.join(migrations, file)));
  return path.join(CACHE, `pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

export async function readTemplate(migrations: string): Promise<Blob | undefined> {
  const file = templateFile(migrations);
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** Write the template unless it is already there; returns its path. */
export async function writeTemplate(migrations: string): Promise<string> {
  const file = templateFile(migrations);
  if (fs.existsSync(file)) return file;
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder: migrations });
    const dump = await client.dumpDataDir('gzip');
    fs.mkdirSync(CACHE, { recursive: true });
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}
