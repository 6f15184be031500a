// `dogs.deck`, `events.list` and `chats.list` over HTTP against the built server, 50 signed-in callers (each a
// different user) at once. Budgets: deck p99 ≤ 25 ms (issue 4); events.list p99 ≤ 20 ms one caller at a time
// (issue 6, bench/events.ts); chats.list has none. auth.me (session check + one row) is shown for scale, and
// dogs.deck one caller at a time for what a call costs without queueing.
import type { DbOrTx } from '../server/db/client';
import { eventInputs } from './events';
import { info, ms, percentile, QUICK, type Row, within } from './lib';
import { dogId } from './seed';
import { type Caller, call, callersFrom } from './signed-in';

const CALLS_EACH = QUICK ? 10 : 40;

/** A page of 20 cards from the caller's first dog (the same cards each time: nothing is swiped here). */
const deckInput = (caller: Caller) => ({ fromDogId: dogId(caller.n), limit: 20 });

/** Every caller calls `procedure` with `input(caller, index, n)` CALLS_EACH times, all at once. */
async function load(
  url: string,
  callers: Caller[],
  procedure: string,
  input: (caller: Caller, i: number, n: number) => unknown,
) {
  const times: number[] = [];
  await Promise.all(
    callers.map(async (caller, i) => {
      for (let n = 0; n < CALLS_EACH; n++)
        times.push(await call(url, caller.token, procedure, input(caller, i, n)));
    }),
  );
  return times;
}

export async function benchProcedures(url: string, db: DbOrTx): Promise<Row[]> {
  // Deck callers swipe with their own first dog; chats.list callers own two chats each (bench/seed.ts).
  const [deckCallers, eventCallers, chatCallers] = await Promise.all([
    callersFrom(db, 2001),
    callersFrom(db, 3001),
    callersFrom(db, 1),
  ]);
  const inputs = eventInputs();
  const runs: Array<[string, Caller[], (caller: Caller, i: number, n: number) => unknown, number?]> = [
    ['auth.me', chatCallers, () => undefined],
    ['dogs.deck', deckCallers, deckInput, 25],
    ['events.list', eventCallers, (_, i, n) => inputs[(i * CALLS_EACH + n) % inputs.length]],
    ['chats.list', chatCallers, () => undefined],
  ];
  const rows: Row[] = [];
  for (const [procedure, callers, input, budget] of runs) {
    await load(url, callers.slice(0, 10), procedure, input); // warm-up
    const times = await load(url, callers, procedure, input);
    const [p50, p99] = [percentile(times, 50), percentile(times, 99)];
    console.log(
      `${procedure} (${callers.length} concurrent callers, ${times.length} calls over HTTP): p50 ${ms(p50)}, p99 ${ms(p99)}` +
        (budget ? ` (budget ${budget} ms)` : ''),
    );
    const metric = `${procedure} @${callers.length} callers`;
    rows.push(info(`${metric} p50`, Number(p50.toFixed(1)), 'ms'));
    rows.push(
      budget
        ? within(`${metric} p99`, Number(p99.toFixed(1)), 'ms', budget)
        : info(`${metric} p99`, Number(p99.toFixed(1)), 'ms'),
    );
  }
  // The same deck calls one at a time: what one call costs when it does not queue behind 49 others.
  const [first] = deckCallers;
  const serial: number[] = [];
  for (let n = 0; n < CALLS_EACH * 5; n++)
    serial.push(await call(url, first!.token, 'dogs.deck', deckInput(first!)));
  const [p50, p99] = [percentile(serial, 50), percentile(serial, 99)];
  console.log(`dogs.deck (${serial.length} calls one at a time): p50 ${ms(p50)}, p99 ${ms(p99)}`);
  rows.push(info('dogs.deck one at a time p50', Number(p50.toFixed(1)), 'ms'));
  rows.push(info('dogs.deck one at a time p99', Number(p99.toFixed(1)), 'ms'));
  return rows;
}
