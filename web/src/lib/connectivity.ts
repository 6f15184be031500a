import { useSyncExternalStore } from 'react';

/**
 * Whether the app reaches its server, as the app experiences it. `navigator.onLine` only says that a network
 * interface is up: a captive portal, dead mobile data and Chromium's own offline emulation (before 156) leave it
 * `true`. So a request that fails at the network level (or a socket that cannot connect) counts as offline, a
 * 503 (the server's database is away) as unavailable, and the next answer from the server as back online. Offline, a small probe asks the server at growing intervals
 * (and at once when the browser says it is online again, or the page comes back to the screen), so the app
 * recovers by itself, without a reload. `navigator.onLine === false` is believed at once: it never lies that way.
 */
/**
 * online: the server answers; offline: nothing reaches it; unavailable: it answers, but its database is away
 * (a restart): calls are refused with 503 for now and will work again.
 */
export type Reach = 'online' | 'offline' | 'unavailable';

export interface ConnectivityDeps {
  /** What the server's health answer says (no answer of its own: offline). */
  probe: () => Promise<Reach>;
  /** `navigator.onLine`. */
  browserOnline: () => boolean;
  /** Runs `run` after `ms`; returns a cancel. */
  after: (ms: number, run: () => void) => () => void;
}

/** Offline, the probe's waits: 1, 2, 4 then every 8 seconds. */
export const PROBE_DELAYS_MS = [1_000, 2_000, 4_000, 8_000] as const;

export interface Connectivity {
  isOnline: () => boolean;
  reach: () => Reach;
  /** Called on every change of `reach`. */
  subscribe: (listener: () => void) => () => void;
  /** An answer from the server arrived. */
  reachable: () => void;
  /** A request to the server failed at the network level. */
  unreachable: () => void;
  /** The server answered that its database is away (503). */
  unavailable: () => void;
  /** Something hints at a lost connection (a socket error): ask the server now. */
  suspect: () => void;
  /** The browser's `online`/`offline` events, the page shown again: re-check now. */
  browserChanged: () => void;
}

export function createConnectivity({ probe, browserOnline, after }: ConnectivityDeps): Connectivity {
  let reach: Reach = browserOnline() ? 'online' : 'offline';
  let attempt = 0;
  let cancelProbe: (() => void) | null = null;
  let probing = false;
  /** How many outcomes (requests' and probes') have come in: a probe's answer counts only if none did since. */
  let reports = 0;
  const listeners = new Set<() => void>();

  const set = (next: Reach) => {
    if (next === reach) return;
    reach = next;
    for (const listener of listeners) listener();
  };

  const stopProbing = () => {
    cancelProbe?.();
    cancelProbe = null;
    attempt = 0;
  };

  /** Not online: the next probe, unless one is already waiting or running. */
  const scheduleProbe = () => {
    if (reach === 'online' || cancelProbe || probing || !browserOnline()) return;
    const delay = PROBE_DELAYS_MS[Math.min(attempt, PROBE_DELAYS_MS.length - 1)]!;
    attempt += 1;
    cancelProbe = after(delay, () => {
      cancelProbe = null;
      void probeNow();
    });
  };

  async function probeNow() {
    if (probing || !browserOnline()) return;
    probing = true;
    const asked = reports;
    const answered = await probe().catch((): Reach => 'offline');
    probing = false;
    // A request's outcome that came in meanwhile is newer news than this answer.
    if (reports !== asked) return scheduleProbe();
    if (answered === 'online') reachable();
    else notOnline(answered);
  }

  function reachable() {
    reports += 1;
    stopProbing();
    set('online');
  }

  function notOnline(next: Exclude<Reach, 'online'>) {
    reports += 1;
    set(next);
    scheduleProbe();
  }

  return {
    isOnline: () => reach === 'online',
    reach: () => reach,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    reachable,
    unreachable: () => notOnline('offline'),
    unavailable: () => notOnline('unavailable'),
    suspect: () => void probeNow(),
    browserChanged() {
      stopProbing();
      if (!browserOnline()) set('offline');
      else void probeNow();
    },
  };
}

/** The server's health answer (`/healthz`: JSON, 200 `ok` or 503 `unavailable`); anything else is offline. */
async function serverReach(): Promise<Reach> {
  const response = await fetch('/healthz', { cache: 'no-store' });
  if (!response.headers.get('content-type')?.startsWith('application/json')) return 'offline';
  const body = (await response.json()) as { status?: unknown };
  if (body.status === 'ok') return 'online';
  return body.status === 'unavailable' ? 'unavailable' : 'offline';
}

function browserConnectivity(): Connectivity {
  const connectivity = createConnectivity({
    probe: serverReach,
    browserOnline: () => navigator.onLine,
    after: (ms, run) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
  });
  window.addEventListener('online', connectivity.browserChanged);
  window.addEventListener('offline', connectivity.browserChanged);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !connectivity.isOnline()) connectivity.browserChanged();
  });
  const mark = () => document.documentElement.toggleAttribute('data-offline', !connectivity.isOnline());
  connectivity.subscribe(mark);
  mark();
  return connectivity;
}

/** The app's one view of the connection; always online where there is no browser (the build's prerender). */
export const connectivity: Connectivity =
  typeof window === 'undefined'
    ? createConnectivity({ probe: async () => 'online', browserOnline: () => true, after: () => () => {} })
    : browserConnectivity();

/**
 * fetch for the API's links: the API's answer (JSON, whatever its status) marks the server reachable; a network
 * failure (not an abort), or a page from something else on the way (a captive portal, a proxy's error page),
 * unreachable. The caller gets the response or the error as they are.
 */
export const connectivityFetch: typeof fetch = async (input, init) => {
  try {
    const response = await fetch(input, init);
    if (!response.headers.get('content-type')?.startsWith('application/json')) connectivity.unreachable();
    else if (response.status === 503) connectivity.unavailable();
    else connectivity.reachable();
    return response;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) connectivity.unreachable();
    throw error;
  }
};

/** Whether the app reaches its server now (see above); online in the prerender. */
export const useOnline = () =>
  useSyncExternalStore(connectivity.subscribe, connectivity.isOnline, () => true);

/** How the app reaches its server now; online in the prerender. */
export const useReach = () =>
  useSyncExternalStore(connectivity.subscribe, connectivity.reach, (): Reach => 'online');
