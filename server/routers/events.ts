import { eventChatMessageView, eventChatSendInput } from '#shared/schemas/chats';
import { okOutput } from '#shared/schemas/common';
import {
  attendeeCsvView,
  attendeeInput,
  attendeesInput,
  attendeeView,
  calendarFeedStatusView,
  calendarFeedView,
  decideInput,
  eventChatMessagesInput,
  eventChatReadInput,
  eventCreateInput,
  eventIdInput,
  eventListInput,
  eventRemoveInput,
  eventUpdateInput,
  eventView,
  joinInput,
  pastEventsInput,
} from '#shared/schemas/events';
import { resumeInput } from '#shared/schemas/likes';
import { z } from 'zod';
import * as calendar from '../services/events/calendar';
import { eventChat } from '../services/chat/event-chat';
import { exportAttendees } from '../services/events/event-export';
import * as events from '../services/events/events';
import { authedProcedure, authedSubscription, publicProcedure, router } from '../trpc/init';
import { answer } from '../trpc/answer';

export const eventsRouter = router({
  /** Public: visitors see the list; "mine" and "nearby" need sign-in. */
  list: publicProcedure
    .meta({ scope: 'read', summary: 'Upcoming events in pages of 30, with filters and search.' })
    .input(eventListInput)
    .output(answer(z.array(eventView)))
    .query(({ ctx, input }) => events.listEvents(ctx, ctx.user?.id ?? null, input)),
  /** My history: events that have started which I created or had a seat at. */
  past: authedProcedure
    .meta({
      scope: 'read',
      summary: 'Events that have started which the caller created or had a seat at, newest first, in pages.',
    })
    .input(pastEventsInput)
    .output(answer(z.array(eventView)))
    .query(({ ctx, input }) => events.pastEvents(ctx, ctx.user.id, input)),
  byId: publicProcedure
    .meta({ scope: 'read', summary: 'One event, by its id.' })
    .input(eventIdInput)
    .output(answer(eventView))
    .query(({ ctx, input }) => events.eventById(ctx, ctx.user?.id ?? null, input.id)),
  attendees: publicProcedure
    .meta({ scope: 'read', summary: "An event's attendees." })
    .input(attendeesInput)
    .output(answer(z.array(attendeeView)))
    .query(({ ctx, input }) => events.attendees(ctx, ctx.user?.id ?? null, input.eventId)),
  create: authedProcedure
    .meta({ scope: 'write', summary: 'Create an event (at most two upcoming per user).' })
    .input(eventCreateInput)
    .output(answer(eventView))
    .mutation(({ ctx, input }) => events.createEvent(ctx, ctx.user.id, input)),
  update: authedProcedure
    .meta({
      scope: 'write',
      summary: 'Change an event the caller created; attendees are notified of a new time or place.',
    })
    .input(eventUpdateInput)
    .output(answer(eventView))
    .mutation(({ ctx, input }) => events.updateEvent(ctx, ctx.user.id, input)),
  remove: authedProcedure
    .meta({ scope: 'write', summary: 'Cancel an event the caller created.' })
    .input(eventRemoveInput)
    .output(answer(z.object({ id: z.string() })))
    .mutation(({ ctx, input }) => events.removeEvent(ctx, ctx.user.id, input.id, input.scope)),
  join: authedProcedure
    .meta({ scope: 'write', summary: 'Join an event.' })
    .input(joinInput)
    .output(answer(eventView))
    .mutation(({ ctx, input }) => events.joinEvent(ctx, ctx.user.id, input)),
  leave: authedProcedure
    .meta({ scope: 'write', summary: 'Leave an event.' })
    .input(eventIdInput)
    .output(answer(eventView))
    .mutation(({ ctx, input }) => events.leaveEvent(ctx, ctx.user.id, input.id)),

  // The organiser's tools.
  removeAttendee: authedProcedure
    .meta({ scope: 'write', summary: 'Remove someone from an event the caller organises.' })
    .input(attendeeInput)
    .output(answer(z.array(attendeeView)))
    .mutation(({ ctx, input }) => events.removeAttendee(ctx, ctx.user.id, input.eventId, input.userId)),
  decide: authedProcedure
    .meta({ scope: 'write', summary: 'Approve or decline a request to join an event the caller organises.' })
    .input(decideInput)
    .output(answer(z.array(attendeeView)))
    .mutation(({ ctx, input }) => events.decideAttendee(ctx, ctx.user.id, input)),
  exportAttendees: authedProcedure
    .meta({ scope: 'read', summary: 'The attendees of an event the caller organises, as CSV text.' })
    .input(attendeesInput)
    .output(answer(attendeeCsvView))
    .query(({ ctx, input }) => exportAttendees(ctx, ctx.user.id, input.eventId)),

  // The event's chat: its organiser and everyone with a seat.
  chatMessages: authedProcedure
    .meta({
      scope: 'chat',
      summary: "An event chat's newest messages, oldest first; `cursor` (a `seq`): the page before it.",
    })
    .input(eventChatMessagesInput)
    .output(answer(z.array(eventChatMessageView)))
    .query(({ ctx, input }) => eventChat.page(ctx, ctx.user.id, input.eventId, input.cursor ?? undefined)),
  chatRead: authedProcedure
    .meta({ scope: 'chat', summary: "Mark the event's chat read up to a message (`seq`)." })
    .input(eventChatReadInput)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => eventChat.markRead(ctx, ctx.user.id, input.eventId, input)),
  chatSend: authedProcedure
    .meta({
      scope: 'chat',
      summary:
        "Send a message to an upcoming event's chat (`id`, chosen by the client, makes a retried send store once).",
    })
    .input(eventChatSendInput)
    .output(answer(eventChatMessageView))
    .mutation(({ ctx, input }) => eventChat.send(ctx, ctx.user.id, input.eventId, input)),
  onChatMessage: authedSubscription
    .meta({
      scope: 'chat',
      summary: "An event chat's messages as they are sent; resumable by event id (the message's `seq`).",
    })
    .input(attendeesInput.extend(resumeInput.unwrap().shape))
    .subscription(({ ctx, input, signal }) =>
      eventChat.subscribe(ctx, input.eventId, input.lastEventId, signal),
    ),

  // My private calendar feed (its address is shown once, when made).
  calendarFeed: authedProcedure
    .meta({
      scope: 'read',
      summary: 'Whether the caller has a private calendar feed (its address is shown only when made).',
    })
    .output(answer(calendarFeedStatusView))
    .query(({ ctx }) => calendar.feedStatus(ctx.db, ctx.user.id)),
  createCalendarFeed: authedProcedure
    .meta({
      scope: 'session',
      summary:
        "Make the caller's private calendar feed (replacing an earlier one); answers its address once.",
    })
    .output(answer(calendarFeedView))
    .mutation(({ ctx }) => calendar.createFeed(ctx.db, ctx.user.id, ctx.config.publicUrl)),
  revokeCalendarFeed: authedProcedure
    .meta({ scope: 'session', summary: "End the caller's private calendar feed." })
    .output(answer(okOutput))
    .mutation(({ ctx }) => calendar.revokeFeed(ctx.db, ctx.user.id)),
});
