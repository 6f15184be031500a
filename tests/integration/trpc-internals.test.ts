import { TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '#shared/errors';
import { answer } from '../../server/trpc/answer';
import type { Context } from '../../server/trpc/context';
import {
  authedProcedure,
  createCallerFactory,
  publicProcedure,
  publicSubscription,
  router,
} from '../../server/trpc/init';
import {
  callProcedure,
  errorShapeOf,
  procedureAt,
  proceduresOf,
  transformerOf,
  withWrappedProcedures,
} from '../../server/trpc/internals';

/**
 * The contract of server/trpc/internals.ts, the one file that reads tRPC's internals: a tRPC upgrade that moves
 * any of them fails here, before the token scopes, the OpenAPI document or the HTTP protocol break elsewhere.
 */
const nameInput = z.object({ name: z.string() });
const greeting = z.object({ text: z.string(), at: z.date() });
const tiny = router({
  hello: publicProcedure
    .meta({ scope: 'read', summary: 'Say hello.' })
    .input(nameInput)
    .output(answer(greeting))
    // A field the output schema does not name is not sent.
    .query(({ input }) => ({ text: `Živjo, ${input.name}`, at: new Date(0), secret: 'x' })),
  broken: publicProcedure
    .meta({ scope: 'read', summary: 'Answers what its schema refuses.' })
    .output(answer(z.object({ n: z.number() })))
    .query(() => ({ n: 'one' }) as unknown as { n: number }),
  poke: authedProcedure
    .meta({ scope: 'write', summary: 'Needs a user.' })
    .output(z.object({ by: z.string() }))
    .mutation(({ ctx }) => ({ by: ctx.user.id })),
  stream: publicSubscription.meta({ scope: 'read', summary: 'A stream.' }).subscription(async function* () {
    yield 1;
  }),
});
const user = { id: 'u1', role: 'user' } as Context['user'];
const ctx = (withUser: boolean) => ({ user: withUser ? user : null }) as unknown as Context;

describe('tRPC internals (server/trpc/internals.ts)', () => {
  it('lists every procedure with its type, merged meta and schemas', () => {
    const facts = proceduresOf(tiny);
    expect(facts.map(({ path, type }) => [path, type])).toEqual([
      ['hello', 'query'],
      ['broken', 'query'],
      ['poke', 'mutation'],
      ['stream', 'subscription'],
    ]);
    // The base builder's `access` and the procedure's own meta are both kept.
    expect(facts[2]!.meta).toEqual({ access: 'user', scope: 'write', summary: 'Needs a user.' });
    expect(facts[0]!.meta).toEqual({ scope: 'read', summary: 'Say hello.' });
    expect(facts[0]!.input).toBe(nameInput);
    expect(facts[0]!.output).toBe(greeting);
    expect(facts[0]!.outputCheck).toBe('sync');
    // A bare schema still works; tRPC checks it with parseAsync.
    expect(facts[2]!.output).toBeInstanceOf(z.ZodObject);
    expect(facts[2]!.outputCheck).toBe('async');
    expect(facts[2]!.input).toBeUndefined();
    expect(facts[3]!.output).toBeUndefined();
  });

  it('finds a procedure by path, and nothing for inherited names', () => {
    expect(procedureAt(tiny, 'poke')?.type).toBe('mutation');
    for (const name of ['constructor', '__proto__', 'toString', 'nope'])
      expect(procedureAt(tiny, name)).toBeUndefined();
  });

  it('calls a procedure with its input and output validated', async () => {
    await expect(
      callProcedure(tiny, { path: 'hello', type: 'query', ctx: ctx(false), input: { name: 'Ana' } }),
    ).resolves.toEqual({ text: 'Živjo, Ana', at: new Date(0) });
    await expect(
      callProcedure(tiny, { path: 'hello', type: 'query', ctx: ctx(false), input: { name: 1 } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      callProcedure(tiny, { path: 'broken', type: 'query', ctx: ctx(false), input: undefined }),
    ).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed' });
    await expect(
      callProcedure(tiny, { path: 'poke', type: 'mutation', ctx: ctx(false), input: undefined }),
    ).rejects.toMatchObject({ cause: expect.any(AppError) });
  });

  it('wraps procedures for every way of calling them, keeping what they declare', async () => {
    const calls: string[] = [];
    const wrapped = withWrappedProcedures(tiny, (facts) =>
      facts.path === 'broken'
        ? null
        : async (opts, run) => {
            calls.push(`${facts.path}:${facts.meta.scope}`);
            return run(opts);
          },
    );
    expect(
      proceduresOf(wrapped).map(({ path, type, meta, output }) => ({ path, type, meta, output })),
    ).toEqual(proceduresOf(tiny).map(({ path, type, meta, output }) => ({ path, type, meta, output })));
    await expect(
      callProcedure(wrapped, { path: 'poke', type: 'mutation', ctx: ctx(true), input: undefined }),
    ).resolves.toEqual({ by: 'u1' });
    const caller = createCallerFactory(wrapped)(ctx(false));
    await expect(caller.hello({ name: 'Bor' })).resolves.toMatchObject({ text: 'Živjo, Bor' });
    expect(calls).toEqual(['poke:write', 'hello:read']);
    // A procedure left as it is is the very same one.
    expect(procedureAt(wrapped, 'broken')!.procedure).toBe(procedureAt(tiny, 'broken')!.procedure);
  });

  it("gives the router's transformer and the error shape of our formatter", () => {
    const transformer = transformerOf(tiny);
    const date = new Date('2026-11-26T10:00:00Z');
    // As the client reads it: the same JSON as superjson's (server/trpc/transformer.ts).
    expect(JSON.stringify(transformer.output.serialize({ date }))).toBe(
      JSON.stringify(superjson.serialize({ date })),
    );
    expect(transformer.input.deserialize(superjson.serialize({ date }))).toEqual({ date });
    const error = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new AppError('NOT_FOUND') });
    const shape = errorShapeOf(tiny, error, {
      ctx: ctx(false),
      input: undefined,
      path: 'hello',
      type: 'query',
    });
    expect(shape).toMatchObject({
      message: 'NOT_FOUND',
      data: { code: 'NOT_FOUND', httpStatus: 404, appCode: 'NOT_FOUND' },
    });
  });
});
