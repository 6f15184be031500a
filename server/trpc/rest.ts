import { type AnyRouter, getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors';
import { REST_PREFIX, type RestOperation, restOperations } from '../openapi/document';
import { asTRPCError } from './as-trpc-error';
import { clientErrorOf, toAppErrorData } from './init';
import { callProcedure } from './internals';

interface Options<TContext> {
  router: AnyRouter;
  createContext(req: FastifyRequest, reply: FastifyReply): Promise<TContext>;
  onError(error: TRPCError, path: string | undefined): void;
}

type Query = Record<string, string | string[] | undefined>;

/**
 * A query parameter as its JSON Schema type wants it: numbers and booleans from their text, arrays from
 * repeated parameters. Anything else stays text; the procedure's zod schema has the last word.
 */
function coerce(value: string | string[], schema: Record<string, unknown>): unknown {
  const types = [
    schema.type,
    ...((schema.anyOf as { type?: unknown }[] | undefined) ?? []).map((s) => s.type),
  ];
  if (Array.isArray(value))
    return types.includes('array')
      ? value.map((item) => coerce(item, (schema.items as Record<string, unknown>) ?? {}))
      : value;
  if ((types.includes('number') || types.includes('integer')) && value.trim() !== '' && !isNaN(Number(value)))
    return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  if (types.includes('null') && value === 'null') return null;
  if (types.includes('array')) return [value];
  return value;
}

function queryInput(op: RestOperation, query: Query): unknown {
  const properties = (op.input?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const entries = Object.entries(query).filter(([, value]) => value !== undefined) as [
    string,
    string | string[],
  ][];
  if (!entries.length && op.inputOptional) return undefined;
  return Object.fromEntries(entries.map(([name, value]) => [name, coerce(value, properties[name] ?? {})]));
}

/** JSON text without superjson: dates become ISO strings (Date#toJSON), big integers decimal text. */
const plainJson = (data: unknown) =>
  JSON.stringify(data ?? null, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );

/**
 * The router's queries (`GET`, input as query parameters) and mutations (`POST`, JSON body) as plain JSON at
 * `/api/v1/<procedure>`, for curl, Python and any OpenAPI client (server/openapi/document.ts describes them).
 * The same procedures, scopes and errors as tRPC's own protocol; only bearer tokens, never the session
 * cookie, so no other site can make a browser call it.
 */
export function serveRestCalls<TContext>(app: FastifyInstance, options: Options<TContext>) {
  const operations = new Map(restOperations(options.router).map((op) => [op.path, op]));
  const fail = (reply: FastifyReply, cause: unknown, path: string | undefined) => {
    const error = getTRPCErrorFromUnknown(cause instanceof AppError ? asTRPCError(cause) : cause);
    options.onError(error, path);
    const effective = clientErrorOf(error);
    const httpStatus = getHTTPStatusCodeFromError(effective);
    const { appCode, ...details } = toAppErrorData(error);
    if (typeof details.meta?.retryAfter === 'number')
      void reply.header('retry-after', String(details.meta.retryAfter));
    return reply
      .code(httpStatus)
      .type('application/json')
      .send(JSON.stringify({ error: { code: appCode, httpStatus, ...details } }));
  };

  app.route<{ Params: { path: string }; Querystring: Query }>({
    method: ['GET', 'POST'],
    url: `${REST_PREFIX}/:path`,
    async handler(req, reply) {
      const { path } = req.params;
      const op = operations.get(path);
      if (!op) return fail(reply, new AppError('NOT_FOUND'), undefined);
      const method = op.type === 'query' ? 'GET' : 'POST';
      if (req.method !== method) {
        void reply.header('allow', method);
        return fail(reply, new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: `Use ${method}` }), path);
      }
      try {
        let input: unknown;
        if (op.type === 'query') input = queryInput(op, req.query);
        else {
          const body = (req.body as string | undefined)?.trim();
          try {
            input = body ? JSON.parse(body) : undefined;
          } catch {
            throw new AppError('VALIDATION');
          }
        }
        const ctx = await options.createContext(req, reply);
        const data = await callProcedure(options.router, { path, type: op.type, ctx, input });
        return reply.code(200).type('application/json').send(plainJson(data));
      } catch (cause) {
        return fail(reply, cause, path);
      }
    },
  });
}
