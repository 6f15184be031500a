import {
  chatIdInput,
  chatMessageView,
  chatSummaryView,
  listResumeInput,
  messagesInput,
  sendInput,
} from '#shared/schemas/chats';
import { okOutput } from '#shared/schemas/common';
import { resumeInput } from '#shared/schemas/likes';
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { wakeups } from '../realtime/bus';
import { whileSignedInStream } from '../realtime/sessions';
import * as chats from '../services/chat/chats';
import { authedProcedure, authedSubscription, router } from '../trpc/init';
import { answer } from '../trpc/answer';

export const chatsRouter = router({
  list: authedProcedure
    .meta({ scope: 'chat', summary: "The caller's chats with their last message and unread count." })
    .output(answer(z.array(chatSummaryView)))
    .query(({ ctx }) => chats.listChats(ctx, ctx.user.id)),
  messages: authedProcedure
    .meta({
      scope: 'chat',
      summary: "A chat's newest messages, oldest first; `cursor` (a `seq`): the page before it.",
    })
    .input(messagesInput)
    .output(answer(z.array(chatMessageView)))
    .query(({ ctx, input }) =>
      chats.pairChat.page(ctx, ctx.user.id, input.chatId, input.cursor ?? undefined),
    ),
  send: authedProcedure
    .meta({
      scope: 'chat',
      summary: 'Send a message (`id`, chosen by the client, makes a retried send store once).',
    })
    .input(sendInput)
    .output(answer(chatMessageView))
    .mutation(({ ctx, input }) => chats.pairChat.send(ctx, ctx.user.id, input.chatId, input)),
  markRead: authedProcedure
    .meta({ scope: 'chat', summary: 'Mark a chat read.' })
    .input(chatIdInput)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => chats.pairChat.markRead(ctx, ctx.user.id, input.chatId)),
  /** Out of my list until the next message (no block). */
  hide: authedProcedure
    .meta({ scope: 'chat', summary: "Hide a chat from the caller's list until its next message." })
    .input(chatIdInput)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => chats.hideChat(ctx, ctx.user.id, input.chatId)),
  remove: authedProcedure
    .meta({ scope: 'chat', summary: 'Delete a chat.' })
    .input(chatIdInput)
    .output(answer(z.object({ id: z.string() })))
    .mutation(({ ctx, input }) => chats.removeChat(ctx, ctx.user.id, input.chatId)),

  /** A chat's messages as they are sent, resumable by event id (the message's `seq`). */
  onMessage: authedSubscription
    .meta({
      scope: 'chat',
      summary: "A chat's messages as they are sent; resumable by event id (the message's `seq`).",
    })
    .input(chatIdInput.extend(resumeInput.unwrap().shape))
    .subscription(({ ctx, input, signal }) =>
      chats.pairChat.subscribe(ctx, input.chatId, input.lastEventId, signal),
    ),

  /**
   * The whole list whenever it changes (a message, a read, a new or deleted chat), first at once unless the
   * client's last event id says it already has this version. The list is small and a delete leaves no row
   * to resume from, so sending the list beats sending changes.
   */
  onChange: authedSubscription
    .meta({
      scope: 'chat',
      summary: "The caller's chat list whenever it changes; the event id is the list's version.",
    })
    .input(listResumeInput)
    .subscription(({ ctx, input, signal }) =>
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
