import {
  foundReportInput,
  lostAlertIdInput,
  lostAlertView,
  lostContactView,
  lostListView,
  lostReportInput,
  lostSightingIdInput,
  lostSightingView,
  lostSightingsView,
  lostSightInput,
  lostWidenInput,
} from '#shared/schemas/lost';
import * as lost from '../services/lost/lost-alerts';
import * as contacts from '../services/lost/lost-contacts';
import * as sightings from '../services/lost/lost-sightings';
import { answer } from '../trpc/answer';
import { authedProcedure, router } from '../trpc/init';

/** Lost-dog alerts (issue 33 §5–8). */
export const lostRouter = router({
  list: authedProcedure
    .meta({
      scope: 'read',
      summary: 'Open lost-dog alerts whose radius reaches one of the caller’s dogs, and the caller’s own.',
    })
    .output(answer(lostListView))
    .query(({ ctx }) => lost.lostAlertsFor(ctx, ctx.user.id)),
  byId: authedProcedure
    .meta({
      scope: 'read',
      summary: 'A lost-dog alert; others than its owner see the point rounded to ~1 km.',
    })
    .input(lostAlertIdInput)
    .output(answer(lostAlertView))
    .query(({ ctx, input }) => lost.lostAlert(ctx, ctx.user.id, input.id)),
  report: authedProcedure
    .meta({
      scope: 'write',
      summary: 'Mark one of the caller’s dogs lost; owners nearby who keep lost-dog alerts on are told.',
    })
    .input(lostReportInput)
    .output(answer(lostAlertView))
    .mutation(({ ctx, input }) => lost.reportLost(ctx, ctx.user.id, input)),
  reportFound: authedProcedure
    .meta({
      scope: 'write',
      summary:
        'Post a dog the caller found and whose owner they do not know; owners nearby who keep lost-dog alerts on are told.',
    })
    .input(foundReportInput)
    .output(answer(lostAlertView))
    .mutation(({ ctx, input }) => lost.reportFound(ctx, ctx.user.id, input)),
  widen: authedProcedure
    .meta({ scope: 'write', summary: 'Widen the caller’s open alert; owners newly within it are told.' })
    .input(lostWidenInput)
    .output(answer(lostAlertView))
    .mutation(({ ctx, input }) => lost.widenLost(ctx, ctx.user.id, input)),
  found: authedProcedure
    .meta({
      scope: 'write',
      summary:
        'The dog is back (or a found dog with its owner): close the alert and tell everyone who was told of it.',
    })
    .input(lostAlertIdInput)
    .output(answer(lostAlertView))
    .mutation(({ ctx, input }) => lost.foundLost(ctx, ctx.user.id, input.id)),
  renew: authedProcedure
    .meta({ scope: 'write', summary: 'Keep the caller’s open alert up for another 30 days from now.' })
    .input(lostAlertIdInput)
    .output(answer(lostAlertView))
    .mutation(({ ctx, input }) => lost.renewLost(ctx, ctx.user.id, input.id)),
  withdraw: authedProcedure
    .meta({
      scope: 'write',
      summary: 'Take the caller’s open alert back (raised by mistake); nobody is told.',
    })
    .input(lostAlertIdInput)
    .output(answer(lostAlertView))
    .mutation(({ ctx, input }) => lost.withdrawLost(ctx, ctx.user.id, input.id)),
  sight: authedProcedure
    .meta({
      scope: 'write',
      summary:
        'Report seeing the dog of an open alert (point, time, note, photo); its owner is told at once.',
    })
    .input(lostSightInput)
    .output(answer(lostSightingView))
    .mutation(({ ctx, input }) => sightings.addSighting(ctx, ctx.user.id, input)),
  sightings: authedProcedure
    .meta({
      scope: 'read',
      summary: 'An alert’s sightings, oldest first; others than the owner and the author see rounded points.',
    })
    .input(lostAlertIdInput)
    .output(answer(lostSightingsView))
    .query(({ ctx, input }) => sightings.sightingsOf(ctx, ctx.user.id, input.id)),
  contact: authedProcedure
    .meta({
      scope: 'chat',
      summary: 'The conversation between a sighting’s author and the alert’s owner (either may start it).',
    })
    .input(lostSightingIdInput)
    .output(answer(lostContactView))
    .mutation(({ ctx, input }) => contacts.contactOfSighting(ctx, ctx.user.id, input.id)),
  contactFinder: authedProcedure
    .meta({
      scope: 'chat',
      summary: 'The caller’s conversation with whoever found a dog, while their post is open.',
    })
    .input(lostAlertIdInput)
    .output(answer(lostContactView))
    .mutation(({ ctx, input }) => contacts.contactFinder(ctx, ctx.user.id, input.id)),
});
