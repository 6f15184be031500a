import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { SERVER_NODE_FLAGS } from '../../bench/lib';
import { ALLOCATOR_ENV } from '../../scripts/allocator.mjs';
import { freePort } from '../helpers/postgres';

/** The built server as `npm start` runs it (`npm test` builds first): embedded PGlite under DATA_DIR. */
function start(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['dist/server.mjs'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'web'),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, child: ChildProcess) {
  for (let i = 0; i < 1500 && child.exitCode === null; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
    if (res?.ok) return res.json();
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('server did not become healthy');
}

describe('server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-proc-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts, refuses a second instance on the same DATA_DIR, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = start(dataDir, port);
    expect(await waitHealthy(port, first.child)).toEqual({ status: 'ok' });
    expect(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toMatch(
      new RegExp(`^${first.child.pid} `),
    );

    const second = start(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by process \d+/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });

  it('npm start runs the server in a process with the allocator settings and V8 flags; SIGTERM the moment it answers stops both cleanly', async () => {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-npm-start-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: String(port), LOG_LEVEL: 'warn' };
    env.DATABASE_URL = '';
    env.SEED_DEMO = 'false';
    for (const name of Object.keys(ALLOCATOR_ENV)) delete env[name];
    const parent = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
      env,
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => parent.on('exit', (code) => resolve(code)));
    try {
      await waitHealthy(port, parent);
      const [server] = fs.readFileSync(`/proc/${parent.pid}/task/${parent.pid}/children`, 'utf8').split(' ');
      const read = (file: string) => fs.readFileSync(`/proc/${server}/${file}`, 'utf8').split('\0');
      expect(read('environ')).toEqual(
        expect.arrayContaining(Object.entries(ALLOCATOR_ENV).map(([name, value]) => `${name}=${value}`)),
      );
      expect(read('cmdline')).toEqual(
        expect.arrayContaining([...SERVER_NODE_FLAGS, path.resolve('dist/server.mjs')]),
      );

      parent.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(fs.existsSync(`/proc/${server}`)).toBe(false);
      expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
    } finally {
      parent.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('carries the ORM in its bundle: Node resolving its ~450 modules cost ~0.3 s of every start', () => {
    const files = ['dist/server.mjs', ...fs.readdirSync('dist/chunks').map((f) => `dist/chunks/${f}`)];
    const code = files.filter((f) => f.endsWith('.mjs')).map((f) => fs.readFileSync(f, 'utf8'));
    expect(code.filter((text) => /^(import|export)\b[^;]*\bfrom\s*["']drizzle-orm/m.test(text))).toEqual([]);
    expect(code.some((text) => text.includes('// node_modules/drizzle-orm/pg-core/dialect.js'))).toBe(true);
  });

  it('shuts down within its deadline on SIGTERM even when nobody reads its stdout', async () => {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-stuck-'));
    // stdout is a pipe nobody reads: once its buffer is full, every write to it would wait.
    const child = spawn(process.execPath, ['dist/server.mjs'], {
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: String(port),
        LOG_LEVEL: 'trace',
        WEB_DIST: path.join(dir, 'web'),
        DATABASE_URL: 'memory://',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitHealthy(port, child);
      // Every request logs two lines at trace level: far more than a pipe holds.
      let answered = 0;
      for (; answered < 2_000; answered++) {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`, {
          signal: AbortSignal.timeout(2_000),
        }).catch(() => null);
        if (!res?.ok) break;
      }
      expect(answered).toBe(2_000); // the server kept answering with its log unread
      const started = Date.now();
      child.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise((resolve) => setTimeout(() => resolve('hung'), 15_000)),
      ]);
      expect(code).toBe(0);
      expect(Date.now() - started).toBeLessThan(12_000);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('stops with a clear message on a bad setting', async () => {
    const child = spawn(process.execPath, ['dist/server.mjs'], {
      env: { ...process.env, PORT: 'not-a-port', WEB_DIST: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT');
  });
});

describe('npm run admin', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-admin-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const admin = (...args: string[]) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('exit', (code) => resolve({ code, output }));
    });

  it('grants and revokes the admin role by e-mail', async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    await database.db.insert(users).values({ email: 'vodja@example.com', emailVerifiedAt: new Date() });
    await database.close();

    expect(await admin('grant', 'Vodja@Example.com')).toEqual({
      code: 0,
      output: 'vodja@example.com is now an admin.\n',
    });
    expect(await admin('list')).toEqual({ code: 0, output: 'vodja@example.com\n' });
    expect((await admin('grant', 'nobody@example.com')).code).toBe(1);
    expect((await admin('revoke', 'vodja@example.com')).code).toBe(0);
    expect(await admin('list')).toEqual({ code: 0, output: 'No admins.\n' });
    expect(await admin()).toMatchObject({ code: 1, output: expect.stringContaining('Usage') });
  });
});
