// Issue 6 budget: `events.list` over 10,000 upcoming events (bench/seed.ts) and every type × filter × search
// combination, p99 ≤ 20 ms one caller at a time. BENCH_DEBUG=1 lists the slowest combinations.
import type { DbOrTx } from '../server/db/client';
import { EVENT_FILTERS, EVENT_TYPES } from '#shared/schemas/events';
import { median, ms, percentile, QUICK, type Row, within } from './lib';
import { call, callersFrom } from './signed-in';
import { VOLUMES } from './seed';

const BUDGET_MS = 20;
const ROUNDS = QUICK ? 2 : 5;

/** Every combination of type (or none), filter (or none) and search (or none). */
export function eventInputs() {
  const list: Array<Record<string, string>> = [];
  for (const type of [undefined, ...EVENT_TYPES])
    for (const filter of [undefined, ...EVENT_FILTERS])
      for (const search of [undefined, 'park', 'Maribor', 'nič takega'])
        list.push({
          ...(type && { type }),
          ...(filter && { filter }),
          ...(search && { search }),
        });
  return list;
}

export async function benchEventsSerial(url: string, db: DbOrTx): Promise<Row[]> {
  // The creator of event 1, so "mine" has rows.
  const [caller] = await callersFrom(db, 1 + (7919 % VOLUMES.users), 1);
  const inputs = eventInputs();
  for (const input of inputs) await call(url, caller!.token, 'events.list', input); // warm-up
  const times: number[] = [];
  const byInput = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++)
    for (const input of inputs) {
      const elapsed = await call(url, caller!.token, 'events.list', input);
      times.push(elapsed);
      const key = JSON.stringify(input);
      byInput.set(key, [...(byInput.get(key) ?? []), elapsed]);
    }
  if (process.env.BENCH_DEBUG)
    console.log(
      [...byInput]
        .map(([k, v]) => [k, median(v).toFixed(1)])
        .sort((a, b) => Number(b[1]) - Number(a[1]))
        .slice(0, 25),
    );
  const p99 = percentile(times, 99);
  console.log(
    `events.list (${VOLUMES.events} upcoming events, ${inputs.length} type × filter × search combinations, ` +
      `${times.length} calls one at a time): p50 ${ms(percentile(times, 50))}, p99 ${ms(p99)} (budget ${BUDGET_MS} ms)`,
  );
  return [within('events.list one at a time p99', Number(p99.toFixed(1)), 'ms', BUDGET_MS)];
}
