// `auth.signIn` over HTTP: one at a time (its cost is the argon2id verification, server/auth/passwords.ts,
// m=19 MiB, t=2, p=1, plus the rate-limit rows and the new session; no budget, for capacity planning), and a
// storm of 500 at once while /healthz and a cheap query are timed (issue 29: the storm waits in the password
// queue, so neither waits behind it).
import WebSocket from 'ws';
import { createApiClient } from '#shared/client';
import { info, ms, percentile, QUICK, type Row, sleep, within } from './lib';
import { BENCH_PASSWORD, emailOf } from './seed';

const SIGN_INS = QUICK ? 10 : 30;
/** Users nobody else in the run signs in as (bench/seed.ts). */
const FIRST_USER = 1601;
const STORM = QUICK ? 100 : 500;
const FIRST_STORM_USER = 5001;

/** Times `call` every 20 ms until `stop` resolves; the latencies in ms. */
async function timedWhile(stop: Promise<unknown>, call: () => Promise<Response>) {
  const times: number[] = [];
  let done = false;
  void stop.finally(() => (done = true));
  while (!done) {
    const started = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${res.url}: ${res.status}`);
    times.push(performance.now() - started);
    await sleep(20);
  }
  return times;
}

export async function benchSignIn(url: string): Promise<Row[]> {
  const api = createApiClient({ url, WebSocket: WebSocket as never });
  await api.auth.signIn.mutate({ email: emailOf(FIRST_USER - 1), password: BENCH_PASSWORD }); // warm-up
  const times: number[] = [];
  for (let i = 0; i < SIGN_INS; i++) {
    const started = performance.now();
    await api.auth.signIn.mutate({ email: emailOf(FIRST_USER + i), password: BENCH_PASSWORD });
    times.push(performance.now() - started);
  }
  api.close();
  const p50 = percentile(times, 50);
  console.log(`sign-in (${SIGN_INS} users, one at a time): p50 ${ms(p50)}, p99 ${ms(percentile(times, 99))}`);

  const signIn = (n: number) =>
    fetch(`${url}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { email: emailOf(n), password: BENCH_PASSWORD, returnToken: true } }),
    }).then(async (res) => {
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`sign-in ${n}: ${res.status}`);
    });
  const started = performance.now();
  const storm = Promise.all(Array.from({ length: STORM }, (_, i) => signIn(FIRST_STORM_USER + i)));
  const [health, cheap] = await Promise.all([
    timedWhile(storm, () => fetch(`${url}/healthz`)),
    timedWhile(storm, () => fetch(`${url}/trpc/announcements.list`)),
    storm,
  ]);
  const stormSeconds = (performance.now() - started) / 1000;
  console.log(
    `sign-in storm: ${STORM} at once in ${stormSeconds.toFixed(1)} s; meanwhile /healthz p99 ${ms(percentile(health, 99))}, announcements.list p99 ${ms(percentile(cheap, 99))}`,
  );
  return [
    info('sign-in p50 (argon2id)', Number(p50.toFixed(1)), 'ms'),
    info(`${STORM} sign-ins at once, all done`, Number(stormSeconds.toFixed(1)), 's'),
    within(
      `/healthz p99 during ${STORM} sign-ins at once`,
      Number(percentile(health, 99).toFixed(1)),
      'ms',
      250,
      `${health.length} checks`,
    ),
    within(
      `a cheap query (announcements.list) p99 during ${STORM} sign-ins`,
      Number(percentile(cheap, 99).toFixed(1)),
      'ms',
      150,
      `${cheap.length} calls`,
    ),
  ];
}
