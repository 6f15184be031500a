import {
  ownProfileView,
  profileCardView,
  profileStatsView,
  profileUpdateInput,
  userIdInput,
} from '#shared/schemas/profiles';
import * as profiles from '../services/account/profiles';
import { authedProcedure, router } from '../trpc/init';
import { answer } from '../trpc/answer';

export const profilesRouter = router({
  me: authedProcedure
    .meta({ scope: 'read', summary: "The caller's profile." })
    .output(answer(ownProfileView))
    .query(({ ctx }) => profiles.myProfile(ctx, ctx.user.id)),

  update: authedProcedure
    .meta({ scope: 'write', summary: "Update the caller's profile." })
    .input(profileUpdateInput)
    .output(answer(ownProfileView))
    .mutation(({ ctx, input }) => profiles.updateProfile(ctx, ctx.user.id, input)),

  byUserId: authedProcedure
    .meta({ scope: 'read', summary: "Another owner's public profile card." })
    .input(userIdInput)
    .output(answer(profileCardView))
    .query(({ ctx, input }) => profiles.profileByUserId(ctx, ctx.user.id, input.userId)),

  stats: authedProcedure
    .meta({ scope: 'read', summary: "The caller's numbers: dogs and matches." })
    .output(answer(profileStatsView))
    .query(({ ctx }) => profiles.profileStats(ctx, ctx.user.id)),
});
