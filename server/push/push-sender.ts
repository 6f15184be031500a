import webpush from 'web-push';
import type { Db } from '../db/client';
import type { PushPayload } from '../../src/domain/push-payload';
import { serverKey } from './server-keys';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** sent; gone: the subscription no longer exists (404/410), remove it; failed: try again later. */
export type PushResult = 'sent' | 'gone' | 'failed';

export interface PushSender {
  publicKey: string;
  send(target: PushTarget, payload: PushPayload): Promise<PushResult>;
}

/** VAPID keys from the settings, or the ones made on first start (server_keys). */
export async function createPushSender(
  db: Db,
  opts: { vapid: { publicKey: string; privateKey: string } | undefined; subject: string },
): Promise<PushSender> {
  const vapid =
    opts.vapid ??
    (JSON.parse(
      await serverKey(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys())),
    ) as webpush.VapidKeys);
  const details = { subject: opts.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    publicKey: vapid.publicKey,
    async send(target, payload) {
      // web-push encrypts and signs; the request goes out through fetch (web-push's own sender speaks only
      // https, and the tests' local push service is plain http).
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        // A day: a phone that is off longer sees the news in the app instead.
        { vapidDetails: details, TTL: 86_400, urgency: 'normal' },
      );
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: new Uint8Array(request.body as Buffer),
          signal: AbortSignal.timeout(10_000),
        });
        await response.body?.cancel();
        if (response.ok) return 'sent';
        return response.status === 404 || response.status === 410 ? 'gone' : 'failed';
      } catch {
        return 'failed';
      }
    },
  };
}
