import { router } from '../trpc/init';
import { authRouter } from './auth';
import { dogsRouter } from './dogs';
import { profilesRouter } from './profiles';

export const appRouter = router({
  auth: authRouter,
  profiles: profilesRouter,
  dogs: dogsRouter,
});

export type AppRouter = typeof appRouter;
