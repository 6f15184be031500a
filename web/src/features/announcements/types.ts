import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/routers/_app';

type Outputs = inferRouterOutputs<AppRouter>;

/** A system announcement (announcements.list). */
export type Announcement = Outputs['announcements']['list'][number];
