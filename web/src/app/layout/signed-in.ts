import { lazy } from 'react';

/*
 * The layout's signed-in parts, all in the bell's chunk: rendered only for a signed-in user, so a
 * signed-out first visit downloads none of them.
 */
const load = () => import('./notifications-bell');

export const NotificationsBell = lazy(load);
export const LiveUpdates = lazy(() => load().then((module) => ({ default: module.LiveUpdates })));
export const ChatUnreadBadge = lazy(() => load().then((module) => ({ default: module.ChatUnreadBadge })));
