// Issue 4 budget: a like reaching the recipient's open `requests.onChange` subscription, p99 ≤ 100 ms, on the
// seeded PostgreSQL (the deck half of issue 4 is in bench/procedures.ts). Pairs are the last seeded users.
import WebSocket from 'ws';
import { createSession } from '../server/auth/sessions';
import type { DbOrTx } from '../server/db/client';
import { createApiClient } from '#shared/client';
import { info, ms, percentile, QUICK, type Row, sleep, within } from './lib';
import { dogId, userId, VOLUMES } from './seed';

const DELIVERIES = QUICK ? 50 : 200;
const BUDGET_MS = 100;

export async function benchRequestDelivery(url: string, db: DbOrTx): Promise<Row[]> {
  const first = VOLUMES.users - 2 * DELIVERIES + 1;
  const client = async (n: number) =>
    createApiClient({
      url,
      token: (await createSession(db, userId(n))).token,
      WebSocket: WebSocket as never,
    });
  const delays: number[] = [];
  for (let i = 0; i < DELIVERIES; i++) {
    const [liker, recipient] = [first + 2 * i, first + 2 * i + 1];
    const [likerApi, recipientApi] = await Promise.all([client(liker), client(recipient)]);
    let sentAt = 0;
    const send = async () => {
      await sleep(20); // the server has subscribed
      sentAt = performance.now();
      await likerApi.likes.like.mutate({ fromDogId: dogId(liker), dogId: dogId(recipient) });
    };
    const arrived = new Promise<number>((resolve, reject) => {
      const subscription = recipientApi.requests.onChange.subscribe(undefined, {
        onData: () => {
          resolve(performance.now());
          subscription.unsubscribe();
        },
        onError: reject,
        onStarted: () => void send().catch(reject),
      });
    });
    delays.push((await arrived) - sentAt);
    await Promise.all([likerApi.close(), recipientApi.close()]);
  }
  const p99 = percentile(delays, 99);
  console.log(
    `request delivery (like → recipient's subscription, ${delays.length} likes): ` +
      `p50 ${ms(percentile(delays, 50))}, p99 ${ms(p99)} (budget ${BUDGET_MS} ms)`,
  );
  return [
    info('like → recipient subscription p50', Number(percentile(delays, 50).toFixed(1)), 'ms'),
    within('like → recipient subscription p99', Number(p99.toFixed(1)), 'ms', BUDGET_MS),
  ];
}
