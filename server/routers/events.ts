import { eventChatSendInput } from '#shared/schemas/chats';
import {
  attendeeInput,
  attendeesInput,
  decideInput,
  eventChatMessagesInput,
  eventChatReadInput,
  eventCreateInput,
  eventIdInput,
  eventListInput,
  eventRemoveInput,
  eventUpdateInput,
  joinInput,
  pastEventsInput,
} from '#shared/schemas/events';
import { resumeInput } from '#shared/schemas/likes';
import { backfilled } from '../realtime/backfill';
import { whileSignedInStream } from '../realtime/sessions';
import * as calendar from '../services/events/calendar';
import * as chat from '../services/chat/event-chat';
import { exportAttendees } from '../services/events/event-export';
import * as events from '../services/events/events';
import { authedProcedure, authedSubscription, publicProcedure, router } from '../trpc/init';

export const eventsRouter = router({
  /** Public: visitors see the list; "mine" and "nearby" need sign-in. */
  list: publicProcedure
    .input(eventListInput)
    .query(({ ctx, input }) => events.listEvents(ctx, ctx.user?.id ?? null, input)),
  /** My history: events that have started which I created or had a seat at. */
  past: authedProcedure
    .input(pastEventsInput)
    .query(({ ctx, input }) => events.pastEvents(ctx, ctx.user.id, input)),
  byId: publicProcedure
    .input(eventIdInput)
    .query(({ ctx, input }) => events.eventById(ctx, ctx.user?.id ?? null, input.id)),
  attendees: publicProcedure
    .input(attendeesInput)
    .query(({ ctx, input }) => events.attendees(ctx, ctx.user?.id ?? null, input.eventId)),
  create: authedProcedure
    .input(eventCreateInput)
    .mutation(({ ctx, input }) => events.createEvent(ctx, ctx.user.id, input)),
  update: authedProcedure
    .input(eventUpdateInput)
    .mutation(({ ctx, input }) => events.updateEvent(ctx, ctx.user.id, input)),
  remove: authedProcedure
    .input(eventRemoveInput)
    .mutation(({ ctx, input }) => events.removeEvent(ctx, ctx.user.id, input.id, input.scope)),
  join: authedProcedure
    .input(joinInput)
    .mutation(({ ctx, input }) => events.joinEvent(ctx, ctx.user.id, input)),
  leave: authedProcedure
    .input(eventIdInput)
    .mutation(({ ctx, input }) => events.leaveEvent(ctx, ctx.user.id, input.id)),

  // The organiser's tools.
  removeAttendee: authedProcedure
    .input(attendeeInput)
    .mutation(({ ctx, input }) => events.removeAttendee(ctx, ctx.user.id, input.eventId, input.userId)),
  decide: authedProcedure
    .input(decideInput)
    .mutation(({ ctx, input }) => events.decideAttendee(ctx, ctx.user.id, input)),
  exportAttendees: authedProcedure
    .input(attendeesInput)
    .query(({ ctx, input }) => exportAttendees(ctx, ctx.user.id, input.eventId)),

  // The event's chat: its organiser and everyone with a seat.
  chatMessages: authedProcedure
    .input(eventChatMessagesInput)
    .query(({ ctx, input }) =>
      chat.eventChatMessages(ctx, ctx.user.id, input.eventId, input.cursor ?? undefined),
    ),
  chatRead: authedProcedure
    .input(eventChatReadInput)
    .mutation(({ ctx, input }) => chat.markEventChatRead(ctx, ctx.user.id, input)),
  chatSend: authedProcedure
    .input(eventChatSendInput)
    .mutation(({ ctx, input }) => chat.sendEventMessage(ctx, ctx.user.id, input)),
  onChatMessage: authedSubscription
    .input(attendeesInput.extend(resumeInput.unwrap().shape))
    .subscription(async ({ ctx, input, signal }) => {
      // Checked before the stream starts, so a stranger's subscribe call itself fails.
      await chat.chatEventOf(ctx.db, ctx.user.id, input.eventId);
      return whileSignedInStream(ctx, signal, (stop) =>
        backfilled({
          bus: ctx.bus,
          topic: chat.eventChatTopic(input.eventId),
          signal: stop,
          lastEventId: input.lastEventId,
          latest: () => chat.latestEventMessageSeq(ctx, input.eventId),
          changesAfter: (seq) => chat.eventMessagesAfter(ctx, ctx.user.id, input.eventId, seq),
        }),
      );
    }),

  // My private calendar feed (its address is shown once, when made).
  calendarFeed: authedProcedure.query(({ ctx }) => calendar.feedStatus(ctx.db, ctx.user.id)),
  createCalendarFeed: authedProcedure.mutation(({ ctx }) =>
    calendar.createFeed(ctx.db, ctx.user.id, ctx.config.publicUrl),
  ),
  revokeCalendarFeed: authedProcedure.mutation(({ ctx }) => calendar.revokeFeed(ctx.db, ctx.user.id)),
});
