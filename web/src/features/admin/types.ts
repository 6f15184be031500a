import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/routers/_app';

type Outputs = inferRouterOutputs<AppRouter>['admin'];

/** A report in the moderators' queue, with its snapshot and context. */
export type Report = Outputs['reports'][number];
/** An open appeal with the decision it is about. */
export type Appeal = Outputs['appeals'][number];
