import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/routers/_app';

/** profiles.me: my own profile, with my e-mail. */
export type MyProfile = inferRouterOutputs<AppRouter>['profiles']['me'];

/** tokens.list: one of my personal access tokens (never the token itself). */
export type AccessToken = inferRouterOutputs<AppRouter>['tokens']['list'][number];
