import { router } from '../trpc/init';
import { withTokenScopes } from '../trpc/scoped-router';
import { accountRouter } from './account';
import { adminRouter } from './admin';
import { announcementsRouter } from './announcements';
import { authRouter } from './auth';
import { chatsRouter } from './chats';
import { configRouter } from './config';
import { dogsRouter } from './dogs';
import { eventsRouter } from './events';
import { likesRouter } from './likes';
import { profilesRouter } from './profiles';
import { safetyRouter } from './safety';
import { notificationsRouter } from './notifications';
import { shopRouter } from './shop';
import { tokensRouter } from './tokens';

const routers = router({
  auth: authRouter,
  profiles: profilesRouter,
  dogs: dogsRouter,
  likes: likesRouter,
  chats: chatsRouter,
  events: eventsRouter,
  announcements: announcementsRouter,
  account: accountRouter,
  shop: shopRouter,
  notifications: notificationsRouter,
  config: configRouter,
  safety: safetyRouter,
  admin: adminRouter,
  tokens: tokensRouter,
});

/** Every procedure behind its personal-access-token scope (server/auth/scopes.ts). */
export const appRouter = withTokenScopes(routers);

export type AppRouter = typeof appRouter;
