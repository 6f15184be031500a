import { z } from 'zod';
import { dogCardView, dogCreateInput, dogIdInput, dogUpdateInput, dogView } from '#shared/schemas/dogs';
import { deckCardView, deckFiltersSchema, deckFiltersView, deckInput } from '#shared/schemas/deck';
import { listen } from '../realtime/bus';
import { whileSignedInStream } from '../realtime/sessions';
import * as deck from '../services/matching/deck';
import * as deckFilters from '../services/matching/deck-filters';
import * as dogs from '../services/matching/dogs';
import { authedProcedure, authedSubscription, publicProcedure, router } from '../trpc/init';
import { answer } from '../trpc/answer';

export const dogsRouter = router({
  mine: authedProcedure
    .meta({ scope: 'read', summary: "The caller's dogs." })
    .output(answer(z.array(dogView)))
    .query(({ ctx }) => dogs.dogsOf(ctx.db, ctx.storage, ctx.user.id)),

  /** Other owners' dogs to swipe, for one of my dogs (see services/matching/deck.ts). */
  deck: authedProcedure
    .meta({ scope: 'read', summary: 'Other owners’ dogs to swipe, for one of the caller’s dogs.' })
    .input(deckInput)
    .output(answer(z.array(deckCardView)))
    .query(({ ctx, input }) => deck.deck(ctx, ctx.user.id, input)),
  /** My deck filters (the defaults until I set any). */
  deckFilters: authedProcedure
    .meta({ scope: 'read', summary: "The caller's deck filters (the defaults until they set any)." })
    .output(answer(deckFiltersView))
    .query(({ ctx }) => deckFilters.filtersOf(ctx.db, ctx.user.id)),
  setDeckFilters: authedProcedure
    .meta({ scope: 'write', summary: "Save the caller's deck filters." })
    .input(deckFiltersSchema)
    .output(answer(deckFiltersView))
    .mutation(({ ctx, input }) => deckFilters.setFilters(ctx.db, ctx.user.id, input)),
  /** Demo dogs for signed-out visitors. */
  demoDeck: publicProcedure
    .meta({ scope: 'read', summary: 'Demo dogs shown to visitors.' })
    .output(answer(z.array(deckCardView)))
    .query(({ ctx }) => deck.demoDeck(ctx)),

  byId: authedProcedure
    .meta({ scope: 'read', summary: "A dog's public card." })
    .input(dogIdInput)
    .output(answer(dogCardView))
    .query(({ ctx, input }) => dogs.dogById(ctx, ctx.user.id, input.id)),

  create: authedProcedure
    .meta({
      scope: 'write',
      summary:
        'Add a dog: `gender` and `birthMonth` (YYYY-MM; or `age` in whole years) are required; photos are upload keys from POST /api/uploads. Dogs are answered with `birthMonth`.',
    })
    .input(dogCreateInput)
    .output(answer(dogView))
    .mutation(({ ctx, input }) => dogs.createDog(ctx, ctx.user.id, input)),

  update: authedProcedure
    .meta({
      scope: 'write',
      summary:
        'Change one of the caller’s dogs: every field is replaced, except that `gender` and `birthMonth`/`age` left out keep the stored ones.',
    })
    .input(dogUpdateInput)
    .output(answer(dogView))
    .mutation(({ ctx, input }) => dogs.updateDog(ctx, ctx.user.id, input)),

  remove: authedProcedure
    .meta({ scope: 'write', summary: 'Delete one of the caller’s dogs, with its photos and chats.' })
    .input(dogIdInput)
    .output(answer(z.object({ id: z.string() })))
    .mutation(({ ctx, input }) => dogs.removeDog(ctx, ctx.user.id, input.id)),

  /** Changes to my dogs made elsewhere (another tab or device), so lists can refresh. */
  onChange: authedSubscription
    .meta({ scope: 'read', summary: "Changes to the caller's dogs made elsewhere (another tab or device)." })
    .subscription(({ ctx, signal }) =>
      whileSignedInStream(ctx, signal, (stop) =>
        listen<dogs.DogChange>(ctx.bus, dogs.dogTopic(ctx.user.id), stop),
      ),
    ),
});
