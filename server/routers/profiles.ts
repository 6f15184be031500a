import { profileUpdateInput, userIdInput } from '#shared/schemas/profiles';
import * as profiles from '../services/account/profiles';
import { authedProcedure, router } from '../trpc/init';

export const profilesRouter = router({
  me: authedProcedure.query(({ ctx }) => profiles.myProfile(ctx, ctx.user.id)),

  update: authedProcedure
    .input(profileUpdateInput)
    .mutation(({ ctx, input }) => profiles.updateProfile(ctx, ctx.user.id, input)),

  byUserId: authedProcedure
    .input(userIdInput)
    .query(({ ctx, input }) => profiles.profileByUserId(ctx, ctx.user.id, input.userId)),

  stats: authedProcedure.query(({ ctx }) => profiles.profileStats(ctx, ctx.user.id)),
});
