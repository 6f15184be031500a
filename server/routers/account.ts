import { acceptTermsInput } from '#shared/schemas/auth';
import * as account from '../services/account/account';
import { exportAccount } from '../services/account/account-export';
import { acceptTerms } from '../services/account/auth';
import { authedProcedure, router } from '../trpc/init';

export const accountRouter = router({
  /** Everything I own, as JSON (a mutation: it is a download made on demand, never cached). */
  export: authedProcedure.mutation(({ ctx }) => exportAccount(ctx, ctx.user.id)),
  /** DECISIONS 5: everything goes; the session cookie is cleared with it. */
  delete: authedProcedure.mutation(async ({ ctx }) => {
    const done = await account.deleteAccount(ctx, ctx.user.id);
    ctx.clearSessionCookie();
    return done;
  }),
  /** The terms accepted while signed in: kept with the account, so no other browser asks again. */
  acceptTerms: authedProcedure
    .input(acceptTermsInput)
    .mutation(({ ctx, input }) => acceptTerms(ctx.db, ctx.user.id, input.termsVersion)),
});
