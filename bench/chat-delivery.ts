// Chat delivery on the seeded PostgreSQL: 1,000 connected WebSocket clients in 500 chats, 100 messages/s in
// total; send → the other party's `chats.onMessage`. Budgets: p99 ≤ 50 ms on one instance (issue 5) and
// ≤ 100 ms across two (senders call instance A, receivers subscribe on instance B; LISTEN/NOTIFY between).
import fs from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import postgres from 'postgres';
import { createSession } from '../server/auth/sessions';
import type { DbOrTx } from '../server/db/client';
import type { ChatMessage } from '#shared/schemas/chats';
import { type ApiClient, createApiClient } from '#shared/client';
import { info, loopbackAddress, ms, percentile, QUICK, type Row, sleep, webSocketFrom, within } from './lib';
import { chatId, userId, VOLUMES } from './seed';

/** Clients in total, two per chat (seeded chats 1…CLIENTS/2 have CLIENTS distinct users). */
const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? (QUICK ? 200 : 1000));
const CHATS = CLIENTS / 2;
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 100); // messages per second, all chats together
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? (QUICK ? 5 : 20));
const CONNECT_BATCH = 50;
const LOST_AFTER_MS = 5000;

/** CPU seconds a process has used (Linux /proc; 0 elsewhere or once it has gone). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks
  } catch {
    return 0;
  }
}

/** The machine's busy and stolen CPU seconds, all cores together (Linux /proc/stat; 0 elsewhere). */
function machineSeconds(): { busy: number; steal: number } {
  try {
    const [user, nice, system, , , irq, softirq, steal] = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return { busy: (user! + nice! + system! + irq! + softirq!) / 100, steal: steal! / 100 };
  } catch {
    return { busy: 0, steal: 0 };
  }
}

/** CPU seconds of each process: the load generator, the server, and PostgreSQL's backends on the database. */
async function cpuSnapshot(sql: postgres.Sql, serverPids: number[]) {
  const backends = await sql<{ pid: number }[]>`
    select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
  const usage = process.cpuUsage();
  return {
    machine: machineSeconds(),
    bench: (usage.user + usage.system) / 1e6,
    server: serverPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    postgres: new Map(backends.map(({ pid }) => [pid, cpuSeconds(pid)])),
  };
}

interface Party {
  userId: string;
  chatId: string;
  /** Sends (HTTP, to the sending instance). */
  api: ApiClient;
  /** Subscribes (WebSocket, to the receiving instance); `api` itself on one instance. */
  subscriber: ApiClient;
  close?: () => void;
}

export interface ChatDeliveryOptions {
  /** Shown in the report: "one instance" or "two instances". */
  label: string;
  databaseUrl: string;
  db: DbOrTx;
  /** Where every party sends; where every party subscribes (the same URL for one instance). */
  senderUrl: string;
  receiverUrl: string;
  /** Server processes, for their CPU use. */
  serverPids: number[];
  budgetMs: number;
}

interface Sent {
  chatId: string;
  recipientId: string;
  sentAt: number;
  /** performance.now() when the mutation answered (the server has committed and published). */
  answeredAt?: number;
  receivedAt?: number;
}

export async function benchChatDelivery(opts: ChatDeliveryOptions): Promise<Row[]> {
  const { label, databaseUrl, senderUrl, receiverUrl, budgetMs } = opts;
  const half = VOLUMES.chats / 2;
  if (CHATS > half) throw new Error(`chat delivery needs ${CHATS} seeded chats with distinct users`);
  const parties: Party[] = [];
  try {
    for (let k = 1; k <= CHATS; k++)
      for (const n of [k, half + k]) {
        const { token } = await createSession(opts.db, userId(n));
        // Each party is a client of its own (the server caps sockets per client address).
        const socket = webSocketFrom(loopbackAddress(parties.length));
        const api = createApiClient({ url: senderUrl, token, WebSocket: socket });
        const subscriber =
          receiverUrl === senderUrl ? api : createApiClient({ url: receiverUrl, token, WebSocket: socket });
        parties.push({ userId: userId(n), chatId: chatId(k), api, subscriber });
      }

    const sent = new Map<string, Sent>();
    let wrongParty = 0;
    let duplicates = 0;
    let restarts = 0;
    let subscriptionErrors = 0;
    let outstanding = 0;
    let allReceived: (() => void) | undefined;
    const onMessage = (party: Party, message: ChatMessage) => {
      const receivedAt = performance.now();
      if (message.senderId === party.userId) return; // one's own message, echoed on the chat's stream
      const record = sent.get(message.id);
      if (!record || record.chatId !== party.chatId || record.recipientId !== party.userId) {
        wrongParty++;
        return;
      }
      if (record.receivedAt !== undefined) {
        duplicates++;
        return;
      }
      record.receivedAt = receivedAt;
      if (--outstanding === 0) allReceived?.();
    };

    // Every party's own WebSocket, subscribed to its chat; opened 50 at a time.
    const connectStarted = performance.now();
    for (let i = 0; i < parties.length; i += CONNECT_BATCH)
      await Promise.all(
        parties.slice(i, i + CONNECT_BATCH).map(
          (party) =>
            new Promise<void>((resolve, reject) => {
              let started = false;
              const subscription = party.subscriber.chats.onMessage.subscribe(
                { chatId: party.chatId },
                {
                  onStarted: () => {
                    if (started) restarts++;
                    started = true;
                    resolve();
                  },
                  onData: ({ data }) => onMessage(party, data),
                  onError: (error) => {
                    subscriptionErrors++;
                    reject(error);
                  },
                },
              );
              party.close = () => subscription.unsubscribe();
            }),
        ),
      );
    console.log(
      `chat delivery, ${label}: ${parties.length} WebSocket clients subscribed in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`,
    );
    // The subscriptions listen on the bus once their streams begin, just after "started".
    await sleep(1000);

    // RATE messages a second: message k goes to chat k mod 500, each chat's sides taking turns. A tick sends
    // every message that is due by the clock, so a late timer does not lower the rate. Sends are not awaited.
    const total = RATE * SECONDS;
    let failedSends = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const monitor = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const cpuBefore = await cpuSnapshot(monitor, opts.serverPids);
    const sendStarted = performance.now();
    await new Promise<void>((resolve) => {
      let k = 0;
      const tick = () => {
        const due = Math.min(total, Math.floor(((performance.now() - sendStarted) * RATE) / 1000) + 1);
        for (; k < due; k++) {
          const chat = k % CHATS;
          const side = Math.floor(k / CHATS) % 2;
          const sender = parties[chat * 2 + side]!;
          const recipient = parties[chat * 2 + 1 - side]!;
          const id = randomUUID();
          const record: Sent = {
            chatId: sender.chatId,
            recipientId: recipient.userId,
            sentAt: performance.now(),
          };
          sent.set(id, record);
          outstanding++;
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          sender.api.chats.send
            .mutate({ chatId: sender.chatId, id, content: `bench ${k} ${id}`, type: 'text' })
            .then(
              () => (record.answeredAt = performance.now()),
              (error: unknown) => {
                failedSends++;
                if (failedSends <= 3) console.error('chat delivery: send failed', error);
              },
            )
            .finally(() => inFlight--);
        }
        if (k >= total) {
          clearInterval(timer);
          resolve();
        }
      };
      const timer = setInterval(tick, 1000 / RATE);
      tick();
    });
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    const cpuAfter = await cpuSnapshot(monitor, opts.serverPids);
    await monitor.end();
    const cpu = {
      machine: cpuAfter.machine.busy - cpuBefore.machine.busy,
      steal: cpuAfter.machine.steal - cpuBefore.machine.steal,
      bench: cpuAfter.bench - cpuBefore.bench,
      server: cpuAfter.server - cpuBefore.server,
      postgres: [...cpuAfter.postgres].reduce(
        (sum, [pid, s]) => sum + s - (cpuBefore.postgres.get(pid) ?? 0),
        0,
      ),
    };
    // Whatever has not arrived 5 s after the last send is lost.
    await Promise.race([
      new Promise<void>((resolve) => (outstanding === 0 ? resolve() : (allReceived = resolve))),
      new Promise((resolve) => setTimeout(resolve, LOST_AFTER_MS)),
    ]);
    while (inFlight > 0) await sleep(50);
    loopDelay.disable();

    const records = [...sent.values()];
    const delays = records.flatMap((r) => (r.receivedAt === undefined ? [] : [r.receivedAt - r.sentAt]));
    const lost = records.filter(
      (r) => r.receivedAt === undefined || r.receivedAt - r.sentAt > LOST_AFTER_MS,
    ).length;
    const answered = records.flatMap((r) => (r.answeredAt === undefined ? [] : [r.answeredAt - r.sentAt]));
    // Arrival relative to the sender's answer: negative when the other party hears before the sender does.
    const afterAnswer = records.flatMap((r) =>
      r.answeredAt === undefined || r.receivedAt === undefined ? [] : [r.receivedAt - r.answeredAt],
    );
    const p99 = percentile(delays, 99);
    console.log(
      `chat delivery, ${label} (${parties.length} WebSocket clients, ${CHATS} chats, ${RATE} msg/s, ${records.length} messages): ` +
        `p50 ${ms(percentile(delays, 50))}, p95 ${ms(percentile(delays, 95))}, p99 ${ms(p99)} (budget ${budgetMs} ms)`,
    );
    console.log(
      `  lost ${lost}, duplicates ${duplicates}, wrong party ${wrongParty}, failed sends ${failedSends}, ` +
        `resubscribed ${restarts}, subscription errors ${subscriptionErrors}; ` +
        `sent at ${(records.length / sendSeconds).toFixed(1)} msg/s, max ${maxInFlight} in flight; ` +
        `send answered p50 ${ms(percentile(answered, 50))}, p99 ${ms(percentile(answered, 99))}; ` +
        `received − answered p50 ${ms(percentile(afterAnswer, 50))}, p99 ${ms(percentile(afterAnswer, 99))}; ` +
        `load generator event-loop delay p99 ${ms(loopDelay.percentile(99) / 1e6)}, max ${ms(loopDelay.max / 1e6)}`,
    );
    const share = (seconds: number) => `${((seconds / sendSeconds) * 100).toFixed(0)}%`;
    console.log(
      `  CPU while sending (${sendSeconds.toFixed(1)} s; 100% = one core): server${opts.serverPids.length > 1 ? 's' : ''} ${share(cpu.server)} ` +
        `(${ms((cpu.server * 1000) / records.length)} per message), PostgreSQL backends ${share(cpu.postgres)}, ` +
        `load generator ${share(cpu.bench)}, rest of the machine ${share(cpu.machine - cpu.server - cpu.postgres - cpu.bench)}; ` +
        `stolen by the hypervisor ${share(cpu.steal)}; ${os.availableParallelism()} cores`,
    );
    // A subscription that failed is a delivery that could have been lost: it fails the row too (issue 34).
    const failures = lost + duplicates + wrongParty + failedSends + subscriptionErrors;
    const note =
      `lost ${lost}, duplicates ${duplicates}, wrong party ${wrongParty}, failed sends ${failedSends}, ` +
      `subscription errors ${subscriptionErrors}`;
    return [
      info(`chat delivery, ${label}, p50`, Number(percentile(delays, 50).toFixed(1)), 'ms'),
      {
        ...within(`chat delivery, ${label}, p99`, Number(p99.toFixed(1)), 'ms', budgetMs, note),
        ...(failures > 0 && { ok: false }),
      },
    ];
  } finally {
    for (const party of parties) party.close?.();
    await Promise.all(
      parties.flatMap((party) =>
        party.subscriber === party.api ? [party.api.close()] : [party.api.close(), party.subscriber.close()],
      ),
    );
  }
}
