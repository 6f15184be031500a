import { type AnyRouter, getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callProcedure, errorShapeOf, procedureAt, type ProcedureType, transformerOf } from './internals';

/** The procedure types HTTP serves, and with which method (subscriptions use the WebSocket). */
const METHOD = { query: 'GET', mutation: 'POST' } as const;

interface Options<TContext> {
  router: AnyRouter;
  /** URL prefix, e.g. `/trpc`; procedures answer at `<prefix>/<path>` and batches at `<prefix>/<a>,<b>?batch=1`. */
  prefix: string;
  maxBatchSize: number;
  createContext(req: FastifyRequest, reply: FastifyReply): Promise<TContext>;
  /** Why this request may change nothing (a forged cross-site request), or null; its queries still answer. */
  mutationRefusal(req: FastifyRequest): TRPCError | null;
  onError(error: TRPCError, path: string | undefined): void;
}

/** One call's answer before serialising: its data, or its error shape. */
type Answer = { result: { data: unknown } } | { error: ReturnType<typeof errorShapeOf> };

/** The seconds an error answer asks the client to wait (its `meta.retryAfter`), else 0. */
function retryAfterOf(answer: Answer): number {
  if (!('error' in answer)) return 0;
  const retryAfter = (answer.error.data as { meta?: { retryAfter?: unknown } }).meta?.retryAfter;
  return typeof retryAfter === 'number' ? retryAfter : 0;
}

interface Call {
  path: string;
  type: ProcedureType | 'unknown';
  input: unknown;
}

/**
 * tRPC's HTTP protocol for queries and mutations (what @trpc/client's httpLink and httpBatchLink speak:
 * superjson, batches, error shapes and status codes), answered straight from Fastify's parsed request. The
 * stock adapter turns every request into a Fetch `Request` and its answer back, about a third of a small
 * call's CPU time; here that work is skipped, so a trivial call costs little more than a plain route.
 */
export function serveTrpcOverHttp<TContext>(app: FastifyInstance, options: Options<TContext>) {
  const { router } = options;
  const { serialize } = transformerOf(router).output;
  // What tRPC's transformTRPCResponse does, without its object copies (they showed in the CPU profile).
  const send = (reply: FastifyReply, body: Answer | Answer[]) => {
    const wire = (answer: Answer) =>
      'error' in answer
        ? { error: serialize(answer.error) }
        : { result: { data: serialize(answer.result.data) } };
    // A refusal that says when to try again (a full window, the database away) says it in the header too.
    const retryAfter = Math.max(0, ...(Array.isArray(body) ? body : [body]).map(retryAfterOf));
    if (retryAfter) void reply.header('retry-after', String(retryAfter));
    return reply
      .code(getHTTPStatusCode(body))
      .type('application/json')
      .send(JSON.stringify(Array.isArray(body) ? body.map(wire) : wire(body)));
  };
  // The body arrives as text: a malformed one must become tRPC's PARSE_ERROR, not Fastify's own answer.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.route<{ Params: { path: string }; Querystring: { batch?: string; input?: string } }>({
    method: ['GET', 'POST'],
    url: `${options.prefix}/:path`,
    async handler(req, reply) {
      const batch = req.query.batch === '1';
      let ctx: TContext | undefined;
      const shape = (error: TRPCError, call?: Call) =>
        errorShapeOf(router, error, {
          ctx,
          input: call?.input,
          path: call?.path,
          type: call?.type ?? 'unknown',
        });
      try {
        const calls = parseCalls(req, router, batch, options.maxBatchSize);
        ctx = await options.createContext(req, reply);
        const refusal = req.method === 'POST' ? options.mutationRefusal(req) : null;
        const results = await Promise.all(
          calls.map(async (call) => {
            try {
              if (call.type === 'unknown' || call.type === 'subscription' || METHOD[call.type] !== req.method)
                throw new TRPCError({
                  code: call.type === 'unknown' ? 'NOT_FOUND' : 'METHOD_NOT_SUPPORTED',
                  message: `No ${req.method} procedure at "${call.path}"`,
                });
              if (refusal) throw refusal;
              const data = await callProcedure(router, {
                path: call.path,
                type: call.type,
                ctx,
                input: call.input,
              });
              return { result: { data } } satisfies Answer;
            } catch (cause) {
              const error = getTRPCErrorFromUnknown(cause);
              options.onError(error, call.path);
              return { error: shape(error, call) } satisfies Answer;
            }
          }),
        );
        return send(reply, batch ? results : results[0]!);
      } catch (cause) {
        // The request as a whole is wrong (its JSON, its batch), or the context could not be made.
        const error = getTRPCErrorFromUnknown(cause);
        options.onError(error, undefined);
        return send(reply, { error: shape(error) });
      }
    },
  });
}

/** The calls a request names: one, or a comma-separated batch with inputs keyed by position. */
function parseCalls(req: FastifyRequest, router: AnyRouter, batch: boolean, maxBatchSize: number): Call[] {
  const { path: pathParam } = req.params as { path: string };
  const { input: queryInput } = req.query as { input?: string };
  const paths = batch ? pathParam.split(',') : [pathParam];
  if (paths.length > maxBatchSize)
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Batch call exceeds maximum size' });
  const text = req.method === 'GET' ? queryInput : (req.body as string | undefined);
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : undefined;
  } catch (cause) {
    throw new TRPCError({ code: 'PARSE_ERROR', message: 'The input is not JSON', cause });
  }
  if (batch && raw !== undefined && (typeof raw !== 'object' || raw === null))
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: '"input" needs to be an object when doing a batch call',
    });
  const transformer = transformerOf(router);
  return paths.map((path, index) => {
    const serialized = batch ? (raw as Record<string, unknown> | undefined)?.[index] : raw;
    let input: unknown;
    try {
      input = serialized === undefined ? undefined : transformer.input.deserialize(serialized);
    } catch (cause) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'The input cannot be read', cause });
    }
    return { path, type: procedureAt(router, path)?.type ?? 'unknown', input };
  });
}
