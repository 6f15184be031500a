import { z } from 'zod';
import { okOutput } from '#shared/schemas/common';
import {
  checkInInput,
  hereNowView,
  spotCreateInput,
  spotIdInput,
  spotReviewInput,
  spotsNearInput,
  spotSuggestInput,
  spotSummary,
  spotView,
} from '#shared/schemas/spots';
import * as checkIns from '../services/spots/check-ins';
import * as suggestions from '../services/spots/spot-suggestions';
import * as spots from '../services/spots/spots';
import { answer } from '../trpc/answer';
import { authedProcedure, publicProcedure, router } from '../trpc/init';

export const spotsRouter = router({
  near: publicProcedure
    .meta({ scope: 'read', summary: 'Dog places within a radius of a point, nearest first, with filters.' })
    .input(spotsNearInput)
    .output(answer(z.array(spotSummary)))
    .query(({ ctx, input }) => spots.spotsNear(ctx, ctx.user?.id ?? null, input)),
  byId: publicProcedure
    .meta({ scope: 'read', summary: 'A dog place with its opening hours, photos and newest reviews.' })
    .input(spotIdInput)
    .output(answer(spotView))
    .query(({ ctx, input }) => spots.spotById(ctx, ctx.user?.id ?? null, input.id)),
  mine: authedProcedure
    .meta({ scope: 'read', summary: 'The places the caller added, those waiting for a moderator included.' })
    .output(answer(z.array(spotSummary)))
    .query(({ ctx }) => spots.mySpots(ctx, ctx.user.id)),
  create: authedProcedure
    .meta({
      scope: 'write',
      summary: 'Add a dog place; a new account’s place waits for a moderator.',
    })
    .input(spotCreateInput)
    .output(answer(spotView))
    .mutation(({ ctx, input }) => spots.createSpot(ctx, ctx.user.id, input)),
  suggest: authedProcedure
    .meta({
      scope: 'write',
      summary: 'Suggest a change to a published place (what differs is kept); a moderator applies it.',
    })
    .input(spotSuggestInput)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => suggestions.suggestChange(ctx, ctx.user.id, input)),
  review: authedProcedure
    .meta({ scope: 'write', summary: 'Rate a place (1–5) with an optional tip; replaces the caller’s last.' })
    .input(spotReviewInput)
    .output(answer(spotView))
    .mutation(({ ctx, input }) => spots.reviewSpot(ctx, ctx.user.id, input)),
  removeReview: authedProcedure
    .meta({ scope: 'write', summary: 'Take the caller’s review of a place back.' })
    .input(z.object({ spotId: spotIdInput.shape.id }))
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => spots.removeSpotReview(ctx, ctx.user.id, input.spotId)),
  hereNow: publicProcedure
    .meta({
      scope: 'read',
      summary: 'Who is at a place now: how many dogs, and those the caller may see by name.',
    })
    .input(spotIdInput)
    .output(answer(hereNowView))
    .query(({ ctx, input }) => checkIns.hereNow(ctx, ctx.user?.id ?? null, input.id)),
  checkIn: authedProcedure
    .meta({
      scope: 'write',
      summary: 'Check some of the caller’s dogs in at a place for a while; ends their check-in elsewhere.',
    })
    .input(checkInInput)
    .output(answer(hereNowView))
    .mutation(({ ctx, input }) => checkIns.checkIn(ctx, ctx.user.id, input)),
  checkOut: authedProcedure
    .meta({ scope: 'write', summary: 'End the caller’s check-in now.' })
    .output(answer(okOutput))
    .mutation(({ ctx }) => checkIns.checkOut(ctx, ctx.user.id)),
});
