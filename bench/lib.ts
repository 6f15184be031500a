// Shared by every benchmark: statistics, result rows, the built server as a child process, and clean-up.
import { setTimeout as sleep } from 'node:timers/promises';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import WebSocket from 'ws';
import { ALLOCATOR_ENV } from '../scripts/allocator.mjs';
import { freePort } from '../tests/helpers/postgres';

/** `BENCH_QUICK=1`: smaller volumes and shorter runs, for development. The default is the full spec. */
export const QUICK = process.env.BENCH_QUICK === '1' || process.env.BENCH_QUICK === 'true';

export const percentile = (values: number[], p: number) =>
  values.length === 0
    ? NaN
    : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
export const median = (values: number[]) => percentile(values, 50);
export const ms = (value: number) => `${value.toFixed(1)} ms`;
export { sleep };

/** One line of the report. `ok` is undefined for figures without a budget. */
export interface Row {
  metric: string;
  value: number | null;
  unit: string;
  budget?: string;
  ok?: boolean;
  note?: string;
}

/** A budget row: `value ≤ max`. */
export const within = (metric: string, value: number, unit: string, max: number, note?: string): Row => ({
  metric,
  value,
  unit,
  budget: `≤ ${max} ${unit}`,
  ok: Number.isFinite(value) && value <= max,
  ...(note && { note }),
});

/** A budget row: `value ≥ min`. */
export const atLeast = (metric: string, value: number, unit: string, min: number, note?: string): Row => ({
  metric,
  value,
  unit,
  budget: `≥ ${min} ${unit}`,
  ok: Number.isFinite(value) && value >= min,
  ...(note && { note }),
});

/** A figure without a budget. */
export const info = (metric: string, value: number, unit: string, note?: string): Row => ({
  metric,
  value,
  unit,
  ...(note && { note }),
});

// Everything started (server processes, PostgreSQL) registers its stop here; run.ts calls them all at the
// end, on failure and on Ctrl-C, newest first.
const cleanups: Array<() => unknown> = [];
export function onCleanup(stop: () => unknown): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    cleanups.splice(cleanups.indexOf(once), 1);
    await stop();
  };
  cleanups.push(once);
  return once;
}
export async function cleanUp() {
  while (cleanups.length > 0)
    await Promise.resolve(cleanups.at(-1)!()).catch((error: unknown) => console.error('clean-up:', error));
}

/**
 * Runs `part`, then stops what it started and left running, newest first: a part's server, its PostgreSQL and
 * its open sockets would otherwise run on beside the parts after it (polling its job queue, holding memory)
 * and slow what they measure.
 */
export async function scoped<T>(part: () => Promise<T>): Promise<T> {
  const before = new Set(cleanups);
  try {
    return await part();
  } finally {
    for (const stop of cleanups.filter((cleanup) => !before.has(cleanup)).reverse())
      await Promise.resolve(stop()).catch((error: unknown) => console.error('clean-up:', error));
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Waits until `url`/healthz answers 200 (or the child exits). */
export async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${url}: server exited with ${child.exitCode ?? child.signalCode}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (performance.now() - started > timeoutMs)
      throw new Error(`${url}: not healthy within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** Stops a child process (SIGTERM, then SIGKILL after 10 s) and waits for it. */
export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Node's flags in `npm start` (package.json): the V8 memory settings production runs with. */
export const SERVER_NODE_FLAGS: string[] =
  (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start.match(
    /--[\w-]+=\S+/g,
  ) ?? [];

/**
 * The built server (`node dist/server.mjs`, with the flags of `npm start`) in its own process, so the load
 * generator does not share its CPU. BENCH_SERVER_NODE_OPTIONS (e.g. "--cpu-prof --cpu-prof-dir=data/prof") is
 * added to them.
 */
export async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = `data/bench-${name}`;
  const nodeArgs = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, 'dist/server.mjs'], {
    env: {
      ...ALLOCATOR_ENV,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = onCleanup(async () => {
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  try {
    await waitHealthy(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, stop };
}

/**
 * `ws` opening its sockets from `address` (all of 127/8 reaches a loopback server), so many simulated
 * people are many clients, as they are in life: the server caps sockets per client address.
 */
export function webSocketFrom(address: string): typeof globalThis.WebSocket {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { localAddress: address });
    }
  } as never;
}

/** The `i`-th loopback address from 127.1.0.1 on: one per simulated client. */
export const loopbackAddress = (i: number) => `127.1.${((i + 1) >> 8) & 255}.${(i + 1) & 255}`;

/** Resident memory of a process, in bytes (Linux). */
export function rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** RSS once it has stopped moving (allocation settles after a burst). */
export async function settledRss(pid: number): Promise<number> {
  let last = rss(pid);
  for (let i = 0; i < 20; i++) {
    await sleep(500);
    const now = rss(pid);
    if (Math.abs(now - last) < 256 * 1024) return now;
    last = now;
  }
  return last;
}
