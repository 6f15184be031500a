// `npm run bench`: every performance budget, measured on the built tree, in one report. One throwaway
// PostgreSQL is seeded once (bench/seed.ts) and serves the built server (`node dist/server.mjs`), a second
// instance joining for cross-instance chat delivery. Prints one table (metric | value | budget | ok), writes
// the same figures to bench/results.json, and exits 1 when a budget is over, after the whole report.
// BENCH_QUICK=1: smaller volumes and shorter runs, for development; BENCH_ONLY picks parts (see below).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { openDatabase } from '../server/db/client';
import { createDatabase, postgresAvailable, startPostgres } from '../tests/helpers/postgres';
import { routeSizes } from '../scripts/bundle-size';
import { benchAccessTokens } from './access-tokens';
import { benchChatDelivery } from './chat-delivery';
import { benchDeckThroughput, benchHeavySwipers } from './deck';
import { benchDogsGrid } from './dogs-grid';
import { benchEventsSerial } from './events';
import { benchLighthouse } from './lighthouse';
import { cleanUp, info, onCleanup, QUICK, type Row, scoped, startServerProcess } from './lib';
import { benchRequestDelivery } from './matching';
import { benchProcedures } from './procedures';
import { benchLostAlert } from './lost-alert';
import { benchPush } from './push';
import { seedDatabase, VOLUMES } from './seed';
import { benchSignIn } from './sign-in';
import { benchSlowClients } from './slow-clients';
import { benchSockets } from './sockets';
import { benchSpotsNear } from './spots';
import { benchStartup } from './startup';
import { benchThroughput } from './throughput';
import { benchUploads } from './uploads';

const rows: Row[] = [];
/** BENCH_ONLY=size,startup,uploads,grid,sockets,slow,tokens,lighthouse,postgres,deck,spots,lost: run only these parts (development; `deck`, `spots` and `lost` are in `postgres`). */
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const wanted = (part: string) => !only || only.includes(part);

/** Runs one benchmark; a failure becomes a failed row and the report goes on. */
async function stage(name: string, run: () => Promise<Row[]> | Row[]) {
  console.log(`\n── ${name}`);
  try {
    rows.push(...(await scoped(async () => run())));
  } catch (error) {
    console.error(`${name} failed:`, error);
    rows.push({ metric: name, value: null, unit: '', ok: false, note: `failed: ${String(error)}` });
  }
}

async function postgresBenchmarks() {
  if (!postgresAvailable()) {
    rows.push({
      metric: 'PostgreSQL benchmarks',
      value: null,
      unit: '',
      ok: false,
      note: 'not run: no PostgreSQL binaries (initdb, pg_ctl)',
    });
    return;
  }
  const postgresServer = await startPostgres();
  onCleanup(() => postgresServer.stop());
  const databaseUrl = await createDatabase(postgresServer.url);
  // Instance A migrates the empty database at start-up; the seed follows.
  const a = await startServerProcess('a', { DATABASE_URL: databaseUrl });
  await stage('seed', async () => [
    info(
      'seed (users, dogs, events, chats with messages)',
      Number((await seedDatabase(databaseUrl)).toFixed(1)),
      's',
      `${VOLUMES.users} users, ${VOLUMES.dogs} dogs, ${VOLUMES.events} events, ${VOLUMES.chats} chats`,
    ),
  ]);
  // The bench's own connection, for sessions made directly (as sign-in would).
  const database = await openDatabase({ databaseUrl, dataDir: 'data' });
  onCleanup(() => database.close());
  const db = database.db;
  await stage('throughput', () => benchThroughput(a.url));
  await stage('procedures at 50 concurrent callers', () => benchProcedures(a.url, db));
  await stage('events.list one at a time', () => benchEventsSerial(a.url, db));
  await stage('dog places near a point', () => benchSpotsNear(a.url, databaseUrl, db));
  await stage('deck: heavy swipers, 100,000 dogs', () =>
    benchHeavySwipers({ url: a.url, databaseUrl, db, dogs: VOLUMES.dogs }),
  );
  await stage('deck: calls/s against raw SQL', () => benchDeckThroughput(a.url, databaseUrl, db));
  await stage('request delivery', () => benchRequestDelivery(a.url, db));
  await stage('sign-in', () => benchSignIn(a.url));
  const common = { databaseUrl, db, budgetMs: 50 };
  await stage('chat delivery, one instance', () =>
    benchChatDelivery({
      ...common,
      label: 'one instance',
      senderUrl: a.url,
      receiverUrl: a.url,
      serverPids: [a.child.pid!],
    }),
  );
  await stage('notifications away from the app', () => benchPush(postgresServer.url));
  await stage('a lost-dog alert to 20,000 owners nearby', () => benchLostAlert(postgresServer.url));
  await stage('deck: heavy swipers, 1,000,000 dogs', () => benchMillionDogs(postgresServer.url));
  await stage('chat delivery, two instances', async () => {
    const b = await startServerProcess('b', { DATABASE_URL: databaseUrl });
    try {
      return await benchChatDelivery({
        ...common,
        label: 'two instances',
        budgetMs: 100,
        senderUrl: a.url,
        receiverUrl: b.url,
        serverPids: [a.child.pid!, b.child.pid!],
      });
    } finally {
      await b.stop();
    }
  });
}

/** The deck at ten times the dogs: its own database on the same PostgreSQL, seeded the same way, its own server. */
async function benchMillionDogs(postgresUrl: string): Promise<Row[]> {
  const volumes = { ...VOLUMES, users: VOLUMES.users * 10, dogs: VOLUMES.dogs * 10, events: 0, chats: 0 };
  const databaseUrl = await createDatabase(postgresUrl);
  const c = await startServerProcess('c', { DATABASE_URL: databaseUrl });
  try {
    const seconds = await seedDatabase(databaseUrl, volumes);
    const database = await openDatabase({ databaseUrl, dataDir: 'data' });
    try {
      return [
        info(
          'seed, 1,000,000 dogs',
          Number(seconds.toFixed(1)),
          's',
          `${volumes.users} users, ${volumes.dogs} dogs`,
        ),
        ...(await benchHeavySwipers({
          url: c.url,
          databaseUrl,
          db: database.db,
          dogs: volumes.dogs,
        })),
      ];
    } finally {
      await database.close();
    }
  } finally {
    await c.stop();
  }
}

/** BENCH_ONLY=deck: the deck's rows alone (a PostgreSQL of its own, seeded the same way). */
async function deckBenchmarks() {
  if (!postgresAvailable()) return;
  const postgresServer = await startPostgres();
  onCleanup(() => postgresServer.stop());
  const databaseUrl = await createDatabase(postgresServer.url);
  const a = await startServerProcess('a', { DATABASE_URL: databaseUrl });
  await seedDatabase(databaseUrl);
  const database = await openDatabase({ databaseUrl, dataDir: 'data' });
  onCleanup(() => database.close());
  await stage('deck: heavy swipers, 100,000 dogs', () =>
    benchHeavySwipers({ url: a.url, databaseUrl, db: database.db, dogs: VOLUMES.dogs }),
  );
  await stage('deck: calls/s against raw SQL', () => benchDeckThroughput(a.url, databaseUrl, database.db));
  await a.stop();
  await stage('deck: heavy swipers, 1,000,000 dogs', () => benchMillionDogs(postgresServer.url));
}

/** BENCH_ONLY=spots: the places' rows alone (a PostgreSQL of its own, with no other data). */
async function spotsBenchmarks() {
  if (!postgresAvailable()) return;
  const postgresServer = await startPostgres();
  onCleanup(() => postgresServer.stop());
  const databaseUrl = await createDatabase(postgresServer.url);
  const a = await startServerProcess('a', { DATABASE_URL: databaseUrl });
  const database = await openDatabase({ databaseUrl, dataDir: 'data' });
  onCleanup(() => database.close());
  await stage('dog places near a point', () => benchSpotsNear(a.url, databaseUrl, database.db));
}

function table(): string {
  const lines = rows.map((row) => [
    row.metric,
    row.value === null ? '—' : `${row.value.toLocaleString('en-US')} ${row.unit}`.trim(),
    row.budget ?? '',
    row.ok === undefined ? '' : row.ok ? 'yes' : '**no**',
    row.note ?? '',
  ]);
  const header = ['Metric', 'Value', 'Budget', 'OK', 'Note'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join('\n');
}

const started = new Date();
const interrupted = (signal: NodeJS.Signals) => {
  console.error(`\n${signal}: stopping every process the bench started`);
  void cleanUp().finally(() => process.exit(130));
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);
try {
  if (wanted('size'))
    await stage('initial JavaScript per route', () =>
      routeSizes().map(({ route, kb, budgetKb }) =>
        budgetKb === undefined
          ? info(`initial JS ${route}`, Number(kb.toFixed(1)), 'KB gz')
          : {
              metric: `initial JS ${route}`,
              value: Number(kb.toFixed(1)),
              unit: 'KB gz',
              budget: `≤ ${budgetKb} KB gz`,
              ok: kb <= budgetKb,
            },
      ),
    );
  if (wanted('startup')) await stage('start-up', benchStartup);
  if (wanted('uploads')) await stage('upload pipeline', benchUploads);
  if (wanted('grid')) await stage('/dogs grid', benchDogsGrid);
  if (wanted('sockets')) await stage('WebSocket memory', benchSockets);
  if (wanted('slow') && postgresAvailable()) await stage('clients that do not read', benchSlowClients);
  if (wanted('tokens') && postgresAvailable()) await stage('access tokens', benchAccessTokens);
  if (wanted('lighthouse')) await stage('Lighthouse, mobile', benchLighthouse);
  if (wanted('postgres'))
    await stage('PostgreSQL', async () => {
      await postgresBenchmarks();
      return [];
    });
  else {
    if (only?.includes('deck'))
      await stage('deck', async () => {
        await deckBenchmarks();
        return [];
      });
    if (only?.includes('spots'))
      await stage('spots', async () => {
        await spotsBenchmarks();
        return [];
      });
    if (only?.includes('lost') && postgresAvailable())
      await stage('a lost-dog alert to 20,000 owners nearby', async () => {
        const postgresServer = await startPostgres();
        onCleanup(() => postgresServer.stop());
        return benchLostAlert(postgresServer.url);
      });
  }
} finally {
  await cleanUp();
}

const failed = rows.filter((row) => row.ok === false);
console.log(`\n${table()}\n`);
/** The commit the figures describe, `+changes` when the working tree differed from it (issue 34). */
function measuredCommit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  try {
    return `${git('rev-parse', '--short=9', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? '+changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

const results = {
  date: started.toISOString(),
  commit: measuredCommit(),
  durationSeconds: Math.round((Date.now() - started.getTime()) / 1000),
  quick: QUICK,
  machine: {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  },
  volumes: VOLUMES,
  rows,
  failed: failed.map((row) => row.metric),
};
const file = path.join(import.meta.dirname, 'results.json');
// In Prettier's style, so `npm run lint` passes with the file committed.
const options = await prettier.resolveConfig(file);
fs.writeFileSync(file, await prettier.format(JSON.stringify(results), { ...options, filepath: file }));
console.log(
  `${failed.length === 0 ? 'every budget holds' : `over budget: ${failed.map((row) => row.metric).join('; ')}`} ` +
    `(${path.relative(process.cwd(), file)}, ${results.durationSeconds} s)`,
);
process.exit(failed.length === 0 ? 0 : 1);
