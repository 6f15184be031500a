import { TRPCError } from '@trpc/server';
import { type AppError, TRPC_CODE_OF } from '#shared/errors';

/**
 * An AppError as the TRPCError with the matching HTTP status. Its own module (nothing of the router) so the
 * realtime code can end a stream with it without importing tRPC's setup.
 */
export function asTRPCError(cause: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODE_OF[cause.code], message: cause.code, cause });
}
