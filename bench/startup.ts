// Time from launching the built server to its first healthy /healthz, on embedded PGlite.
// Budget (issue 2): within 3 s. Cases: a new DATA_DIR (first start) and an existing one (every later start).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ALLOCATOR_ENV } from '../scripts/allocator.mjs';
import { freePort } from '../tests/helpers/postgres';
import { median, QUICK, type Row, SERVER_NODE_FLAGS, stopChild, within } from './lib';

const RUNS = QUICK ? 2 : 5;
const BUDGET_MS = 3000;
/** Issue 32: the embedded default's resident memory after start. */
const RSS_BUDGET_MB = 256;

/** How long after the first healthy answer the server's resident memory is read (the demo set seeds meanwhile). */
const SETTLE_MS = 5000;

/** The server's resident set size in MB (Linux), or null elsewhere. */
function rssOf(pid: number | undefined): number | null {
  const status = pid ? fs.readFileSync(`/proc/${pid}/status`, 'utf8') : '';
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Math.round(Number(kb) / 1024) : null;
}

async function timeToHealthy(dataDir: string, memory?: { rss: number | null }): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server.mjs'], {
    env: {
      ...ALLOCATOR_ENV,
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
      if (res?.ok) {
        const elapsed = performance.now() - started;
        if (memory) {
          await new Promise((r) => setTimeout(r, SETTLE_MS));
          memory.rss = rssOf(child.pid);
        }
        return elapsed;
      }
      await new Promise((r) => setTimeout(r, 20));
      if (performance.now() - started > 30_000) throw new Error('no healthy answer within 30 s');
    }
  } finally {
    await stopChild(child);
  }
}

export async function benchStartup(): Promise<Row[]> {
  if (!fs.existsSync('dist/server.mjs')) throw new Error('run `npm run build` first');
  const fresh: number[] = [];
  const existing: number[] = [];
  const memory = { fresh: { rss: null as number | null }, existing: { rss: null as number | null } };
  for (let i = 0; i < RUNS; i++) {
    // Under ./data, where `npm start` keeps its database (not the system temp folder, which may be slower).
    fs.mkdirSync('data', { recursive: true });
    const dataDir = fs.mkdtempSync(path.join('data', 'bench-'));
    try {
      // Memory once, on the first run: `npm start`'s embedded database with the demo set.
      fresh.push(await timeToHealthy(dataDir, i === 0 ? memory.fresh : undefined));
      existing.push(await timeToHealthy(dataDir, i === 0 ? memory.existing : undefined));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const report = (name: string, values: number[]) =>
    console.log(
      `start → /healthz, ${name}: median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms over ${RUNS} runs (budget ${BUDGET_MS} ms)`,
    );
  report('new DATA_DIR', fresh);
  report('existing DATA_DIR', existing);
  const note = `${SETTLE_MS / 1000} s after healthy, embedded database with the demo set`;
  return [
    within('start-up → healthy, new DATA_DIR (median)', Math.round(median(fresh)), 'ms', BUDGET_MS),
    within('start-up → healthy, existing DATA_DIR (median)', Math.round(median(existing)), 'ms', BUDGET_MS),
    within('server RSS after start, new DATA_DIR', memory.fresh.rss ?? NaN, 'MB', RSS_BUDGET_MB, note),
    within(
      'server RSS after start, existing DATA_DIR',
      memory.existing.rss ?? NaN,
      'MB',
      RSS_BUDGET_MB,
      note,
    ),
  ];
}
