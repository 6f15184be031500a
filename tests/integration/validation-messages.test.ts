import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startTestApp, type TestApp } from '../helpers/app';
import { allProcedures } from '../helpers/procedures';

/**
 * Issue 30: a refused input names only locale keys, which the web app shows in the reader's language; never
 * the validator's own English ("Invalid input: expected string, received undefined").
 */
const catalogue = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'locales', 'sl.json'), 'utf8'),
) as Record<string, string>;

describe('validation messages (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { ADMIN_EMAILS: 'skrbnica@example.com' });
  });
  afterAll(() => t.close());

  it('every procedure, given an empty object, a number or wrong-typed fields, answers with locale keys only', async () => {
    const { token } = await t.signedInUser('skrbnica@example.com');
    const api = (await t.caller(token)) as unknown as Record<
      string,
      Record<string, (input: unknown) => unknown>
    >;
    const seen = new Map<string, string>();
    const inputs: unknown[] = [
      {},
      42,
      { id: 7, name: 7, email: 7, title: [], content: {}, chatId: 'x', eventId: 1 },
    ];
    for (const { path: procedure, type } of allProcedures()) {
      if (type === 'subscription') continue;
      const [router, name] = procedure.split('.') as [string, string];
      for (const input of inputs) {
        const refused = await failure(Promise.resolve().then(() => api[router]![name]!(input))).catch(
          () => null,
        );
        for (const messages of Object.values(refused?.fieldErrors ?? {}))
          for (const message of messages) seen.set(message, procedure);
      }
    }
    expect(seen.size).toBeGreaterThan(10);
    const raw = [...seen].filter(([message]) => !(message in catalogue)).map(([m, p]) => `${p}: ${m}`);
    expect(raw).toEqual([]);
  });
});
