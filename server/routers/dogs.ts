import { dogCreateInput, dogIdInput, dogUpdateInput } from '#shared/schemas/dogs';
import { deckFiltersSchema, deckInput } from '#shared/schemas/deck';
import { listen } from '../realtime/bus';
import { whileSignedInStream } from '../realtime/sessions';
import * as deck from '../services/matching/deck';
import * as deckFilters from '../services/matching/deck-filters';
import * as dogs from '../services/matching/dogs';
import { authedProcedure, authedSubscription, publicProcedure, router } from '../trpc/init';

export const dogsRouter = router({
  mine: authedProcedure.query(({ ctx }) => dogs.dogsOf(ctx.db, ctx.storage, ctx.user.id)),

  /** Other owners' dogs to swipe, for one of my dogs (see services/matching/deck.ts). */
  deck: authedProcedure.input(deckInput).query(({ ctx, input }) => deck.deck(ctx, ctx.user.id, input)),
  /** My deck filters (the defaults until I set any). */
  deckFilters: authedProcedure.query(({ ctx }) => deckFilters.filtersOf(ctx.db, ctx.user.id)),
  setDeckFilters: authedProcedure
    .input(deckFiltersSchema)
    .mutation(({ ctx, input }) => deckFilters.setFilters(ctx.db, ctx.user.id, input)),
  /** Demo dogs for signed-out visitors. */
  demoDeck: publicProcedure.query(({ ctx }) => deck.demoDeck(ctx)),

  byId: authedProcedure.input(dogIdInput).query(({ ctx, input }) => dogs.dogById(ctx, ctx.user.id, input.id)),

  create: authedProcedure
    .input(dogCreateInput)
    .mutation(({ ctx, input }) => dogs.createDog(ctx, ctx.user.id, input)),

  update: authedProcedure
    .input(dogUpdateInput)
    .mutation(({ ctx, input }) => dogs.updateDog(ctx, ctx.user.id, input)),

  remove: authedProcedure
    .input(dogIdInput)
    .mutation(({ ctx, input }) => dogs.removeDog(ctx, ctx.user.id, input.id)),

  /** Changes to my dogs made elsewhere (another tab or device), so lists can refresh. */
  onChange: authedSubscription.subscription(({ ctx, signal }) =>
    whileSignedInStream(ctx, signal, (stop) =>
      listen<dogs.DogChange>(ctx.bus, dogs.dogTopic(ctx.user.id), stop),
    ),
  ),
});
