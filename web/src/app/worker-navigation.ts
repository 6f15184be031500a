import { SW_MESSAGES } from '../../sw/messages';

/** The router's navigate, once the app runs (boot.tsx). */
let navigate: ((path: string) => unknown) | undefined;

export const setWorkerNavigate = (to: typeof navigate) => {
  navigate = to;
};

/**
 * A tapped notification (web/sw/sw.ts) asks an open window for its screen. Listened for by the entry from
 * the first moment (the worker's messages wait for the page to load, then go to whoever listens); before
 * the app runs, the page loads the screen itself.
 */
export function listenToWorker() {
  navigator.serviceWorker?.addEventListener(
    'message',
    ({ data }: MessageEvent<{ type?: unknown; path?: unknown }>) => {
      const path = data?.type === SW_MESSAGES.navigate && typeof data.path === 'string' ? data.path : '';
      if (!/^\/(?!\/)/.test(path)) return;
      if (navigate) void navigate(path);
      else window.location.assign(path);
    },
  );
}
