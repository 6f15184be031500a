import type { AnyRouter } from '@trpc/server';
import { type Access, authorizeTokenCall, type RequiredScope } from '../auth/scopes';
import { asTRPCError } from './as-trpc-error';
import { AppError } from '#shared/errors';
import type { Context } from './context';
import { type ProcedureFacts, withWrappedProcedures } from './internals';

/** Who may call the procedure, from its builder's meta (server/trpc/init.ts). */
export const accessOf = (facts: ProcedureFacts): Access => facts.meta.access ?? 'public';

/** The scope a token needs for the procedure, from its meta; none declared: no token may call it. */
export const scopeOf = (facts: ProcedureFacts): RequiredScope => facts.meta.scope ?? 'session';

/**
 * The router with every procedure behind its token scope (server/auth/scopes.ts), for every transport (HTTP,
 * REST, WebSocket, server-side callers). A wrapper per procedure, not a middleware: a call without a token
 * pays one property check, not a step of tRPC's chain (server/trpc/init.ts).
 */
export function withTokenScopes<R extends AnyRouter>(router: R): R {
  return withWrappedProcedures(router, (facts) => {
    const scope = scopeOf(facts);
    return (opts, run) => {
      const { access } = opts.ctx as Context;
      if (!access) return run(opts);
      return authorizeTokenCall((opts.ctx as Context).db, access, scope).then(
        () => run(opts),
        (error: unknown) => {
          throw error instanceof AppError ? asTRPCError(error) : error;
        },
      );
    };
  });
}
