import { tokenCreateInput, tokenIdInput } from '#shared/schemas/access-tokens';
import * as tokens from '../services/account/access-tokens';
import { authedProcedure, router } from '../trpc/init';

/** Personal access tokens for scripts (issue 22); managed from a signed-in browser only (server/auth/scopes.ts). */
export const tokensRouter = router({
  list: authedProcedure.query(({ ctx }) => tokens.listAccessTokens(ctx.db, ctx.user.id)),
  /** The answer holds the token itself, the only time it is shown. */
  create: authedProcedure
    .input(tokenCreateInput)
    .mutation(({ ctx, input }) => tokens.createAccessToken(ctx.db, ctx.user, input)),
  revoke: authedProcedure
    .input(tokenIdInput)
    .mutation(({ ctx, input }) => tokens.revokeAccessToken(ctx, ctx.user.id, input.id)),
});
