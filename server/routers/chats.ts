import { chatIdInput, messagesInput, sendInput } from '../../src/schemas/chats';
import { resumeInput } from '../../src/schemas/likes';
import { backfilled } from '../realtime/backfill';
import { whileSignedIn } from '../realtime/sessions';
import * as chats from '../services/chats';
import { authedProcedure, router } from '../trpc/init';

export const chatsRouter = router({
  list: authedProcedure.query(({ ctx }) => chats.listChats(ctx, ctx.user.id)),
  messages: authedProcedure
    .input(messagesInput)
    .query(({ ctx, input }) => chats.messages(ctx, ctx.user.id, input.chatId, input.before)),
  send: authedProcedure.input(sendInput).mutation(({ ctx, input }) => chats.send(ctx, ctx.user.id, input)),
  markRead: authedProcedure
    .input(chatIdInput)
    .mutation(({ ctx, input }) => chats.markRead(ctx, ctx.user.id, input.chatId)),
  remove: authedProcedure
    .input(chatIdInput)
    .mutation(({ ctx, input }) => chats.removeChat(ctx, ctx.user.id, input.chatId)),

  /** A chat's messages as they are sent, resumable by event id (the message's `seq`). */
  onMessage: authedProcedure
    .input(chatIdInput.extend(resumeInput.unwrap().shape))
    .subscription(async ({ ctx, input, signal }) => {
      // Checked before the stream starts, so a stranger's subscribe call itself fails.
      await chats.chatOf(ctx.db, ctx.user.id, input.chatId);
      const session = whileSignedIn(ctx, signal);
      return (async function* () {
        yield* backfilled({
          bus: ctx.bus,
          topic: chats.chatTopic(input.chatId),
          signal: session.signal,
          lastEventId: input.lastEventId,
          latest: () => chats.latestMessageSeq(ctx, input.chatId),
          changesAfter: (seq) => chats.messagesAfter(ctx, input.chatId, seq),
        });
        session.throwIfEnded();
      })();
    }),
});
