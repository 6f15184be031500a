import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/routers/_app';

/** Another owner's dog on the deck, with its owner's public card (dogs.deck, dogs.demoDeck). */
export type DeckDog = inferRouterOutputs<AppRouter>['dogs']['deck'][number];

/** What a like answered (likes.like). */
export type LikeOutcome = inferRouterOutputs<AppRouter>['likes']['like'];
