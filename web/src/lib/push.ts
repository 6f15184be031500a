/**
 * This browser's Web Push subscription (issue 19). The service worker (web/sw/sw.ts) shows what arrives; the
 * server keeps the subscription (notifySettings.subscribePush) and sends with its VAPID key.
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

/**
 * The browser has no push service to offer here (a private window, a browser without one, a service worker
 * that never started): not a network failure, and not something a retry changes.
 */
export class PushUnavailable extends Error {}

/** How long the service worker may take to be ready before push counts as unavailable here. */
const READY_WITHIN_MS = 10_000;

/** The service worker's registration, or PushUnavailable when it does not come (none would ever answer). */
async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushUnavailable('no service worker')), READY_WITHIN_MS);
  });
  return Promise.race([navigator.serviceWorker.ready, late]).finally(() => clearTimeout(timer));
}

/** This browser's subscription, if there is one (no service worker yet, or no push service here: none). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

/** Asks for permission and subscribes with the server's key (base64url); returns what the server keeps. */
export async function subscribeToPush(
  publicKey: string,
): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushPermissionDenied();
  const registration = await readyRegistration();
  const key = fromBase64Url(publicKey);
  let subscription: PushSubscription | null;
  try {
    subscription = await registration.pushManager.getSubscription();
    // One made with another server key (the keys were changed) cannot receive ours.
    if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  } catch (error) {
    // The browser refused (no push service in a private window, blocked by policy): say that, not "network".
    if (error instanceof DOMException && error.name === 'NotAllowedError') throw new PushPermissionDenied();
    throw new PushUnavailable(String(error));
  }
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
