import {
  attendeesInput,
  eventCreateInput,
  eventIdInput,
  eventListInput,
  eventUpdateInput,
} from '../../src/schemas/events';
import * as events from '../services/events';
import { authedProcedure, publicProcedure, router } from '../trpc/init';

export const eventsRouter = router({
  /** Public: visitors see the list; "mine" and "nearby" need sign-in. */
  list: publicProcedure
    .input(eventListInput)
    .query(({ ctx, input }) => events.listEvents(ctx, ctx.user?.id ?? null, input)),
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
    .input(eventIdInput)
    .mutation(({ ctx, input }) => events.removeEvent(ctx, ctx.user.id, input.id)),
  join: authedProcedure
    .input(eventIdInput)
    .mutation(({ ctx, input }) => events.joinEvent(ctx, ctx.user.id, input.id)),
  leave: authedProcedure
    .input(eventIdInput)
    .mutation(({ ctx, input }) => events.leaveEvent(ctx, ctx.user.id, input.id)),
});
