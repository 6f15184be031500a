import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { AppError, type AppErrorCode, type AppErrorData, TRPC_CODE_OF } from '../../src/errors';
import type { Context } from './context';

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

/** Field → messages (locale keys) from zod / Standard Schema issues. */
function fieldErrorsOf(cause: unknown): Record<string, string[]> | undefined {
  const issues = (cause as { issues?: unknown })?.issues;
  if (!Array.isArray(issues)) return undefined;
  const fields: Record<string, string[]> = {};
  for (const issue of issues as Issue[]) {
    const first = issue.path?.[0];
    const key = String(typeof first === 'object' && first !== null ? first.key : (first ?? '_'));
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** What a client learns of a failure: a stable code, optional meta, and per-field locale keys. */
export function toAppErrorData(error: TRPCError): AppErrorData {
  const cause = error.cause;
  const fieldErrors = error.code === 'BAD_REQUEST' ? fieldErrorsOf(cause) : undefined;
  return {
    appCode:
      cause instanceof AppError
        ? cause.code
        : fieldErrors
          ? 'VALIDATION'
          : (APP_CODE_OF_TRPC[error.code] ?? 'INTERNAL'),
    ...(cause instanceof AppError && cause.meta ? { meta: cause.meta } : {}),
    ...(fieldErrors ? { fieldErrors } : {}),
  };
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const data = toAppErrorData(error);
    // Internal details never leave the server; the code is the message.
    return {
      ...shape,
      message: data.appCode,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, ...data },
    };
  },
});

/** An AppError as the TRPCError with the matching HTTP status. */
export function asTRPCError(cause: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODE_OF[cause.code], message: cause.code, cause });
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

/**
 * Every procedure's guard, one middleware (each step of tRPC's chain copies the call's options, a fair share
 * of a small call's CPU). Browsers may only change state from our own origin. AppErrors thrown by services
 * travel as TRPCErrors (a subscription's stream throws them itself). Text the database refuses to store is
 * bad input, not a server failure (the statement fails, so nothing is written).
 */
const guard = t.middleware(async ({ ctx, type, next }) => {
  if (type === 'mutation' && ctx.crossOrigin) throw asTRPCError(new AppError('CROSS_ORIGIN'));
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) throw asTRPCError(result.error.cause);
  if (!result.ok && isUnstorableText(result.error.cause)) throw asTRPCError(new AppError('VALIDATION'));
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(guard);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED');
  // tRPC merges this into the context; only the narrowed type is new.
  return next({ ctx: { user: ctx.user } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new AppError('FORBIDDEN');
  return next();
});
