import { router } from '../trpc/init';
import { announcementsRouter } from './announcements';
import { authRouter } from './auth';
import { chatsRouter } from './chats';
import { dogsRouter } from './dogs';
import { eventsRouter } from './events';
import { likesRouter } from './likes';
import { profilesRouter } from './profiles';

export const appRouter = router({
  auth: authRouter,
  profiles: profilesRouter,
  dogs: dogsRouter,
  likes: likesRouter,
  chats: chatsRouter,
  events: eventsRouter,
  announcements: announcementsRouter,
});

export type AppRouter = typeof appRouter;
