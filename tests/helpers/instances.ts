import { setTimeout as sleep } from 'node:timers/promises';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';
import { createSession } from '../../server/auth/sessions';
import type { DbOrTx } from '../../server/db/client';
import { profiles, users } from '../../server/db/schema';
import type { AppRouter } from '../../server/routers/_app';
import { freePort } from './postgres';

/** A real server process (`node dist/server.mjs`, as `npm start` runs it) on its own port. */
export interface Instance {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal) once the process has gone. */
  exited: Promise<number | null>;
  /** Everything it printed so far. */
  output(): string;
}

/**
 * Starts the built server with `databaseUrl` (PostgreSQL), or the embedded PGlite in `dataDir` when it is
 * undefined. Resolves once it has started listening (or exited: check `child.exitCode`).
 */
export async function startInstance(
  opts: {
    databaseUrl?: string;
    dataDir?: string;
    port?: number;
    wait?: boolean;
    env?: Record<string, string>;
  } = {},
): Promise<Instance> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-instance-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server.mjs'], {
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const instance = { url, port, dataDir, child, exited, output: () => output };
  if (opts.wait !== false) await waitHealthy(instance);
  return instance;
}

/** GET /healthz: the status code, or 0 when nothing answers. */
export async function health(url: string): Promise<number> {
  const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
  return res?.status ?? 0;
}

export async function waitHealthy(instance: Instance, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null)
      throw new Error(`server exited (${instance.child.exitCode}): ${instance.output()}`);
    if ((await health(instance.url)) === 200) return;
    await sleep(50);
  }
  throw new Error(`server did not become healthy: ${instance.output()}`);
}

/** Stops what still runs (SIGTERM, SIGKILL after 5 s) and removes the data directories. */
export async function stopInstances(instances: Array<Instance | undefined>, keepData = false) {
  await Promise.all(
    instances.map(async (instance) => {
      if (!instance) return;
      const { child } = instance;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await instance.exited;
        clearTimeout(timer);
      }
      if (!keepData) fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }),
  );
}

export { sleep };

/** Polls `check` until it returns true; fails with `describe()` after `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  describe: () => string,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${describe()}`);
    await sleep(20);
  }
}

/**
 * A confirmed user with a profile and a session, written straight into the database the instances share
 * (no mailer across processes): the token works on every instance.
 */
export async function seedUser(db: DbOrTx, name: string, role: 'user' | 'admin' = 'user') {
  const [user] = await db
    .insert(users)
    .values({ email: `${name}-${crypto.randomUUID()}@example.com`, emailVerifiedAt: new Date(), role })
    .returning({ id: users.id });
  await db.insert(profiles).values({ userId: user!.id, fullName: name });
  const { token } = await createSession(db, user!.id);
  return { id: user!.id, token };
}

/**
 * A client as a browser has it: calls over HTTP to `url`, subscriptions over one WebSocket that reconnects
 * by itself (resuming tracked subscriptions from their last event id). `wsUrl()` is asked on every
 * (re)connect, so a test can move the socket to another instance, as a proxy would.
 */
export function apiClient(token: string | undefined, url: string, wsUrl: () => string = () => url) {
  const ws = createWSClient({
    url: () => `${wsUrl().replace(/^http/, 'ws')}/trpc`,
    WebSocket: WebSocket as never,
    connectionParams: token ? { token } : {},
    retryDelayMs: () => 100,
  });
  const client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: ws, transformer: superjson }),
        false: httpBatchLink({
          url: `${url}/trpc`,
          transformer: superjson,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          // One call per request: a burst's calls succeed or fail on their own.
          maxItems: 1,
        }),
      }),
    ],
  });
  return { api: client, close: () => ws.close() };
}

export type Api = ReturnType<typeof apiClient>['api'];

/**
 * Signs up over HTTP and confirms with the link from the instance's outbox (no SMTP: mails are files in
 * DATA_DIR/outbox), as a person would; returns the session token.
 */
export async function signUpByMail(instance: Instance, email: string): Promise<string> {
  const { api, close } = apiClient(undefined, instance.url);
  try {
    await api.auth.signUp.mutate({ fullName: 'Test Uporabnik', email, password: 'zelo-dobro-geslo' });
    const outbox = path.join(instance.dataDir, 'outbox');
    // The mail is written after the answer (server/background.ts).
    const mails = () =>
      (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).filter((f) => f.endsWith('.eml'));
    for (let tries = 0; !mails().length && tries < 100; tries++) await sleep(50);
    const [mail] = mails();
    // Quoted-printable: soft line breaks and `=` escaped.
    const text = fs
      .readFileSync(path.join(outbox, mail!), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const token = /[?&]token=([\w-]+)/.exec(text)?.[1];
    if (!token) throw new Error(`no confirmation link in ${mail}`);
    const signedIn = await api.auth.confirmEmail.mutate({
      token,
      password: 'zelo-dobro-geslo',
      returnToken: true,
    });
    if (!signedIn.token) throw new Error('no session token in the answer');
    return signedIn.token;
  } finally {
    await close();
  }
}

/**
 * Collects a tracked subscription's events (their ids are the rows' `seq`). `starts` counts how often the
 * stream (re)started: once per WebSocket connection it ran on.
 */
export function collector<T>() {
  const events: Array<{ id: string; data: T }> = [];
  const errors: unknown[] = [];
  let starts = 0;
  return {
    events,
    errors,
    starts: () => starts,
    handlers: {
      onStarted: () => void starts++,
      onData: (event: { id: string; data: T }) => void events.push(event),
      onError: (error: unknown) => void errors.push(error),
    },
  };
}
