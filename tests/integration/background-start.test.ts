import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/env';

/** The job queue, its workers and the sweeps start once the server answers (server/index.ts), not before. */
describe('background start', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  async function built() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-bg-'));
    const app = await buildApp({
      config: loadConfig({
        DATABASE_URL: 'memory://',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://tacke.test',
        WEB_DIST: path.join(dataDir, 'no-web'),
      }),
    });
    close = async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    return app;
  }

  it('answers the health check before the job queue has started, and starts nothing meanwhile', async () => {
    const app = await built();
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok' });
    expect(app.deps.jobs.started).toBe(false);
    // Nothing may be queued before the queue is there (on PGlite, a send in a transaction would wait forever).
    await expect(app.deps.jobs.send('digest', { userId: 'x' })).rejects.toThrow(/not started/);
  });

  it('makes an API call that arrives first wait for the queue, then answers it', async () => {
    const app = await built();
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { 'content-type': 'application/json', origin: 'http://tacke.test' },
      payload: JSON.stringify({
        json: { fullName: 'Prva Lastnica', email: 'prva@example.com', password: 'dolgo-geslo-123' },
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(app.deps.jobs.started).toBe(true);
    // The confirmation e-mail the sign-up queued is there.
    await app.deps.background.settled();
    const queued = await app.database.execute(
      `select count(*)::int as n from pgboss.job where name = 'mail'`,
    );
    expect(queued.rows).toEqual([{ n: 1 }]);
  });

  it('closes cleanly while it is still starting (a signal just after start-up)', async () => {
    const app = await built();
    const starting = app.startBackground();
    await app.close();
    close = undefined;
    await expect(starting).resolves.toBeUndefined();
  });

  it('starts once however often it is asked', async () => {
    const app = await built();
    await Promise.all([app.startBackground(), app.startBackground()]);
    expect(app.deps.jobs.started).toBe(true);
    expect(await app.deps.jobs.send('digest', { userId: 'x' }, { singletonKey: 'x' })).toEqual(
      expect.any(String),
    );
  });
});
