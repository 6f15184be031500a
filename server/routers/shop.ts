import { z } from 'zod';
import * as shop from '../services/shop';
import { authedProcedure, router } from '../trpc/init';
import { answer } from '../trpc/answer';

export const shopRouter = router({
  status: authedProcedure
    .meta({ scope: 'read', summary: 'Whether the shop is open and the caller asked to be told.' })
    .output(answer(z.object({ notified: z.boolean() })))
    .query(({ ctx }) => shop.shopStatus(ctx, ctx.user.id)),
  /** "Notify me when the shop opens"; asking twice changes nothing. */
  notify: authedProcedure
    .meta({ scope: 'write', summary: 'Ask to be told when the shop opens.' })
    .output(answer(z.object({ notified: z.literal(true) })))
    .mutation(({ ctx }) => shop.shopNotify(ctx, ctx.user.id)),
});
