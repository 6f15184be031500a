import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/routers/_app';

/** A dog as the API returns it (dogs.mine, profiles.byUserId, …). */
export type Dog = inferRouterOutputs<AppRouter>['dogs']['mine'][number];

/** What every view of a dog shows: a dog without its timestamps (a deck card has none). */
export type ShownDog = Omit<Dog, 'createdAt' | 'updatedAt'>;
