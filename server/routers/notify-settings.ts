import {
  localeSchema,
  notifyPreferencesSchema,
  notifyPreferencesView,
  pushDevicesView,
  pushEndpointSchema,
  pushSubscriptionSchema,
} from '#shared/schemas/notifications';
import { okOutput } from '#shared/schemas/common';
import { AppError } from '#shared/errors';
import * as settings from '../services/notices/notify-settings';
import { authedProcedure, router } from '../trpc/init';
import { answer } from '../trpc/answer';

/**
 * How I hear of news away from the app (issue 19): preferences per topic, this browser's push subscription, the
 * language. Called `notifications.*` before issue 31; those paths still answer (server/routers/_app.ts).
 */
export const notifySettingsRouter = router({
  preferences: authedProcedure
    .meta({ scope: 'read', summary: 'Notification channels per topic and quiet hours.' })
    .output(answer(notifyPreferencesView))
    .query(({ ctx }) => settings.notifyPreferences(ctx.db, ctx.user.id)),
  updatePreferences: authedProcedure
    .meta({ scope: 'write', summary: 'Change notification channels and quiet hours.' })
    .input(notifyPreferencesSchema)
    .output(answer(notifyPreferencesView))
    .mutation(({ ctx, input }) => settings.updateNotifyPreferences(ctx.db, ctx.user.id, input)),
  /** The server's VAPID public key and whether `endpoint` (this browser's subscription) is the user's. */
  push: authedProcedure
    .meta({ scope: 'session', summary: "The server's VAPID key and this browser's push subscription." })
    .input(pushEndpointSchema.partial())
    .output(answer(pushDevicesView))
    .query(async ({ ctx, input }) => ({
      publicKey: ctx.push.publicKey,
      ...(await settings.pushDevices(ctx.db, ctx.user.id, input.endpoint ?? null)),
    })),
  subscribePush: authedProcedure
    .meta({ scope: 'session', summary: "Register this browser's push subscription." })
    .input(pushSubscriptionSchema)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => {
      // Only the push services browsers use (or the operator's): the server will connect to this address.
      if (!ctx.push.accepts(input.endpoint)) throw new AppError('PUSH_SERVICE_NOT_ALLOWED');
      return settings.addPushSubscription(ctx.db, ctx.user.id, input);
    }),
  unsubscribePush: authedProcedure
    .meta({ scope: 'session', summary: "Remove this browser's push subscription." })
    .input(pushEndpointSchema)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => settings.removePushSubscription(ctx.db, ctx.user.id, input.endpoint)),
  /** The language the app shows, so pushes and e-mails speak it too. */
  setLocale: authedProcedure
    .meta({ scope: 'write', summary: 'The language pushes and e-mails use.' })
    .input(localeSchema)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => settings.setLocale(ctx.db, ctx.user.id, input.locale)),
});
