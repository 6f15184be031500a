import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../server/db/schema';
import { createPushSender } from '../../server/push/push-sender';
import { pushTo } from '../../server/services/delivery/push-delivery';
import { addPushSubscription } from '../../server/services/notices/notify-settings';
import { dbKinds, failure, startTestApp, type TestApp } from '../helpers/app';
import { makeUser } from '../helpers/factories';
import { startPushService } from '../helpers/push-service';

/** Issue 28: Web Push must not become a way into the operator's own network (server-side request forgery). */

const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const PAYLOAD = { title: 'Tačke', body: 'Nova zahteva', tag: 'requests', url: '/' };

/** A TCP port that counts who connects to it (and answers nothing): the operator's internal service. */
async function listeningPort() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(dbKinds())('push services on %s', (kind) => {
  let t: TestApp;
  let internal: Awaited<ReturnType<typeof listeningPort>>;
  // The operator's settings as shipped: the browsers' push services only, no private addresses.
  beforeAll(async () => {
    [t, internal] = await Promise.all([
      startTestApp(kind, { PUSH_SERVICES: undefined, PUSH_ALLOW_PRIVATE: undefined }),
      listeningPort(),
    ]);
  });
  afterAll(() => Promise.all([t.close(), internal.close()]));

  it('subscribes only to the push services browsers use; anything else is refused with a clear code', async () => {
    const { token, user } = await t.signedInUser();
    const api = await t.caller(token);
    const port = internal.port;
    const hostile = [
      `https://127.0.0.1:${port}/x`,
      `https://localhost:${port}/x`,
      `https://[::1]:${port}/x`,
      `https://2130706433:${port}/x`,
      `https://0x7f.1:${port}/x`,
      `https://[::ffff:127.0.0.1]:${port}/x`,
      'https://10.0.0.1/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00::1]/push',
      'https://fcm.googleapis.com.attacker.test/fcm/send/x',
      'https://evilfcm.googleapis.com.attacker.test/x',
      'https://notfcm.googleapis.com/x',
      'https://attacker.test/fcm.googleapis.com/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
    ];
    for (const endpoint of hostile) {
      const refused = await failure(api.notifySettings.subscribePush({ endpoint, keys: KEYS }));
      expect(refused.appCode, endpoint).toBe('PUSH_SERVICE_NOT_ALLOWED');
    }
    // Push services speak HTTPS only: the schema refuses plain http before any list is read.
    const plain = await failure(
      api.notifySettings.subscribePush({ endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys: KEYS }),
    );
    expect(plain.fieldErrors).toEqual({ endpoint: ['validation.pushSubscriptionInvalid'] });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual(
      [],
    );
    // The server never tried to reach the internal port while judging them.
    expect(internal.connections()).toBe(0);

    const browsers = [
      'https://fcm.googleapis.com/fcm/send/dAbC:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGxXyZ',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://FCM.googleapis.com./fcm/send/trailing-dot',
    ];
    for (const endpoint of browsers) await api.notifySettings.subscribePush({ endpoint, keys: KEYS });
    const kept = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(kept.map((row) => row.endpoint).sort()).toEqual([...browsers].sort());
  });

  it('drops a stored subscription of another service at its next push, without contacting it', async () => {
    const user = await makeUser(t.db);
    // Stored before the allow-list existed.
    const endpoint = `https://127.0.0.1:${internal.port}/old`;
    await addPushSubscription(t.db, user.id, { endpoint, keys: KEYS });
    const sent = await pushTo(t.app.deps, [{ endpoint, ...KEYS }], PAYLOAD);
    expect(sent).toBe(false);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual(
      [],
    );
    expect(internal.connections()).toBe(0);
  });
});

describe('sending to an allowed push service', () => {
  it('refuses a name that resolves to a non-public address at the moment it connects (no rebinding gap)', async () => {
    const internal = await listeningPort();
    const { db, close } = await startTestApp('pglite');
    try {
      // The operator listed a name that (now) points at loopback, as a rebinding attacker's name would.
      const sender = await createPushSender(db, {
        vapid: undefined,
        subject: 'mailto:test@example.com',
        services: { hosts: ['localhost'], allowPrivate: false },
      });
      expect(sender.accepts(`https://localhost:${internal.port}/x`)).toBe(true);
      expect(await sender.send({ endpoint: `https://localhost:${internal.port}/x`, ...KEYS }, PAYLOAD)).toBe(
        'failed',
      );
      expect(internal.connections()).toBe(0);

      // The same push service where the operator allows private addresses: it is reached.
      const push = await startPushService();
      try {
        const own = await createPushSender(db, {
          vapid: undefined,
          subject: 'mailto:test@example.com',
          services: { hosts: ['127.0.0.1'], allowPrivate: true },
        });
        const device = push.device();
        expect(await own.send({ endpoint: device.endpoint, ...device.keys }, PAYLOAD)).toBe('sent');
        expect(device.received).toEqual([PAYLOAD]);
      } finally {
        await push.close();
      }
    } finally {
      await Promise.all([close(), internal.close()]);
    }
  });
});
