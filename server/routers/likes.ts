import { likeInput, requestIdInput, resumeInput } from '../../src/schemas/likes';
import { backfilled } from '../realtime/backfill';
import { whileSignedIn } from '../realtime/sessions';
import * as likes from '../services/likes';
import { authedProcedure, authedSubscription, router } from '../trpc/init';

export const likesRouter = router({
  like: authedProcedure.input(likeInput).mutation(({ ctx, input }) => likes.like(ctx, ctx.user.id, input)),
  pass: authedProcedure.input(likeInput).mutation(({ ctx, input }) => likes.pass(ctx, ctx.user.id, input)),

  requests: authedProcedure.query(({ ctx }) => likes.requests(ctx, ctx.user.id)),
  unreadCount: authedProcedure.query(({ ctx }) => likes.unreadCount(ctx, ctx.user.id)),
  markRead: authedProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => likes.markRead(ctx, ctx.user.id, input.id)),
  accept: authedProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => likes.accept(ctx, ctx.user.id, input.id)),
  reject: authedProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => likes.reject(ctx, ctx.user.id, input.id)),

  /** Every new or changed request or notice addressed to me or sent by me; resumable by event id. */
  onChange: authedSubscription.input(resumeInput).subscription(async function* ({ ctx, input, signal }) {
    const session = whileSignedIn(ctx, signal);
    const userId = ctx.user.id;
    yield* backfilled({
      bus: ctx.bus,
      topic: likes.requestsTopic(userId),
      signal: session.signal,
      lastEventId: input?.lastEventId,
      latest: () => likes.latestRequestSeq(ctx, userId),
      changesAfter: async (seq) =>
        (await likes.requestChanges(ctx, userId, seq)).map((item) => ({ seq: item.seq, item })),
    });
    session.throwIfEnded();
  }),
});
