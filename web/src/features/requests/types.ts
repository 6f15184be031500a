import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/routers/_app';

type Outputs = inferRouterOutputs<AppRouter>;

/** A like request or notice addressed to me or sent by me (requests.list). */
export type RequestItem = Outputs['requests']['list'][number];
