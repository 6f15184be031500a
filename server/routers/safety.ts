import { appealInput, reportInput, userIdInput } from '#shared/schemas/safety';
import * as moderation from '../services/safety/moderation';
import * as safety from '../services/safety/safety';
import { authedProcedure, publicProcedure, router } from '../trpc/init';

/** Blocks, reports and appeals (issue 18); the moderators' side is the admin router. */
export const safetyRouter = router({
  block: authedProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => safety.block(ctx, ctx.user.id, input.userId)),
  unblock: authedProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => safety.unblock(ctx, ctx.user.id, input.userId)),
  blocked: authedProcedure.query(({ ctx }) => safety.blockedUsers(ctx, ctx.user.id)),
  /** Signed in or not (DSA Art. 16): anyone may report. */
  report: publicProcedure
    .input(reportInput)
    .mutation(({ ctx, input }) =>
      safety.report(ctx, ctx.user ? { id: ctx.user.id, email: ctx.user.email } : null, input),
    ),
  appeal: authedProcedure
    .input(appealInput)
    .mutation(({ ctx, input }) => moderation.appeal(ctx, ctx.user.id, input)),
});
