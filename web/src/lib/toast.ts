import type { ExternalToast } from 'sonner';

/**
 * sonner (and the style sheet it injects, which restyles the whole page) loads with the first toast,
 * not with the page (see app/app.tsx). A toast waits until the Toaster has mounted and subscribed, so
 * none is lost, and the live region exists before its first message arrives.
 */
let markReady: () => void;
const ready = new Promise<void>((resolve) => (markReady = resolve));

export function toasterMounted() {
  markReady();
}

let wanted = false;
const listeners = new Set<() => void>();

/** For useSyncExternalStore: whether a toast has been asked for yet. */
export const toasterWanted = () => wanted;
export function onToasterWanted(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const show = (kind: 'success' | 'error' | 'info') => (message: string, options?: ExternalToast) => {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([import('sonner'), ready]).then(([{ toast }]) => toast[kind](message, options));
};

export const toast = { success: show('success'), error: show('error'), info: show('info') };
