import { z } from 'zod';
import { okOutput } from '#shared/schemas/common';
import {
  appealInput,
  blockedUserView,
  reportInput,
  reportReceipt,
  userIdInput,
} from '#shared/schemas/safety';
import * as moderation from '../services/safety/moderation';
import * as safety from '../services/safety/safety';
import { authedProcedure, publicProcedure, router } from '../trpc/init';
import { answer } from '../trpc/answer';

/** Blocks, reports and appeals (issue 18); the moderators' side is the admin router. */
export const safetyRouter = router({
  block: authedProcedure
    .meta({ scope: 'write', summary: 'Block a user: neither sees the other again.' })
    .input(userIdInput)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => safety.block(ctx, ctx.user.id, input.userId)),
  unblock: authedProcedure
    .meta({ scope: 'write', summary: 'Unblock a user.' })
    .input(userIdInput)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => safety.unblock(ctx, ctx.user.id, input.userId)),
  blocked: authedProcedure
    .meta({ scope: 'read', summary: 'The users the caller blocked.' })
    .output(answer(z.array(blockedUserView)))
    .query(({ ctx }) => safety.blockedUsers(ctx, ctx.user.id)),
  /** Signed in or not (DSA Art. 16): anyone may report. */
  report: publicProcedure
    .meta({ scope: 'write', summary: 'Report a user, dog, message, event or announcement.' })
    .input(reportInput)
    .output(answer(reportReceipt))
    .mutation(({ ctx, input }) =>
      safety.report(ctx, ctx.user ? { id: ctx.user.id, email: ctx.user.email } : null, input),
    ),
  appeal: authedProcedure
    .meta({ scope: 'write', summary: 'Appeal a moderation decision about the caller.' })
    .input(appealInput)
    .output(answer(z.object({ id: z.string() })))
    .mutation(({ ctx, input }) => moderation.appeal(ctx, ctx.user.id, input)),
});
