import type { AnyProcedure, AnyRouter } from '@trpc/server';
import { type Access, authorizeTokenCall, requiredScope } from '../auth/scopes';
import { asTRPCError } from './as-trpc-error';
import { AppError } from '#shared/errors';
import type { Context } from './context';

/** Who may call the procedure, from its builder's meta (server/trpc/init.ts). */
export function accessOf(procedure: AnyProcedure): Access {
  return (procedure._def.meta as { access?: Access } | undefined)?.access ?? 'public';
}

/**
 * The router with every procedure behind its token scope (server/auth/scopes.ts), for every transport (HTTP,
 * REST, WebSocket, server-side callers). A wrapper per procedure, not a middleware: a call without a token
 * pays one property check, not a step of tRPC's chain (server/trpc/init.ts).
 */
export function withTokenScopes<R extends AnyRouter>(router: R): R {
  const procedures: Record<string, AnyProcedure> = {};
  for (const [path, procedure] of Object.entries(router._def.procedures as Record<string, AnyProcedure>)) {
    const scope = requiredScope(path, procedure._def.type, accessOf(procedure));
    const guarded = (opts: { ctx: Context }) => {
      const { access } = opts.ctx;
      if (!access) return procedure(opts as never);
      return authorizeTokenCall(opts.ctx.db, access, scope).then(
        () => procedure(opts as never),
        (error: unknown) => {
          throw error instanceof AppError ? asTRPCError(error) : error;
        },
      );
    };
    procedures[path] = Object.assign(guarded, {
      _def: procedure._def,
      procedure: true,
      meta: procedure._def.meta,
    }) as unknown as AnyProcedure;
  }
  return { ...router, _def: { ...router._def, procedures } };
}
