import {
  type AnyProcedure,
  type AnyRouter,
  callTRPCProcedure,
  getErrorShape,
  type TRPCError,
} from '@trpc/server';
import type { z } from 'zod';
import { schemaOfOutput } from './answer';
import type { ProcedureMeta } from './init';

/**
 * Every use of tRPC's internals — a router's `_def`, a procedure's `_def`, the calls its adapters make — is in
 * this file, so an upgrade of tRPC is one place to read; tests/integration/trpc-internals.test.ts is its
 * contract (it fails here first when a new version moves something).
 */

export type ProcedureType = 'query' | 'mutation' | 'subscription';

/** What a procedure says of itself: its type, its meta (who may call, scope, summary), its schemas. */
export interface ProcedureFacts {
  path: string;
  type: ProcedureType;
  meta: ProcedureMeta;
  /** Its input schema (the procedures here take one zod schema each), or undefined for none. */
  input: z.ZodType | undefined;
  /** Its output schema, or undefined where it declares none. */
  output: z.ZodType | undefined;
  /** How tRPC checks its answer: `sync` when declared with `answer()` (./answer.ts), `async` for a bare schema. */
  outputCheck: 'sync' | 'async' | undefined;
  procedure: AnyProcedure;
}

interface ProcedureDef {
  type: ProcedureType;
  meta?: ProcedureMeta;
  inputs: z.ZodType[];
  /** A zod schema, or a check made by `answer` (./answer.ts). */
  output?: unknown;
}

const defOf = (procedure: AnyProcedure) => procedure._def as unknown as ProcedureDef;
const proceduresRecord = (router: AnyRouter) => router._def.procedures as Record<string, AnyProcedure>;

/** Marks a path that is another name of a procedure (see withAliases): the name it stands for. */
const ALIAS_OF = Symbol('aliasOf');
const aliasTarget = (procedure: AnyProcedure) => (procedure as unknown as { [ALIAS_OF]?: string })[ALIAS_OF];

function factsOf(path: string, procedure: AnyProcedure): ProcedureFacts {
  const def = defOf(procedure);
  const output = schemaOfOutput(def.output);
  const outputCheck = output && (output === def.output ? 'async' : 'sync');
  return { path, type: def.type, meta: def.meta ?? {}, input: def.inputs[0], output, outputCheck, procedure };
}

/** Every procedure of the router ('dogs.create' …), in the order the routers declare them; no aliases. */
export function proceduresOf(router: AnyRouter): ProcedureFacts[] {
  return Object.entries(proceduresRecord(router))
    .filter(([, procedure]) => !aliasTarget(procedure))
    .map(([path, procedure]) => factsOf(path, procedure));
}

/** The router's aliases (withAliases): [old path, the path it stands for]. */
export function aliasesOf(router: AnyRouter): Array<[alias: string, target: string]> {
  return Object.entries(proceduresRecord(router)).flatMap(([path, procedure]) => {
    const target = aliasTarget(procedure);
    return target ? [[path, target] as [string, string]] : [];
  });
}

/**
 * The router where each old path of `aliases` (old → current) also calls the current procedure, over every
 * transport (HTTP, WebSocket, /api/v1). Aliases are not in the router's type: the app's own code uses the
 * current names; scripts written against the old ones keep working.
 */
export function withAliases<R extends AnyRouter>(router: R, aliases: Record<string, string>): R {
  const procedures = { ...proceduresRecord(router) };
  for (const [alias, target] of Object.entries(aliases)) {
    const procedure = procedures[target];
    if (!procedure || Object.hasOwn(procedures, alias))
      throw new Error(`alias ${alias} → ${target}: no such procedure, or the name is taken`);
    procedures[alias] = Object.assign((opts: unknown) => procedure(opts as never), {
      _def: procedure._def,
      procedure: true,
      meta: procedure._def.meta,
      [ALIAS_OF]: target,
    }) as unknown as AnyProcedure;
  }
  return { ...router, _def: { ...router._def, procedures } };
}

/** The procedure at `path` (or the one it is an alias of), if any (own properties only: "constructor" is none). */
export function procedureAt(router: AnyRouter, path: string): ProcedureFacts | undefined {
  const procedures = proceduresRecord(router);
  return Object.hasOwn(procedures, path) ? factsOf(path, procedures[path]!) : undefined;
}

/** The router's data transformer (superjson), as the HTTP protocol applies it. */
export function transformerOf(router: AnyRouter) {
  return router._def._config.transformer;
}

/** The error shape tRPC's protocol sends for `error` (our errorFormatter's, server/trpc/init.ts). */
export function errorShapeOf(
  router: AnyRouter,
  error: TRPCError,
  call: { ctx: unknown; input: unknown; path: string | undefined; type: ProcedureType | 'unknown' },
) {
  return getErrorShape({ config: router._def._config, error, ...call });
}

/** Calls a query or mutation as tRPC's own adapters do: input parsing, middlewares, output validation. */
export function callProcedure(
  router: AnyRouter,
  call: { path: string; type: 'query' | 'mutation'; ctx: unknown; input: unknown },
): Promise<unknown> {
  return callTRPCProcedure({
    router,
    path: call.path,
    type: call.type,
    ctx: call.ctx,
    getRawInput: async () => call.input,
    signal: undefined,
    batchIndex: 0,
  });
}

/**
 * The router with each procedure wrapped: `wrap` gets a procedure's facts and returns what runs instead of it,
 * calling `run` to go on (or null to keep it as it is). The wrapper keeps the procedure's definition, so
 * callers, adapters and types see the same procedure.
 */
export function withWrappedProcedures<R extends AnyRouter>(
  router: R,
  wrap: (
    facts: ProcedureFacts,
  ) =>
    ((opts: { ctx: unknown }, run: (opts: { ctx: unknown }) => Promise<unknown>) => Promise<unknown>) | null,
): R {
  const procedures: Record<string, AnyProcedure> = {};
  for (const facts of proceduresOf(router)) {
    const { procedure } = facts;
    const wrapper = wrap(facts);
    if (!wrapper) {
      procedures[facts.path] = procedure;
      continue;
    }
    const run = (opts: { ctx: unknown }) => procedure(opts as never) as Promise<unknown>;
    procedures[facts.path] = Object.assign((opts: { ctx: unknown }) => wrapper(opts, run), {
      _def: procedure._def,
      procedure: true,
      meta: procedure._def.meta,
    }) as unknown as AnyProcedure;
  }
  return { ...router, _def: { ...router._def, procedures } };
}
