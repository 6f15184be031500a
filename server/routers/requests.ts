import { z } from 'zod';
import { okOutput } from '#shared/schemas/common';
import { requestIdInput, requestView, resumeInput } from '#shared/schemas/likes';
import { backfilled } from '../realtime/backfill';
import { whileSignedInStream } from '../realtime/sessions';
import * as notifications from '../services/notices/notifications';
import * as likes from '../services/requests/likes';
import { authedProcedure, authedSubscription, router } from '../trpc/init';
import { answer } from '../trpc/answer';

/**
 * Requests and the notices that share their list (matches, event news, moderation decisions): rows of the
 * spec's `notifications` table, shown by the web's requests feature. Called `likes.*` before issue 31; those
 * paths still answer (server/routers/_app.ts).
 */
export const requestsRouter = router({
  list: authedProcedure
    .meta({ scope: 'read', summary: 'Requests and notices sent to or by the caller.' })
    .output(answer(z.array(requestView)))
    .query(({ ctx }) => notifications.requests(ctx, ctx.user.id)),
  unreadCount: authedProcedure
    .meta({ scope: 'read', summary: 'How many requests and notices are unread.' })
    .output(answer(z.number()))
    .query(({ ctx }) => notifications.unreadCount(ctx, ctx.user.id)),
  markRead: authedProcedure
    .meta({ scope: 'write', summary: 'Mark a request or notice read.' })
    .input(requestIdInput)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => notifications.markRead(ctx, ctx.user.id, input.id)),
  accept: authedProcedure
    .meta({ scope: 'write', summary: 'Accept a request: opens the chat.' })
    .input(requestIdInput)
    .output(answer(z.object({ chatId: z.string() })))
    .mutation(({ ctx, input }) => likes.accept(ctx, ctx.user.id, input.id)),
  reject: authedProcedure
    .meta({ scope: 'write', summary: 'Reject a request.' })
    .input(requestIdInput)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => likes.reject(ctx, ctx.user.id, input.id)),
  /** The liker takes back a request not yet answered. */
  withdraw: authedProcedure
    .meta({ scope: 'write', summary: 'Take back a request nobody has answered yet.' })
    .input(requestIdInput)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => likes.withdraw(ctx, ctx.user.id, input.id)),

  /** Every new or changed request or notice addressed to me or sent by me; resumable by event id. */
  onChange: authedSubscription
    .meta({
      scope: 'read',
      summary: 'Every new or changed request or notice to or from the caller; resumable by event id.',
    })
    .input(resumeInput)
    .subscription(({ ctx, input, signal }) =>
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
