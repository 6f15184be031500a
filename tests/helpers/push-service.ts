import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// The Web Push content encoding (RFC 8188), the library web-push itself encrypts with.
import ece from 'http_ece';
import type { PushPayload } from '#shared/domain/push-payload';

/** A browser's side of a subscription: its keys (to read what was pushed) and the endpoint. */
export interface FakeDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypted payloads pushed to this device, in order. */
  received: PushPayload[];
}

/**
 * A local push service (what FCM or Mozilla's autopush are to a browser): accepts Web Push requests on
 * `/push/<id>`, checks the VAPID authorization is there, decrypts the payload with the device's keys.
 * A device marked gone answers 410, as push services do for expired subscriptions.
 */
export async function startPushService() {
  const devices = new Map<string, FakeDevice & { ecdh: crypto.ECDH; gone: boolean }>();
  let requests = 0;
  /** Devices whose answers wait (the push has arrived, the sender does not know yet), and their answers. */
  const held = new Map<string, Array<() => void>>();
  const idOf = (endpoint: string) => endpoint.split('/').at(-1)!;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests++;
      const id = idOf(req.url ?? '');
      const device = devices.get(id);
      if (!device) return void res.writeHead(404).end();
      if (device.gone) return void res.writeHead(410).end();
      if (!/^vapid t=.+, k=.+/.test(req.headers.authorization ?? '')) return void res.writeHead(401).end();
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: device.ecdh,
        authSecret: device.keys.auth,
      });
      device.received.push(JSON.parse(plain.toString('utf8')) as PushPayload);
      const answer = () => void res.writeHead(201).end();
      const waiting = held.get(id);
      if (waiting) waiting.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/`;
  return {
    /** A new browser subscription on this service. */
    device(): FakeDevice {
      const id = crypto.randomUUID();
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const device = {
        endpoint: `${base}${id}`,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
        received: [] as PushPayload[],
        ecdh,
        gone: false,
      };
      devices.set(id, device);
      return device;
    },
    /** The subscription expired: the service answers 410 from now on. */
    expire(device: FakeDevice) {
      devices.get(idOf(device.endpoint))!.gone = true;
    },
    /** Holds the answers to pushes to `device` until the returned function lets them go. */
    hold(device: FakeDevice) {
      const waiting: Array<() => void> = [];
      held.set(idOf(device.endpoint), waiting);
      return () => {
        held.delete(idOf(device.endpoint));
        for (const answer of waiting) answer();
      };
    },
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
