import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../server/routers/_app';
import { aliasesOf, procedureAt } from '../../server/trpc/internals';
import { accessOf, scopeOf } from '../../server/trpc/scoped-router';
import { APP_ERROR_CODES } from '#shared/errors';
import { monthOfIndex, utcMonthIndex } from '#shared/domain/dog-age';
import { dbKinds, startTestApp, type TestApp } from '../helpers/app';
import { makeAccessToken, makeDog, makeEvent, makeUser } from '../helpers/factories';
import { allProcedures } from '../helpers/procedures';

const run = promisify(execFile);

interface Operation {
  operationId: string;
  'x-tacke-scope': string;
  'x-tacke-access': string;
  parameters?: { name: string; required: boolean; schema: object }[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: object } } };
  responses: { '200': { content: { 'application/json': { schema: object } } } };
  security: Record<string, string[]>[];
  deprecated?: boolean;
  summary: string;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** The fenced blocks of one language in the README's "Talking to the API from a script" section. */
function readmeExamples(language: string): string[] {
  const readme = fs.readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Talking to the API from a script'),
    readme.indexOf('## Photo uploads'),
  );
  return [...section.matchAll(new RegExp('```' + language + '\\n([^]*?)```', 'g'))].map((match) => match[1]!);
}

/** The router's former paths (server/routers/_app.ts) with the type of the procedure each stands for. */
const formerPaths = () =>
  aliasesOf(appRouter).map(([alias, target]) => [alias, procedureAt(appRouter, target)!.type] as const);

describe.each(dbKinds())('the OpenAPI surface on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let doc: Document;
  beforeAll(async () => {
    t = await startTestApp(kind);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as Document;
  });
  afterAll(() => t.close());

  const rest = (procedure: string, token: string | null, init: RequestInit & { query?: string } = {}) =>
    fetch(`${base}/api/v1/${procedure}${init.query ? `?${init.query}` : ''}`, {
      ...init,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    // The validator does not look inside schemas: each must compile as JSON Schema 2020-12, strictly.
    const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
    for (const [url, methods] of Object.entries(doc.paths))
      for (const op of Object.values(methods)) {
        const body = op.requestBody?.content['application/json'].schema;
        const answer = op.responses['200'].content['application/json'].schema;
        for (const schema of [...(op.parameters ?? []).map((p) => p.schema), body, answer])
          if (schema) expect(() => ajv.compile(schema), url).not.toThrow();
      }
  });

  it("describes the inputs the procedures' zod schemas accept and refuse", () => {
    const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
    const body = (procedure: string) =>
      doc.paths[`/api/v1/${procedure}`]!.post!.requestBody!.content['application/json'].schema;
    const createDog = ajv.compile(body('dogs.create'));
    const pika = { name: 'Pika', breed: 'Mešanec', gender: 'female', location: 'Ljubljana' };
    expect(createDog({ ...pika, birthMonth: '2025-01' })).toBe(true);
    expect(createDog({ ...pika, age: 3 })).toBe(true);
    expect(createDog({ ...pika, age: 'three' })).toBe(false);
    expect(createDog({ ...pika, gender: undefined, birthMonth: '2025-01' })).toBe(false);
    const createToken = ajv.compile(body('tokens.create'));
    expect(createToken({ name: 'CI', scopes: ['read'], expiresInDays: 30 })).toBe(true);
    expect(createToken({ name: 'CI', scopes: ['root'], expiresInDays: 30 })).toBe(false);
    expect(createToken({ name: 'CI', scopes: ['read'], expiresInDays: 31 })).toBe(false);
  });

  it('has one operation per query (GET) and mutation (POST) of the router, with its scope, and nothing else', () => {
    const expected = [...allProcedures().map((p) => [p.path, p.type] as const), ...formerPaths()]
      .filter(([, type]) => type !== 'subscription')
      .map(([name, type]) => `${type === 'query' ? 'get' : 'post'} /api/v1/${name}`);
    const documented = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => `${method} ${url}`),
    );
    expect(documented.sort()).toEqual(expected.sort());
    for (const { path: name } of allProcedures().filter((p) => p.type !== 'subscription')) {
      const op = Object.values(doc.paths[`/api/v1/${name}`]!)[0]!;
      const facts = procedureAt(appRouter, name)!;
      const access = accessOf(facts);
      expect(op, name).toMatchObject({
        operationId: name,
        summary: facts.meta.summary,
        'x-tacke-access': access,
        'x-tacke-scope': scopeOf(facts),
      });
      // Public operations answer without a token too.
      expect(
        op.security.some((requirement) => Object.keys(requirement).length === 0),
        name,
      ).toBe(access === 'public');
    }
    // Inputs: query parameters for queries, a JSON body for mutations.
    expect(doc.paths['/api/v1/dogs.byId']!.get!.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'query', required: true }),
    ]);
    expect(doc.paths['/api/v1/dogs.create']!.post!.requestBody).toMatchObject({
      required: true,
      content: {
        'application/json': { schema: { type: 'object', required: expect.arrayContaining(['name']) } },
      },
    });
    expect(doc.paths['/api/v1/dogs.mine']!.get!.parameters).toBeUndefined();
  });

  it('keeps answering at former paths, documented as deprecated, with what the current path answers', async () => {
    for (const [alias] of formerPaths().filter(([, type]) => type !== 'subscription')) {
      const target = Object.fromEntries(aliasesOf(appRouter))[alias]!;
      const op = Object.values(doc.paths[`/api/v1/${alias}`]!)[0]!;
      expect(op, alias).toMatchObject({ operationId: alias, deprecated: true });
      expect(op.summary).toBe(`Former name of ${target}: ${procedureAt(appRouter, target)!.meta.summary}`);
    }
    const ana = await makeUser(t.db);
    const bor = await makeUser(t.db);
    const [anaDog, borDog] = [await makeDog(t.db, ana.id), await makeDog(t.db, bor.id)];
    const token = (await makeAccessToken(t.db, bor.id)).token;
    const anaToken = (await makeAccessToken(t.db, ana.id)).token;
    const like = await rest('likes.like', anaToken, {
      method: 'POST',
      body: JSON.stringify({ fromDogId: anaDog.id, dogId: borDog.id }),
    });
    expect(await like.json()).toEqual({ outcome: 'requested' });
    const current = await (await rest('requests.list', token)).json();
    expect(current).toHaveLength(1);
    expect(await (await rest('likes.requests', token)).json()).toEqual(current);
    // Over tRPC's own protocol too (superjson), and a write through the old name takes effect.
    const trpc = await fetch(`${base}/trpc/likes.unreadCount`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await trpc.json()).toEqual({ result: { data: { json: 1 } } });
    const accepted = await rest('likes.accept', token, {
      method: 'POST',
      body: JSON.stringify({ id: current[0].id }),
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ chatId: expect.any(String) });
    expect((await (await rest('requests.list', token)).json())[0]).toMatchObject({ status: 'accepted' });
  });

  it('answers what each operation documents (its output schema, as JSON)', async () => {
    const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
    const answers = (name: string) =>
      ajv.compile(
        Object.values(doc.paths[`/api/v1/${name}`]!)[0]!.responses['200'].content['application/json'].schema,
      );
    const ana = await makeUser(t.db, { fullName: 'Ana Shape' });
    const dog = await makeDog(t.db, ana.id, { name: 'Pika' });
    await makeDog(t.db, (await makeUser(t.db)).id, { name: 'Reks' });
    await makeEvent(t.db, ana.id, { title: 'Sprehod' });
    const token = (await makeAccessToken(t.db, ana.id)).token;
    for (const [name, query] of [
      ['auth.me', ''],
      ['profiles.me', ''],
      ['dogs.mine', ''],
      ['dogs.deck', `fromDogId=${dog.id}`],
      ['events.list', 'filter=mine'],
      ['requests.list', ''],
      ['notifySettings.preferences', ''],
      ['chats.list', ''],
    ] as const) {
      const answer = await (await rest(name, token, { query })).json();
      const valid = answers(name);
      expect(valid(answer) ? [] : valid.errors, name).toEqual([]);
    }
  });

  it('answers queries and mutations as plain JSON, with the same scopes and typed errors as tRPC', async () => {
    const ana = await makeUser(t.db, { fullName: 'Ana Rest' });
    const all = (await makeAccessToken(t.db, ana.id)).token;
    const reader = (await makeAccessToken(t.db, ana.id, { scopes: ['read'] })).token;
    const me = await rest('auth.me', reader);
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const body = await me.json();
    expect(body).toMatchObject({ id: ana.id, email: ana.email, fullName: 'Ana Rest' });
    // No superjson: a date is an ISO string.
    expect(body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const created = await rest('dogs.create', all, {
      method: 'POST',
      body: JSON.stringify({ name: 'Pika', breed: 'Mešanec', age: 3, gender: 'male', location: 'Ljubljana' }),
    });
    expect(created.status).toBe(200);
    const dog = await created.json();
    expect(dog).toMatchObject({
      name: 'Pika',
      gender: 'male',
      birthMonth: monthOfIndex(utcMonthIndex() - 36),
      userId: ana.id,
    });
    // Query parameters are typed by the input's schema (a number here).
    const other = await makeUser(t.db);
    await makeDog(t.db, other.id, { name: 'Reks' });
    const deck = await rest('dogs.deck', reader, { query: `fromDogId=${dog.id}&limit=1` });
    expect(deck.status).toBe(200);
    expect(await deck.json()).toHaveLength(1);
    await makeEvent(t.db, ana.id, { title: 'Sprehod v parku' });
    const events = await rest('events.list', reader, { query: 'filter=mine&search=park' });
    expect((await events.json()).map((e: { title: string }) => e.title)).toEqual(['Sprehod v parku']);
    expect((await rest('shop.notify', all, { method: 'POST' })).status).toBe(200);

    const cases: [string, Response, number, Record<string, unknown>][] = [
      ['no token', await rest('dogs.mine', null), 401, { code: 'UNAUTHENTICATED' }],
      [
        'missing scope',
        await rest('dogs.remove', reader, { method: 'POST', body: JSON.stringify({ id: dog.id }) }),
        403,
        { code: 'MISSING_SCOPE', meta: { scope: 'write' } },
      ],
      ['session only', await rest('tokens.list', all), 403, { code: 'SESSION_REQUIRED' }],
      [
        'invalid input',
        await rest('dogs.create', all, { method: 'POST', body: JSON.stringify({ name: '' }) }),
        400,
        {
          code: 'VALIDATION',
          fieldErrors: expect.objectContaining({ name: ['validation.dogNameRequired'] }),
        },
      ],
      [
        'not JSON',
        await rest('dogs.create', all, { method: 'POST', body: '{nope' }),
        400,
        { code: 'VALIDATION' },
      ],
      ['unknown', await rest('dogs.steal', all), 404, { code: 'NOT_FOUND' }],
      ['a subscription', await rest('dogs.onChange', all), 404, { code: 'NOT_FOUND' }],
      ['wrong method', await rest('dogs.create', all), 405, { code: 'VALIDATION' }],
      [
        'a stranger’s dog',
        await rest('dogs.byId', all, { query: `id=${crypto.randomUUID()}` }),
        404,
        { code: 'NOT_FOUND' },
      ],
    ];
    for (const [what, res, status, error] of cases) {
      expect(res.status, what).toBe(status);
      expect((await res.json()).error, what).toMatchObject({ ...error, httpStatus: status });
    }
    // A public operation answers without a token.
    expect((await rest('config.get', null)).status).toBe(200);
    // The session cookie is not a credential here: no other site can make a browser call it.
    const withCookie = await fetch(`${base}/api/v1/dogs.mine`, {
      headers: { cookie: `tacke_session=${ana.token}` },
    });
    expect(withCookie.status).toBe(401);
    // Nor is a session token: a session's rights are not bounded by scopes. Personal access tokens only.
    const asBearer = await rest('dogs.mine', ana.token);
    expect(asBearer.status).toBe(401);
    expect((await asBearer.json()).error).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('never fails on hostile query strings or bodies: every answer is a result or a typed refusal', async () => {
    const owner = await makeUser(t.db);
    // Every scope a user may have, so the inputs reach the procedures (at most 300 calls a minute).
    const token = (await makeAccessToken(t.db, owner.id)).token;
    const operations = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => ({ url, method })),
    );
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom('null', 'NaN', '1e999', '-0', '[]', '{}', '\u0000', "' or 1=1"),
    );
    const samples = fc.sample(
      fc.record({
        op: fc.constantFrom(...operations),
        query: fc.dictionary(fc.constantFrom('id', 'limit', 'cursor', 'filter', 'x', '__proto__'), text),
        body: fc.oneof(
          fc.jsonValue().map((value) => JSON.stringify(value)),
          fc.string(),
        ),
      }),
      { numRuns: 250, seed: 22 },
    );
    for (const { op, query, body } of samples) {
      const res = await fetch(`${base}${op.url}?${new URLSearchParams(query)}`, {
        method: op.method.toUpperCase(),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(op.method === 'post' ? { body } : {}),
      });
      const answer = await res.json();
      expect(res.status, `${op.url} ${JSON.stringify({ query, body })}`).toBeLessThan(500);
      if (res.status !== 200) expect(APP_ERROR_CODES).toContain(answer.error.code);
    }
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('runs the README examples (TypeScript, curl, Python) against this server', async () => {
    const owner = await makeUser(t.db, { email: `readme-${kind}@example.com` });
    const env = {
      ...process.env,
      TACKE_URL: base,
      TACKE_TOKEN: (await makeAccessToken(t.db, owner.id)).token,
    };
    const [shell] = readmeExamples('sh');
    const [python] = readmeExamples('python');
    const [typescript] = readmeExamples('ts');

    const curl = await run('bash', ['-c', `set -euo pipefail\n${shell}`], { env });
    const [me, dog, events] = curl.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(me).toMatchObject({ email: owner.email });
    expect(dog).toMatchObject({ name: 'Pika', userId: owner.id });
    expect(events).toEqual([]);

    const py = await run('python3', ['-c', python!], { env });
    expect(py.stdout.split('\n')).toEqual([
      owner.email,
      expect.stringMatching(/^Pika \d{4}-\d\d-\d\dT[\d:.]+Z$/),
      '0 events of mine',
      "VALIDATION ['birthMonth', 'breed', 'gender', 'location', 'name']",
      '',
    ]);

    const file = path.join(import.meta.dirname, `../../.readme-example-${process.pid}.ts`);
    fs.writeFileSync(file, typescript!);
    try {
      const ts = await run(process.execPath, ['--import', 'tsx', file], { env });
      expect(ts.stdout).toBe(`${owner.email} true\nPika 3\n`);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
