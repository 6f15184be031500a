// Issue "Proven at scale": a trivial procedure's throughput as a share of a raw Fastify JSON route, both
// measured in the same run by the same client (autocannon, HTTP/1.1 keep-alive, same connections and
// duration, alternating rounds after a warm-up). Budget: ≥ 30 % (stock tRPC-on-Fastify is about 22 % in the
// public fastify/benchmarks run).
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from '../tests/helpers/postgres';
import { atLeast, info, onCleanup, QUICK, type Row, stopChild, sleep } from './lib';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? (QUICK ? 3 : 10));
const ROUNDS = QUICK ? 1 : 2;
const BUDGET_PERCENT = 30;
/** The procedure that does the least work: public, no input, no database (server/routers/config.ts). */
export const TRIVIAL_PROCEDURE = 'config.get';

/** A reference app (bench/raw-fastify.ts, bench/stock-trpc.ts) in its own process; resolves once `path` answers. */
async function startReference(file: string, path: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = onCleanup(() => stopChild(child));
  const url = `http://127.0.0.1:${port}${path}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`${file} exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (tries > 600) throw new Error(`${file} did not start`);
    await sleep(50);
  }
  return { url, stop };
}

async function requestsPerSecond(url: string, duration: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration });
  if (result.errors || result.timeouts || result.non2xx)
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  return { rps: result.requests.average };
}

export async function benchThroughput(serverUrl: string): Promise<Row[]> {
  const raw = await startReference('bench/raw-fastify.ts', '/');
  const stock = await startReference('bench/stock-trpc.ts', '/trpc/hello');
  try {
    const trpcUrl = `${serverUrl}/trpc/${TRIVIAL_PROCEDURE}`;
    const check = await fetch(trpcUrl);
    if (!check.ok) throw new Error(`${trpcUrl}: ${check.status}`);
    const targets = { raw: raw.url, stock: stock.url, trpc: trpcUrl };
    for (const url of Object.values(targets)) await requestsPerSecond(url, QUICK ? 1 : 3); // warm-up (JIT)
    // Alternating rounds, so a noisy neighbour on the machine hits all three alike.
    const runs = { raw: [] as number[], stock: [] as number[], trpc: [] as number[] };
    for (let round = 0; round < ROUNDS; round++)
      for (const key of ['raw', 'trpc', 'stock'] as const)
        runs[key].push((await requestsPerSecond(targets[key], SECONDS)).rps);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const [rawRps, stockRps, trpcRps] = [mean(runs.raw), mean(runs.stock), mean(runs.trpc)];
    const percent = (trpcRps / rawRps) * 100;
    const stockPercent = (stockRps / rawRps) * 100;
    const setup = `${CONNECTIONS} connections, ${ROUNDS}×${SECONDS} s each`;
    console.log(
      `throughput (${setup}): raw Fastify ${rawRps.toFixed(0)} req/s, ${TRIVIAL_PROCEDURE} ${trpcRps.toFixed(0)} req/s ` +
        `(${percent.toFixed(1)} %), stock tRPC-on-Fastify ${stockRps.toFixed(0)} req/s (${stockPercent.toFixed(1)} %)`,
    );
    return [
      info('raw Fastify JSON route', Math.round(rawRps), 'req/s', setup),
      info(`trivial procedure (${TRIVIAL_PROCEDURE})`, Math.round(trpcRps), 'req/s', setup),
      atLeast('trivial procedure / raw Fastify', Number(percent.toFixed(1)), '%', BUDGET_PERCENT),
      info(
        'stock tRPC-on-Fastify / raw Fastify (reference)',
        Number(stockPercent.toFixed(1)),
        '%',
        `${Math.round(stockRps)} req/s: the adapter alone, no transformer or plugins`,
      ),
    ];
  } finally {
    await Promise.all([raw.stop(), stock.stop()]);
  }
}
