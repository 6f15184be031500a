import { likedInput, undoInput } from '#shared/schemas/deck';
import { likeInput, requestIdInput, resumeInput } from '#shared/schemas/likes';
import { backfilled } from '../realtime/backfill';
import { whileSignedInStream } from '../realtime/sessions';
import * as likes from '../services/requests/likes';
import * as notifications from '../services/notices/notifications';
import * as history from '../services/matching/swipe-history';
import { authedProcedure, authedSubscription, router } from '../trpc/init';

export const likesRouter = router({
  like: authedProcedure.input(likeInput).mutation(({ ctx, input }) => likes.like(ctx, ctx.user.id, input)),
  pass: authedProcedure.input(likeInput).mutation(({ ctx, input }) => likes.pass(ctx, ctx.user.id, input)),
  /** Takes back my last pass in a dog's deck; the answer is the dog's card, back on top. */
  undoPass: authedProcedure
    .input(undoInput)
    .mutation(({ ctx, input }) => history.undoPass(ctx, ctx.user.id, input.fromDogId)),
  /** The dogs I liked, newest first, with my request for each (pending ones can be withdrawn). */
  liked: authedProcedure
    .input(likedInput)
    .query(({ ctx, input }) => history.likedDogs(ctx, ctx.user.id, input?.cursor)),

  requests: authedProcedure.query(({ ctx }) => notifications.requests(ctx, ctx.user.id)),
  unreadCount: authedProcedure.query(({ ctx }) => notifications.unreadCount(ctx, ctx.user.id)),
  markRead: authedProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => notifications.markRead(ctx, ctx.user.id, input.id)),
  accept: authedProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => likes.accept(ctx, ctx.user.id, input.id)),
  reject: authedProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => likes.reject(ctx, ctx.user.id, input.id)),
  /** The liker takes back a request not yet answered. */
  withdraw: authedProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => likes.withdraw(ctx, ctx.user.id, input.id)),

  /** Every new or changed request or notice addressed to me or sent by me; resumable by event id. */
  onChange: authedSubscription.input(resumeInput).subscription(({ ctx, input, signal }) =>
    whileSignedInStream(ctx, signal, (stop) =>
      backfilled({
        bus: ctx.bus,
        topic: notifications.requestsTopic(ctx.user.id),
        signal: stop,
        lastEventId: input?.lastEventId,
        latest: () => notifications.latestRequestSeq(ctx, ctx.user.id),
        changesAfter: async (seq) =>
          (await notifications.requestChanges(ctx, ctx.user.id, seq)).map((item) => ({
            seq: item.seq,
            item,
          })),
      }),
    ),
  ),
});
