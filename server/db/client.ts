import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { ROOT } from '../paths';
import { copyTemplate, PGLITE_EXTENSIONS, readTemplate } from './pglite-template';
import { preparedStatements } from './prepared-statements';
import * as schema from './schema';
import { allowEarlyCommit, nodePostgresValue } from './transact';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Services take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The postgres.js client (LISTEN/NOTIFY), when on PostgreSQL. */
  sql?: postgres.Sql;
  /** Plain SQL for libraries that bring their own (the job queue): statements with `$n` parameters, or a
   * parameterless script of several statements (the rows of all of them, as node-postgres answers; a script
   * that fails inside its own BEGIN is rolled back, so the connection is not left in an aborted transaction). */
  execute(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs `setup` while no other instance runs its own (schema setup of such libraries races otherwise). */
  serialised<T>(setup: () => Promise<T>): Promise<T>;
  /**
   * Whether the database answers, over a connection of its own: a health check must not wait behind a pool
   * that busy calls hold (a load balancer would take a healthy instance out).
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS = path.join(ROOT, 'drizzle');
/** Any constant: serialises migrations and other schema setup when several instances start at once. */
const SETUP_LOCK = 727_001;

/** Open the database `databaseUrl` names (see README "Configuration") and apply pending migrations. */
export async function openDatabase(opts: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  const { databaseUrl, dataDir } = opts;
  if (databaseUrl && databaseUrl !== 'memory://') return openPostgres(databaseUrl);
  if (databaseUrl === 'memory://')
    return openPglite(new PGlite({ ...pgliteOptions(), startParams: PGLITE_START }), async () => {});
  const dir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const release = takeLock(path.join(dataDir, 'pglite.lock'));
  try {
    const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
    const options = fresh && !(await copyTemplate(MIGRATIONS, dir)) ? pgliteOptions() : {};
    const pglite = new PGlite(dir, { ...options, extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START });
    return await openPglite(pglite, async () => release());
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite runs PostgreSQL inside this process, and its shared buffers are resident from the start: at the
 * default 128 MB they were a third of a new server's memory. 16 MB holds the embedded database's working set
 * (one user's app and the demo set; larger sites run on PostgreSQL): RSS after start 510 → 350 MB.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
const PGLITE_START = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/** A new PGlite database starts from the migrated template when there is one (see pglite-template.ts). */
function pgliteOptions() {
  const template = readTemplate(MIGRATIONS);
  return { extensions: PGLITE_EXTENSIONS, ...(template && { loadDataDir: template }) };
}

async function openPglite(client: PGlite, afterClose: () => Promise<void>): Promise<Database> {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
  return {
    db,
    kind: 'pglite',
    async execute(text, values) {
      if (values?.length) return client.query(text, values);
      try {
        return { rows: (await client.exec(text)).flatMap((result) => result.rows) };
      } catch (error) {
        // PGlite's one connection would refuse every later statement until the end of that transaction.
        if (/\bBEGIN\b/i.test(text)) await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    },
    // One process owns a PGlite database.
    serialised: (setup) => setup(),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
      await afterClose();
    },
  };
}

/**
 * postgres.js's connections as it makes them, but with Nagle's algorithm off (it leaves it on). Statements
 * sent together leave in more than one write past 1 KB, and the kernel held a small later write back until
 * the earlier one was acknowledged, that is until its answer came: a round trip of its own
 * (tests/integration/round-trips.test.ts). postgres.js starts its connect timeout once it has the socket and
 * writes its start-up message as the socket connects. One host (postgres.js would try several in turn).
 */
const NO_DELAY = {
  socket({ host, port, path }: { host: string[]; port: number[]; path?: string | false }) {
    // Set before the connection (Node applies it once connected; the connect option of that name did not).
    const socket = new net.Socket().setNoDelay(true);
    return path ? socket.connect(path) : socket.connect({ host: host[0]!, port: port[0]! });
  },
} as object;

async function openPostgres(url: string): Promise<Database> {
  // One connection holds the advisory lock for the whole migration run.
  const migrator = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrator`select pg_advisory_lock(${SETUP_LOCK})`;
    await migratePostgres(drizzlePostgres(migrator), { migrationsFolder: MIGRATIONS });
  } finally {
    await migrator.end();
  }
  // postgres.js waits up to 20 s between reconnect attempts after a run of failures (3^n / 100 s); the
  // LISTEN connection of the bus waits too, so realtime would stay dark that long after a database restart.
  const backoff = (retries: number) => Math.min(3 ** retries / 100, 2) * (0.5 + Math.random() / 2);
  // A database that does not answer fails a call within 5 s (503, try again) instead of holding it for
  // postgres.js's default 30.
  const sql = postgres(url, { max: 10, onnotice: () => {}, backoff, connect_timeout: 5, ...NO_DELAY });
  const health = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 3, idle_timeout: 60 });
  const db = drizzlePostgres(preparedStatements(sql), { schema }) as unknown as Db;
  allowEarlyCommit(db);
  return {
    db,
    kind: 'postgres',
    sql,
    async execute(text, values) {
      if (values?.length) {
        const params = values.map(nodePostgresValue);
        return {
          rows: await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true }),
        };
      }
      // A script: the simple protocol runs several statements and answers one result each; one that opens a
      // transaction needs a connection of its own (postgres.js refuses BEGIN on the pool).
      const run = async (on: postgres.Sql): Promise<unknown[]> => on.unsafe(text).simple();
      let results: unknown[];
      if (/\bBEGIN\b/i.test(text)) {
        const reserved = await sql.reserve();
        try {
          results = await run(reserved).catch(async (error: unknown) => {
            await reserved.unsafe('ROLLBACK').catch(() => {});
            throw error;
          });
        } finally {
          reserved.release();
        }
      } else results = await run(sql);
      // Several statements answer one result (an array of rows) each.
      const rows = results.length && results.every(Array.isArray) ? results.flat() : results;
      return { rows };
    },
    async serialised(setup) {
      // A session lock on a connection of its own, held while `setup` uses the pool.
      const holder = await sql.reserve();
      try {
        await holder`select pg_advisory_lock(${SETUP_LOCK})`;
        try {
          return await setup();
        } finally {
          await holder`select pg_advisory_unlock(${SETUP_LOCK})`;
        }
      } finally {
        holder.release();
      }
    },
    async ping() {
      await health`select 1`;
    },
    async close() {
      await Promise.all([sql.end({ timeout: 5 }), health.end({ timeout: 1 })]);
    },
  };
}

/** Error codes of a database that is away for now (postgres.js's own, the socket's, PostgreSQL's 08/57P). */
const UNAVAILABLE = /^(CONNECTION_|CONNECT_TIMEOUT$|ECONN|EPIPE$|ETIMEDOUT$|EHOSTUNREACH$|08|57P0)/;

/** Whether `error` (or what it wraps: Drizzle wraps driver errors) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && UNAVAILABLE.test(code)) return true;
  }
  return false;
}

/** Tells this process apart from an earlier one with the same pid (a container's node is always pid 1). */
const INSTANCE = crypto.randomUUID();

/**
 * PGlite keeps its files in one process only. The lock file holds "pid instance"; a lock whose process no
 * longer runs, or that an earlier process with our pid left, is taken over. The lock goes when the
 * database closes, or at the latest when the process exits.
 */
function takeLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // Written whole under a temporary name, then linked: nobody ever reads a half-written lock.
      const partial = `${file}.${process.pid}.${INSTANCE}`;
      fs.writeFileSync(partial, `${process.pid} ${INSTANCE}`);
      try {
        fs.linkSync(partial, file);
      } finally {
        fs.rmSync(partial, { force: true });
      }
      const release = () => fs.rmSync(file, { force: true });
      process.once('exit', release);
      return () => {
        process.off('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pid, instance] = fs.readFileSync(file, 'utf8').split(' ');
      const owner = Number(pid);
      const earlierSelf = owner === process.pid && instance !== INSTANCE;
      if (Number.isInteger(owner) && owner > 0 && !earlierSelf && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${path.dirname(file)} is in use by process ${owner}. ` +
            'Stop that process, or point DATA_DIR somewhere else.',
          { cause: error },
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the database lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
