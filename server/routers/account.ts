import { accountExportView } from '#shared/schemas/account';
import { acceptTermsInput, meView } from '#shared/schemas/auth';
import { okOutput } from '#shared/schemas/common';
import * as account from '../services/account/account';
import { exportAccount } from '../services/account/account-export';
import { acceptTerms } from '../services/account/auth';
import { authedProcedure, router } from '../trpc/init';
import { answer } from '../trpc/answer';

export const accountRouter = router({
  /** Everything I own, as JSON (a mutation: it is a download made on demand, never cached). */
  export: authedProcedure
    .meta({ scope: 'session', summary: 'Everything the account owns, as JSON.' })
    .output(answer(accountExportView))
    .mutation(({ ctx }) => exportAccount(ctx, ctx.user.id)),
  /** DECISIONS 5: everything goes; the session cookie is cleared with it. */
  delete: authedProcedure
    .meta({ scope: 'session', summary: 'Delete the account and everything it owns.' })
    .output(answer(okOutput))
    .mutation(async ({ ctx }) => {
      const done = await account.deleteAccount(ctx, ctx.user.id);
      ctx.clearSessionCookie();
      return done;
    }),
  /** The terms accepted while signed in: kept with the account, so no other browser asks again. */
  acceptTerms: authedProcedure
    .meta({
      scope: 'session',
      summary: 'Accept the terms of use of the given version (a date); kept with the account.',
    })
    .input(acceptTermsInput)
    .output(answer(meView))
    .mutation(({ ctx, input }) => acceptTerms(ctx.db, ctx.user.id, input.termsVersion)),
});
