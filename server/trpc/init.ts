import { initTRPC, type TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { AppError, type AppErrorCode, type AppErrorData } from '#shared/errors';
import { asTRPCError } from './as-trpc-error';
import { isDatabaseUnavailable } from '../db/client';
import { holdSubscription, type SocketState } from '../realtime/socket-limits';
import type { Access, RequiredScope } from '../auth/scopes';
import type { Context } from './context';
import { transformer } from './transformer';

/**
 * What a procedure says of itself, read by the token scopes (server/trpc/scoped-router.ts) and the OpenAPI
 * document. Every procedure declares `scope` and `summary` (and queries and mutations an `.output()` schema):
 * tests/integration/procedure-facts.test.ts fails for one that does not.
 */
export interface ProcedureMeta {
  /** Who may call: set by the base procedures below, never per procedure. */
  access?: Access;
  /** The scope a personal access token needs; `session`: only a browser's session may call it. */
  scope?: RequiredScope;
  /** One line for the API reference (English, as API references are). */
  summary?: string;
}

const APP_CODE_OF_TRPC: Partial<Record<TRPCError['code'], AppErrorCode>> = {
  BAD_REQUEST: 'VALIDATION',
  PARSE_ERROR: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  // A request the app's client never makes (a query over POST, a subscription over HTTP, not JSON).
  METHOD_NOT_SUPPORTED: 'VALIDATION',
  UNSUPPORTED_MEDIA_TYPE: 'VALIDATION',
  PAYLOAD_TOO_LARGE: 'VALIDATION',
};

interface Issue {
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
  message: string;
}

/** A message of our own schemas: a locale key. Anything else is the validator's English. */
const LOCALE_KEY = /^validation\.[\w.]+$/;

/**
 * Field → messages (locale keys) from zod / Standard Schema issues. A rule without a message of ours (a wrong
 * type, a missing field: what only a hand-made call sends) says `validation.invalid`, so a client always gets
 * a key it can show in its reader's language, never the validator's English.
 */
function fieldErrorsOf(cause: unknown): Record<string, string[]> | undefined {
  const issues = (cause as { issues?: unknown })?.issues;
  if (!Array.isArray(issues)) return undefined;
  const fields: Record<string, string[]> = {};
  for (const issue of issues as Issue[]) {
    const first = issue.path?.[0];
    const key = String(typeof first === 'object' && first !== null ? first.key : (first ?? '_'));
    const message = LOCALE_KEY.test(issue.message) ? issue.message : 'validation.invalid';
    const messages = (fields[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return fields;
}

/** SQLSTATEs only outside text causes: a NUL character, which PostgreSQL's text and jsonb cannot hold. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function isUnstorableText(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** How long a client waits before trying again while the database is away (a restart takes seconds). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * The app's own reason for a failure, if it has one. Services throw AppErrors, which tRPC wraps as
 * INTERNAL_SERVER_ERROR; text the database refuses to store is bad input, not a server failure (the
 * statement fails, so nothing is written); a database that cannot be reached (a restart, an outage) is
 * 503 with Retry-After: nothing was written, and the same call will work again.
 */
function appErrorOf(cause: unknown): AppError | null {
  if (cause instanceof AppError) return cause;
  if (isDatabaseUnavailable(cause))
    return new AppError('UNAVAILABLE', { retryAfter: UNAVAILABLE_RETRY_AFTER_S });
  return isUnstorableText(cause) ? new AppError('VALIDATION') : null;
}

/** What a client learns of a failure: a stable code, optional meta, and per-field locale keys. */
export function toAppErrorData(error: TRPCError): AppErrorData {
  const appError = appErrorOf(error.cause);
  const fieldErrors = error.code === 'BAD_REQUEST' ? fieldErrorsOf(error.cause) : undefined;
  return {
    appCode: appError
      ? appError.code
      : fieldErrors
        ? 'VALIDATION'
        : (APP_CODE_OF_TRPC[error.code] ?? 'INTERNAL'),
    ...(appError?.meta ? { meta: appError.meta } : {}),
    ...(fieldErrors ? { fieldErrors } : {}),
  };
}

/** A failure as clients see it: with its AppError's own code and HTTP status, wherever that was thrown. */
export function clientErrorOf(error: TRPCError): TRPCError {
  const appError = appErrorOf(error.cause);
  return appError ? asTRPCError(appError) : error;
}

/** A failure the server is to blame for (worth logging), not one the caller caused. */
export function isServerFault(error: TRPCError): boolean {
  return error.code === 'INTERNAL_SERVER_ERROR' && !appErrorOf(error.cause);
}

/**
 * No middleware guards every procedure: each step of tRPC's chain copies the call's options, a fair share of
 * a small call's CPU (bench/throughput.ts). The formatter gives an AppError its own code and HTTP status
 * wherever it was thrown (a procedure, a middleware, a subscription's stream), and the HTTP handler refuses
 * cross-site mutations (server/app.ts).
 */
const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer,
    errorFormatter({ shape, error }) {
      const effective = clientErrorOf(error);
      const data = toAppErrorData(error);
      // Internal details never leave the server; the code is the message.
      return {
        ...shape,
        code: TRPC_ERROR_CODES_BY_KEY[effective.code],
        message: data.appCode,
        data: { code: effective.code, httpStatus: getHTTPStatusCodeFromError(effective), ...data },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

export const authedProcedure = publicProcedure.meta({ access: 'user' }).use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED');
  // tRPC merges this into the context; only the narrowed type is new.
  return next({ ctx: { user: ctx.user } });
});

/**
 * Passes a subscription's events on, each once the client has taken what waits on its socket (a stream of a
 * client that does not read waits, holding nothing: it reads what is new when it goes on), then releases its
 * slot when it ends.
 */
async function* paced<T>(
  source: AsyncIterable<T>,
  socket: SocketState | undefined,
  release: () => void,
): AsyncGenerator<T> {
  try {
    for await (const item of source) {
      yield item;
      await socket?.writable();
    }
  } finally {
    release();
  }
}

/** A subscription holds memory for as long as it runs: a socket may hold only so many at once. */
const limitSubscriptions = t.middleware(async ({ ctx, signal, next }) => {
  const release = holdSubscription(ctx.socket, signal);
  const result = await next();
  if (!result.ok) {
    release();
    return result;
  }
  return { ...result, data: paced(result.data as AsyncIterable<unknown>, ctx.socket, release) };
});

export const publicSubscription = publicProcedure.use(limitSubscriptions);
export const authedSubscription = authedProcedure.use(limitSubscriptions);

export const adminProcedure = authedProcedure.meta({ access: 'admin' }).use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new AppError('FORBIDDEN');
  return next();
});
