// `auth.signIn` over HTTP, one at a time: its cost is the argon2id verification (server/auth/passwords.ts,
// m=19 MiB, t=2, p=1) plus the rate-limit rows and the new session. No budget: reported for capacity planning.
import WebSocket from 'ws';
import { createApiClient } from '../src/client';
import { info, ms, percentile, QUICK, type Row } from './lib';
import { BENCH_PASSWORD, emailOf } from './seed';

const SIGN_INS = QUICK ? 10 : 30;
/** Users nobody else in the run signs in as (bench/seed.ts). */
const FIRST_USER = 1601;

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
  return [info('sign-in p50 (argon2id)', Number(p50.toFixed(1)), 'ms')];
}
