import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/routers/_app';

type Outputs = inferRouterOutputs<AppRouter>['events'];

/** An event as every events procedure returns it (list, byId, create, update, join, leave). */
export type EventView = Outputs['byId'];

/** One row of events.attendees: the creator first, then the others by join time. */
export type Attendee = Outputs['attendees'][number];

/** A message of an event's chat. */
export type EventChatMessage = Outputs['chatMessages'][number];
