import {
  localeSchema,
  notifyPreferencesSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
} from '#shared/schemas/notifications';
import { AppError } from '#shared/errors';
import * as settings from '../services/notices/notify-settings';
import { authedProcedure, router } from '../trpc/init';

/** Notifications away from the app (issue 19): preferences, this browser's push subscription, the language. */
export const notificationsRouter = router({
  preferences: authedProcedure.query(({ ctx }) => settings.notifyPreferences(ctx.db, ctx.user.id)),
  updatePreferences: authedProcedure
    .input(notifyPreferencesSchema)
    .mutation(({ ctx, input }) => settings.updateNotifyPreferences(ctx.db, ctx.user.id, input)),
  /** The server's VAPID public key and whether `endpoint` (this browser's subscription) is the user's. */
  push: authedProcedure.input(pushEndpointSchema.partial()).query(async ({ ctx, input }) => ({
    publicKey: ctx.push.publicKey,
    ...(await settings.pushDevices(ctx.db, ctx.user.id, input.endpoint ?? null)),
  })),
  subscribePush: authedProcedure.input(pushSubscriptionSchema).mutation(({ ctx, input }) => {
    // Only the push services browsers use (or the operator's): the server will connect to this address.
    if (!ctx.push.accepts(input.endpoint)) throw new AppError('PUSH_SERVICE_NOT_ALLOWED');
    return settings.addPushSubscription(ctx.db, ctx.user.id, input);
  }),
  unsubscribePush: authedProcedure
    .input(pushEndpointSchema)
    .mutation(({ ctx, input }) => settings.removePushSubscription(ctx.db, ctx.user.id, input.endpoint)),
  /** The language the app shows, so pushes and e-mails speak it too. */
  setLocale: authedProcedure
    .input(localeSchema)
    .mutation(({ ctx, input }) => settings.setLocale(ctx.db, ctx.user.id, input.locale)),
});
