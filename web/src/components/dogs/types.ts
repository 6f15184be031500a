import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/routers/_app';

/** A dog as the API returns it (dogs.mine, profiles.byUserId, …). */
export type Dog = inferRouterOutputs<AppRouter>['dogs']['mine'][number];
