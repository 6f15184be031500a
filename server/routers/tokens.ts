import { z } from 'zod';
import {
  accessTokenView,
  createdAccessTokenView,
  tokenCreateInput,
  tokenIdInput,
} from '#shared/schemas/access-tokens';
import { okOutput } from '#shared/schemas/common';
import * as tokens from '../services/account/access-tokens';
import { authedProcedure, router } from '../trpc/init';
import { answer } from '../trpc/answer';

/** Personal access tokens for scripts (issue 22); managed from a signed-in browser only (server/auth/scopes.ts). */
export const tokensRouter = router({
  list: authedProcedure
    .meta({ scope: 'session', summary: "The caller's personal access tokens." })
    .output(answer(z.array(accessTokenView)))
    .query(({ ctx }) => tokens.listAccessTokens(ctx.db, ctx.user.id)),
  /** The answer holds the token itself, the only time it is shown. */
  create: authedProcedure
    .meta({
      scope: 'session',
      summary: 'Create a personal access token; the answer holds the token, shown this once.',
    })
    .input(tokenCreateInput)
    .output(answer(createdAccessTokenView))
    .mutation(({ ctx, input }) => tokens.createAccessToken(ctx.db, ctx.user, input)),
  revoke: authedProcedure
    .meta({ scope: 'session', summary: 'Delete a personal access token; it stops working at once.' })
    .input(tokenIdInput)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => tokens.revokeAccessToken(ctx, ctx.user.id, input.id)),
});
