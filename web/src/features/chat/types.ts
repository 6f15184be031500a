import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/routers/_app';

type Outputs = inferRouterOutputs<AppRouter>;

/** One of my chats as the list shows it (chats.list, chats.onChange). */
export type ChatSummary = Outputs['chats']['list'][number];
/** A stored message (chats.messages, chats.send, chats.onMessage). */
export type ChatMessage = Outputs['chats']['messages'][number];
