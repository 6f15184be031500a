import { chatIdInput, listResumeInput, messagesInput, sendInput } from '#shared/schemas/chats';
import { resumeInput } from '#shared/schemas/likes';
import { tracked } from '@trpc/server';
import { backfilled } from '../realtime/backfill';
import { wakeups } from '../realtime/bus';
import { whileSignedInStream } from '../realtime/sessions';
import * as chats from '../services/chat/chats';
import { authedProcedure, authedSubscription, router } from '../trpc/init';

export const chatsRouter = router({
  list: authedProcedure.query(({ ctx }) => chats.listChats(ctx, ctx.user.id)),
  messages: authedProcedure
    .input(messagesInput)
    .query(({ ctx, input }) => chats.messages(ctx, ctx.user.id, input.chatId, input.cursor ?? undefined)),
  send: authedProcedure.input(sendInput).mutation(({ ctx, input }) => chats.send(ctx, ctx.user.id, input)),
  markRead: authedProcedure
    .input(chatIdInput)
    .mutation(({ ctx, input }) => chats.markRead(ctx, ctx.user.id, input.chatId)),
  /** Out of my list until the next message (no block). */
  hide: authedProcedure
    .input(chatIdInput)
    .mutation(({ ctx, input }) => chats.hideChat(ctx, ctx.user.id, input.chatId)),
  remove: authedProcedure
    .input(chatIdInput)
    .mutation(({ ctx, input }) => chats.removeChat(ctx, ctx.user.id, input.chatId)),

  /** A chat's messages as they are sent, resumable by event id (the message's `seq`). */
  onMessage: authedSubscription
    .input(chatIdInput.extend(resumeInput.unwrap().shape))
    .subscription(async ({ ctx, input, signal }) => {
      // Checked before the stream starts, so a stranger's subscribe call itself fails.
      await chats.chatOf(ctx.db, ctx.user.id, input.chatId);
      // A generator: it holds nothing until it runs, so a stream never run (a duplicate id) costs nothing.
      return whileSignedInStream(ctx, signal, (stop) =>
        backfilled({
          bus: ctx.bus,
          topic: chats.chatTopic(input.chatId),
          signal: stop,
          lastEventId: input.lastEventId,
          latest: () => chats.latestMessageSeq(ctx, input.chatId),
          changesAfter: (seq) => chats.messagesAfter(ctx, input.chatId, seq),
        }),
      );
    }),

  /**
   * The whole list whenever it changes (a message, a read, a new or deleted chat), first at once unless the
   * client's last event id says it already has this version. The list is small and a delete leaves no row
   * to resume from, so sending the list beats sending changes.
   */
  onChange: authedSubscription.input(listResumeInput).subscription(({ ctx, input, signal }) =>
    whileSignedInStream(ctx, signal, async function* (stop) {
      const wake = wakeups(ctx.bus, chats.chatListTopic(ctx.user.id), stop);
      let last = input?.lastEventId ?? null;
      do {
        const { list, version } = await chats.listVersion(ctx, ctx.user.id);
        if (version !== last) yield tracked(version, list);
        last = version;
      } while (await wake.next());
    }),
  ),
});
