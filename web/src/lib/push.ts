/**
 * This browser's Web Push subscription (issue 19). The service worker (web/sw/sw.ts) shows what arrives; the
 * server keeps the subscription (notifications.subscribePush) and sends with its VAPID key.
 */

/** supported; ios-install: iPhone/iPad Safari, where push needs the app added to the Home Screen. */
export type PushSupport = 'supported' | 'ios-install' | 'unsupported';

export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  // iPadOS reports itself as a Mac, with touch.
  const apple =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  return apple ? 'ios-install' : 'unsupported';
}

/** The user said no in the browser; only the site settings can undo it. */
export const pushDenied = () => 'Notification' in window && Notification.permission === 'denied';

export class PushPermissionDenied extends Error {}

/** This browser's subscription, if there is one (no service worker yet: none). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks for permission and subscribes with the server's key (base64url); returns what the server keeps. */
export async function subscribeToPush(
  publicKey: string,
): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushPermissionDenied();
  const registration = await navigator.serviceWorker.ready;
  const key = fromBase64Url(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // One made with another server key (the keys were changed) cannot receive ours.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const { keys } = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}
