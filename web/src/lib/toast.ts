import type { ExternalToast } from 'sonner';

/**
 * sonner is loaded after the first render (see components/toaster.tsx), so it stays out of the initial
 * bundle. A toast waits until the Toaster has mounted and subscribed, so none is lost.
 */
let markReady: () => void;
const ready = new Promise<void>((resolve) => (markReady = resolve));

export function toasterMounted() {
  markReady();
}

const show = (kind: 'success' | 'error') => (message: string, options?: ExternalToast) =>
  void Promise.all([import('sonner'), ready]).then(([{ toast }]) => toast[kind](message, options));

export const toast = { success: show('success'), error: show('error') };
