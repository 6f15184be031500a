// Issue 5 budget on a throwaway PostgreSQL: 1,000 connected WebSocket clients in 500 chats, 100 messages/s in
// total; send → the other party's `chats.onMessage` p99 ≤ 50 ms on one instance.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import postgres from 'postgres';
import WebSocket from 'ws';
import { createSession } from '../server/auth/sessions';
import { openDatabase } from '../server/db/client';
import type { ChatMessage } from '../server/services/chats';
import { type ApiClient, createApiClient } from '../src/client';
import { createDatabase, freePort, postgresAvailable, startPostgres } from '../tests/helpers/postgres';

const CHATS = 500;
const USERS = CHATS * 2;
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 100); // messages per second, all chats together
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 20);
const CONNECT_BATCH = 50;
const LOST_AFTER_MS = 5000;
const BUDGET_MS = 50;

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
async function cpuSnapshot(sql: postgres.Sql, serverPid: number | undefined) {
  const backends = await sql<{ pid: number }[]>`
    select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
  const usage = process.cpuUsage();
  return {
    machine: machineSeconds(),
    bench: (usage.user + usage.system) / 1e6,
    server: cpuSeconds(serverPid),
    postgres: new Map(backends.map(({ pid }) => [pid, cpuSeconds(pid)])),
  };
}

const percentile = (values: number[], p: number) =>
  values.length === 0
    ? NaN
    : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** 1,000 users with profiles; user n (1…500) owns a dog and a chat with user n + 500. */
async function seed(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql`insert into users (email, password_hash, email_verified_at)
    select 'chat' || lpad(i::text, 4, '0') || '@example.com', 'x', now() from generate_series(1, ${USERS}) i`;
  await sql`insert into profiles (user_id, full_name) select id, 'Lastnik ' || email from users`;
  await sql`insert into dog_profiles (user_id, name, breed, age, location)
    select id, 'Pes ' || email, 'Mešanec', 3, 'Ljubljana' from users order by email limit ${CHATS}`;
  const chats = await sql<{ id: string; owner_id: string; user_id: string }[]>`
    with numbered as (select id, row_number() over (order by email) n from users)
    insert into chats (owner_id, user_id, dog_id, chat_name)
    select o.id, p.id, d.id, 'Klepet ' || o.n
    from numbered o join numbered p on p.n = o.n + ${CHATS} join dog_profiles d on d.user_id = o.id
    returning id, owner_id, user_id`;
  await sql`analyze`;
  await sql.end();
  return chats;
}

interface Party {
  userId: string;
  chatId: string;
  api: ApiClient;
  close?: () => void;
}

interface Sent {
  chatId: string;
  recipientId: string;
  sentAt: number;
  /** performance.now() when the mutation answered (the server has committed and published). */
  answeredAt?: number;
  receivedAt?: number;
}

export async function benchChatDelivery(): Promise<boolean> {
  if (!postgresAvailable()) {
    console.log('chat delivery: skipped (no PostgreSQL binaries)');
    return true;
  }
  const server = await startPostgres();
  const databaseUrl = await createDatabase(server.url);
  const database = await openDatabase({ databaseUrl, dataDir: 'data' });
  const port = await freePort();
  // BENCH_SERVER_NODE_OPTIONS, e.g. "--cpu-prof --cpu-prof-dir=data/bench-chat/prof", to profile the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server.mjs'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: 'data/bench-chat',
    },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  const parties: Party[] = [];
  try {
    while (
      !(await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const chats = await seed(databaseUrl);
    for (const chat of chats)
      for (const userId of [chat.owner_id, chat.user_id]) {
        const { token } = await createSession(database.db, userId);
        parties.push({
          userId,
          chatId: chat.id,
          api: createApiClient({ url, token, WebSocket: WebSocket as never }),
        });
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
              const subscription = party.api.chats.onMessage.subscribe(
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
      `chat delivery: ${parties.length} WebSocket clients subscribed in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`,
    );
    // The subscriptions listen on the bus once their streams begin, just after "started".
    await new Promise((resolve) => setTimeout(resolve, 1000));

    // RATE messages a second: message k goes to chat k mod 500, each chat's sides taking turns. A tick sends
    // every message that is due by the clock, so a late timer does not lower the rate. Sends are not awaited.
    const total = RATE * SECONDS;
    let failedSends = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const monitor = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const cpuBefore = await cpuSnapshot(monitor, child.pid);
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
    const cpuAfter = await cpuSnapshot(monitor, child.pid);
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
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
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
      `chat delivery (${parties.length} WebSocket clients, ${CHATS} chats, ${RATE} msg/s, ${records.length} messages): ` +
        `p50 ${ms(percentile(delays, 50))}, p95 ${ms(percentile(delays, 95))}, p99 ${ms(p99)} (budget ${BUDGET_MS} ms)`,
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
      `  CPU while sending (${sendSeconds.toFixed(1)} s; 100% = one core): server ${share(cpu.server)} ` +
        `(${ms((cpu.server * 1000) / records.length)} per message), PostgreSQL backends ${share(cpu.postgres)}, ` +
        `load generator ${share(cpu.bench)}, rest of the machine ${share(cpu.machine - cpu.server - cpu.postgres - cpu.bench)}; ` +
        `stolen by the hypervisor ${share(cpu.steal)}; ${os.availableParallelism()} cores`,
    );
    return p99 <= BUDGET_MS && lost === 0 && duplicates === 0 && wrongParty === 0 && failedSends === 0;
  } finally {
    for (const party of parties) party.close?.();
    await Promise.all(parties.map((party) => party.api.close()));
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await database.close();
    server.stop();
  }
}
