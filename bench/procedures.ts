// `dogs.deck`, `events.list` and `chats.list` over HTTP against the built server, 50 signed-in callers (each a
// different user) at once, each calling again as soon as its answer is read: how many calls a second the server
// answers, and how long a call waits behind the 49 others then (callers / calls a second, whatever the code).
// Budgets: deck p99 ≤ 25 ms at 50 callers (issue 4), measured at a set pace (`paced`); events.list p99 ≤ 20 ms
// one caller at a time (issue 6, bench/events.ts); chats.list has none. auth.me (session check + one row) is
// shown for scale, and dogs.deck one caller at a time for what a call costs without queueing.
import type { DbOrTx } from '../server/db/client';
import { eventInputs } from './events';
import { info, ms, percentile, QUICK, type Row, within } from './lib';
import { dogId } from './seed';
import { type Caller, call, callersFrom } from './signed-in';

const CALLS_EACH = QUICK ? 10 : 40;

/**
 * The pace of the deck's budget: each of the 50 callers calls every 200 ms (250 calls a second, about half of
 * what the server answers back to back on the 2-core bench machine; a user who swipes a card a second asks for
 * 20 cards every 20 s, a hundredth of it).
 */
const PACE_MS = 200;

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

/**
 * Every caller calls `procedure` every `everyMs`, the callers spread evenly over it, CALLS_EACH times: a call
 * starts on time whether or not the caller's last one has answered, and its latency is counted from when it
 * was due, so a server that falls behind shows it (no coordinated omission).
 */
async function paced(
  url: string,
  callers: Caller[],
  procedure: string,
  input: (caller: Caller) => unknown,
  everyMs: number,
) {
  const times: number[] = [];
  const t0 = performance.now() + 50;
  const calls = callers.flatMap((caller, i) =>
    Array.from({ length: CALLS_EACH }, async (_, n) => {
      const due = t0 + (i * everyMs) / callers.length + n * everyMs;
      await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
      await call(url, caller.token, procedure, input(caller));
      times.push(performance.now() - due);
    }),
  );
  await Promise.all(calls);
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
  const runs: Array<[string, Caller[], (caller: Caller, i: number, n: number) => unknown]> = [
    ['auth.me', chatCallers, () => undefined],
    ['dogs.deck', deckCallers, deckInput],
    ['events.list', eventCallers, (_, i, n) => inputs[(i * CALLS_EACH + n) % inputs.length]],
    ['chats.list', chatCallers, () => undefined],
  ];
  const rows: Row[] = [];
  for (const [procedure, callers, input] of runs) {
    await load(url, callers.slice(0, 10), procedure, input); // warm-up
    const times = await load(url, callers, procedure, input);
    const [p50, p99] = [percentile(times, 50), percentile(times, 99)];
    console.log(
      `${procedure} (${callers.length} concurrent callers, ${times.length} calls over HTTP): p50 ${ms(p50)}, p99 ${ms(p99)}`,
    );
    const metric = `${procedure} @${callers.length} callers`;
    rows.push(info(`${metric} p50`, Number(p50.toFixed(1)), 'ms'));
    rows.push(info(`${metric} p99`, Number(p99.toFixed(1)), 'ms', 'back to back: waits behind the others'));
  }
  const calls = await paced(url, deckCallers, 'dogs.deck', deckInput, PACE_MS);
  const [pacedP50, pacedP99] = [percentile(calls, 50), percentile(calls, 99)];
  const pace = `@${deckCallers.length} callers, each every ${PACE_MS} ms`;
  console.log(
    `dogs.deck ${pace} (${calls.length} calls): p50 ${ms(pacedP50)}, p99 ${ms(pacedP99)} (budget 25 ms)`,
  );
  rows.push(info(`dogs.deck ${pace} p50`, Number(pacedP50.toFixed(1)), 'ms'));
  rows.push(
    within(
      `dogs.deck ${pace} p99`,
      Number(pacedP99.toFixed(1)),
      'ms',
      25,
      `${Math.round((deckCallers.length * 1000) / PACE_MS)} calls/s, from when each was due`,
    ),
  );
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
