import { okOutput } from '#shared/schemas/common';
import { deckCardView, likedInput, likedPageView, undoInput } from '#shared/schemas/deck';
import { likeInput, likeOutcomeView } from '#shared/schemas/likes';
import * as likes from '../services/requests/likes';
import * as history from '../services/matching/swipe-history';
import { authedProcedure, router } from '../trpc/init';
import { answer } from '../trpc/answer';

/** Swiping: a like (a request, a heart or a match) or a pass, and what I liked. */
export const likesRouter = router({
  like: authedProcedure
    .meta({
      scope: 'write',
      summary: 'Like a dog as one of the caller’s dogs: a request, a heart in an existing chat, or a match.',
    })
    .input(likeInput)
    .output(answer(likeOutcomeView))
    .mutation(({ ctx, input }) => likes.like(ctx, ctx.user.id, input)),
  pass: authedProcedure
    .meta({ scope: 'write', summary: 'Pass on a dog (it leaves the deck).' })
    .input(likeInput)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => likes.pass(ctx, ctx.user.id, input)),
  /** Takes back my last pass in a dog's deck; the answer is the dog's card, back on top. */
  undoPass: authedProcedure
    .meta({
      scope: 'write',
      summary: "Take back the caller's last pass in a dog's deck; the answer is the dog's card, back on top.",
    })
    .input(undoInput)
    .output(answer(deckCardView.nullable()))
    .mutation(({ ctx, input }) => history.undoPass(ctx, ctx.user.id, input.fromDogId)),
  /** The dogs I liked, newest first, with my request for each (pending ones can be withdrawn). */
  liked: authedProcedure
    .meta({
      scope: 'read',
      summary: 'The dogs the caller liked, newest first, with the request for each, in pages (`cursor`).',
    })
    .input(likedInput)
    .output(answer(likedPageView))
    .query(({ ctx, input }) => history.likedDogs(ctx, ctx.user.id, input?.cursor)),
});
