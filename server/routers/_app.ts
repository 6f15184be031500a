import { router } from '../trpc/init';
import { withAliases } from '../trpc/internals';
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
import { notifySettingsRouter } from './notify-settings';
import { requestsRouter } from './requests';
import { shopRouter } from './shop';
import { lostRouter } from './lost';
import { spotsRouter } from './spots';
import { tokensRouter } from './tokens';

const routers = router({
  auth: authRouter,
  profiles: profilesRouter,
  dogs: dogsRouter,
  likes: likesRouter,
  requests: requestsRouter,
  chats: chatsRouter,
  events: eventsRouter,
  announcements: announcementsRouter,
  account: accountRouter,
  shop: shopRouter,
  spots: spotsRouter,
  lost: lostRouter,
  notifySettings: notifySettingsRouter,
  config: configRouter,
  safety: safetyRouter,
  admin: adminRouter,
  tokens: tokensRouter,
});

/**
 * Paths from before issue 31 gave each concept one name (old → current): scripts written against them keep
 * working over every transport; the app's own code and the API document use the current ones.
 */
const FORMER_PATHS: Record<string, string> = {
  'likes.requests': 'requests.list',
  'likes.unreadCount': 'requests.unreadCount',
  'likes.markRead': 'requests.markRead',
  'likes.accept': 'requests.accept',
  'likes.reject': 'requests.reject',
  'likes.withdraw': 'requests.withdraw',
  'likes.onChange': 'requests.onChange',
  'notifications.preferences': 'notifySettings.preferences',
  'notifications.updatePreferences': 'notifySettings.updatePreferences',
  'notifications.push': 'notifySettings.push',
  'notifications.subscribePush': 'notifySettings.subscribePush',
  'notifications.unsubscribePush': 'notifySettings.unsubscribePush',
  'notifications.setLocale': 'notifySettings.setLocale',
};

/** Every procedure behind its personal-access-token scope (server/auth/scopes.ts), under its current and former paths. */
export const appRouter = withAliases(withTokenScopes(routers), FORMER_PATHS);

export type AppRouter = typeof appRouter;
