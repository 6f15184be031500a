import * as shop from '../services/shop';
import { authedProcedure, router } from '../trpc/init';

export const shopRouter = router({
  status: authedProcedure.query(({ ctx }) => shop.shopStatus(ctx, ctx.user.id)),
  /** "Notify me when the shop opens"; asking twice changes nothing. */
  notify: authedProcedure.mutation(({ ctx }) => shop.shopNotify(ctx, ctx.user.id)),
});
