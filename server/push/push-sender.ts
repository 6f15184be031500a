import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { Db } from '../db/client';
import type { PushPayload } from '#shared/domain/push-payload';
import { allowedEndpoint, guardedLookup, type PushServices } from './push-services';
import { serverKey } from './server-keys';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * sent; gone: the subscription no longer exists (404/410) or names no allowed push service, remove it;
 * failed: try again later.
 */
export type PushResult = 'sent' | 'gone' | 'failed';

export interface PushSender {
  publicKey: string;
  /** Whether a subscription's endpoint is a push service pushes may go to (checked again when sending). */
  accepts(endpoint: string): boolean;
  send(target: PushTarget, payload: PushPayload): Promise<PushResult>;
}

const TIMEOUT_MS = 10_000;

/**
 * One POST to a push service; resolves with its status. No redirects are followed (a push service never
 * redirects, and a redirect could point anywhere); the address is checked as the connection is made.
 */
function post(url: URL, details: webpush.RequestDetails, services: PushServices): Promise<number> {
  const request = (url.protocol === 'https:' ? https : http).request;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        lookup: guardedLookup(services),
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('push service timed out')));
    req.on('error', reject);
    req.end(details.body);
  });
}

/** VAPID keys from the settings, or the ones made on first start (server_keys). */
export async function createPushSender(
  db: Db,
  opts: {
    vapid: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    services: PushServices;
  },
): Promise<PushSender> {
  const vapid =
    opts.vapid ??
    (JSON.parse(
      await serverKey(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys())),
    ) as webpush.VapidKeys);
  const details = { subject: opts.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    publicKey: vapid.publicKey,
    accepts: (endpoint) => allowedEndpoint(endpoint, opts.services) !== null,
    async send(target, payload) {
      const url = allowedEndpoint(target.endpoint, opts.services);
      // Stored before the allow-list existed, or the operator's list changed: never contacted, forgotten.
      if (!url) return 'gone';
      // web-push encrypts and signs; the request goes out through our own POST (web-push's sender speaks
      // only https, follows the system's name resolution, and the tests' push service is plain http).
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        // A day: a phone that is off longer sees the news in the app instead.
        { vapidDetails: details, TTL: 86_400, urgency: 'normal' },
      );
      try {
        const status = await post(url, request, opts.services);
        if (status >= 200 && status < 300) return 'sent';
        return status === 404 || status === 410 ? 'gone' : 'failed';
      } catch {
        return 'failed';
      }
    },
  };
}
