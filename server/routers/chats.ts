import { chatIdInput, listResumeInput, messagesInput, sendInput } from '../../src/schemas/chats';
import { resumeInput } from '../../src/schemas/likes';
import { tracked } from '@trpc/server';
import { backfilled } from '../realtime/backfill';
import { wakeups } from '../realtime/bus';
import { whileSignedIn } from '../realtime/sessions';
import * as chats from '../services/chats';
import { authedProcedure, authedSubscription, router } from '../trpc/init';

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
  onMessage: authedSubscription
    .input(chatIdInput.extend(resumeInput.unwrap().shape))
    .subscription(async ({ ctx, input, signal }) => {
      // Checked before the stream starts, so a stranger's subscribe call itself fails.
      await chats.chatOf(ctx.db, ctx.user.id, input.chatId);
      return (async function* () {
        // Only once the stream runs: a stream never run (a duplicate id) must hold nothing.
        const session = whileSignedIn(ctx, signal);
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

  /**
   * The whole list whenever it changes (a message, a read, a new or deleted chat), first at once unless the
   * client's last event id says it already has this version. The list is small and a delete leaves no row
   * to resume from, so sending the list beats sending changes.
   */
  onChange: authedSubscription.input(listResumeInput).subscription(async function* ({ ctx, input, signal }) {
    const session = whileSignedIn(ctx, signal);
    const wake = wakeups(ctx.bus, chats.chatListTopic(ctx.user.id), session.signal);
    let last = input?.lastEventId ?? null;
    do {
      const { list, version } = await chats.listVersion(ctx, ctx.user.id);
      if (version !== last) yield tracked(version, list);
      last = version;
    } while (await wake.next());
    session.throwIfEnded();
  }),
});
