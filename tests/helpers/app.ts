import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import type { Mail } from '../../server/auth/mailer';
import { validateCredential } from '../../server/auth/credentials';
import { loadConfig } from '../../server/env';
import { mailDeps } from '../../server/jobs/workers';
import { type MailJob, sendQueuedMail } from '../../server/services/delivery/mail-delivery';
import { appRouter } from '../../server/routers/_app';
import { resolveUser } from '../../server/trpc/context';
import { createCallerFactory, toAppErrorData } from '../../server/trpc/init';
import type { AppErrorData } from '#shared/errors';
import { makeUser, TEST_PASSWORD } from './factories';
import { mailsSent } from './mails';
import { createDatabase } from './postgres';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when the run could start one (tests/helpers/global-setup.ts). */
export function dbKinds(): DbKind[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

const createCaller = createCallerFactory(appRouter);

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** The real app on a fresh database, with mail captured in memory. Never listens unless asked. */
export async function startTestApp(kind: DbKind, env: Record<string, string | undefined> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-test-'));
  const databaseUrl = kind === 'pglite' ? 'memory://' : await createDatabase(inject('postgresUrl'));
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://tacke.test',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Jobs wait in the queue: a worker changing rows mid-test would blur what each call changed. Delivery
    // tests turn them on (notify.test.ts).
    JOB_WORKERS: 'false',
    // The tests' push service (tests/helpers/push-service.ts) listens on loopback, over plain http; the
    // authorization table subscribes a made-up one.
    PUSH_SERVICES: '127.0.0.1,push.example.test',
    PUSH_ALLOW_PRIVATE: 'true',
    ...env,
  });
  const mails: Mail[] = [];
  let failMail = false;
  let mailGate: Promise<void> | null = null;
  const app = await buildApp({
    config,
    mailer: {
      async send(mail) {
        await mailGate;
        if (failMail) throw new Error('SMTP down');
        mails.push(mail);
      },
    },
  });
  // Callers here do not go through HTTP, whose first call would start it.
  await app.startBackground();
  const db = app.deps.db;
  // Account e-mails go through the job queue (server/services/delivery/mail-delivery.ts): a test app delivers them
  // even with JOB_WORKERS false, as every account journey needs them.
  if (!config.jobWorkers)
    await app.deps.jobs.work('mail', (data: MailJob) => sendQueuedMail(mailDeps(app.deps), data));

  /** Cookies the last caller set (name → value, '' when cleared). */
  const cookies: Record<string, string> = {};

  /** A tRPC caller as a same-origin browser with this session token (or signed out); `signal` ends its subscriptions. */
  async function caller(
    token?: string | null,
    signal?: AbortSignal,
    client = '127.0.0.1',
    deviceCookie: string | null = null,
  ) {
    const session = await resolveUser((value) => validateCredential(db, value), token ?? null);
    return createCaller(
      {
        ...app.deps,
        user: session.user,
        sessionToken: session.sessionToken,
        access: session.access,
        client,
        socket: undefined,
        deviceCookie,
        setSessionCookie: (value) => void (cookies.tacke_session = value),
        clearSessionCookie: () => void (cookies.tacke_session = ''),
        setDeviceCookie: (value) => void (cookies.tacke_device = value),
      },
      signal ? { signal } : undefined,
    );
  }

  /**
   * Every mail asked for so far has been sent or has failed (the lookups run after the answer,
   * server/background.ts; the mails go through the job queue).
   */
  async function settled() {
    await app.deps.background.settled();
    await mailsSent(app);
  }

  /** Token from the newest mail's link. */
  async function lastMailToken(): Promise<string> {
    await settled();
    const mail = mails.at(-1);
    if (!mail) throw new Error('no mail sent');
    return new URL(mail.link).searchParams.get('token') ?? '';
  }

  let clients = 0;
  /**
   * The real journey: sign up, confirm the address and return the session token. Each from a client address
   * of its own, as different people would (per-client mail limits).
   */
  async function signedUpUser(
    email = `u${mails.length}-${Date.now()}@example.com`,
    password = TEST_PASSWORD,
  ) {
    clients++;
    const anon = await caller(null, undefined, `10.1.${clients >> 8}.${clients & 255}`);
    await anon.auth.signUp({ fullName: 'Test Uporabnik', email, password });
    const { token, user } = await anon.auth.confirmEmail({
      token: await lastMailToken(),
      password,
      returnToken: true,
    });
    if (!token) throw new Error('no session token in the answer');
    return { token, user, email, password };
  }

  /** A signed-in user from the factory (tests/helpers/factories.ts); ADMIN_EMAILS get their role. */
  async function signedInUser(email?: string, password = TEST_PASSWORD) {
    const role = email && config.adminEmails.includes(email.toLowerCase()) ? 'admin' : 'user';
    const { token, user } = await makeUser(db, { ...(email ? { email } : {}), password, role });
    return { token, user, email: user.email, password };
  }

  return {
    app,
    config,
    db,
    mails,
    cookies,
    caller,
    lastMailToken,
    settled,
    signedInUser,
    signedUpUser,
    setMailFailing: (value: boolean) => void (failMail = value),
    /** Holds every mail until the returned function is called (a slow mail server). */
    holdMail() {
      let release!: () => void;
      mailGate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        mailGate = null;
        release();
      };
    },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the client would see of a failed call (error.data): app code, meta, field errors. */
export async function failure(promise: Promise<unknown>): Promise<AppErrorData> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return toAppErrorData(error);
    throw error;
  }
  throw new Error('expected the call to fail');
}

/**
 * A tracked subscription event as a server-side caller yields it: the `[id, data]` envelope that tRPC
 * turns into `{ id, data }` only on the wire (the caller's types show the wire shape).
 */
export function trackedEvent<T>(event: { id: string; data: T }): { id: string; data: T } {
  const [id, data] = event as unknown as [string, T];
  return { id, data };
}
