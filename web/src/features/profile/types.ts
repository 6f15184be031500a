import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/routers/_app';

/** profiles.me: my own profile, with my e-mail. */
export type MyProfile = inferRouterOutputs<AppRouter>['profiles']['me'];
