import { type DefaultOptions, onlineManager, QueryClient } from '@tanstack/react-query';
import { createWSClient, httpBatchLink, splitLink, TRPCClientError, wsLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../../server/routers/_app';
import { connectivity, connectivityFetch } from './connectivity';

export const trpc = createTRPCReact<AppRouter>();

/** Client errors (4xx) will not change on a retry; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const status =
    error instanceof TRPCClientError
      ? (error.data as { httpStatus?: number } | undefined)?.httpStatus
      : undefined;
  return failureCount < 2 && !(status && status < 500);
}

/**
 * The app's query defaults; the server's render with the session uses them too (web/src/prerender.tsx), so a
 * query is as fresh there as in the browser that hydrates it (a stale one would render as being fetched).
 */
export const QUERY_DEFAULTS = {
  // Back from offline (or a server that was away), whatever is on screen is read again, fresh or not:
  // what happened meanwhile would otherwise wait for the next refresh.
  queries: { retry: shouldRetry, staleTime: 30_000, refetchOnReconnect: 'always' },
  // A change is tried when asked for: offline it fails at once with "no connection" (shown where it was
  // asked), rather than waiting unseen and landing later, when the owner has moved on.
  mutations: { networkMode: 'always' },
} satisfies DefaultOptions;

export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });

// Queries follow what the app experiences, not navigator.onLine: offline they pause (keeping what they
// show) instead of failing, and resume, refetching what is stale, when the server answers again.
onlineManager.setEventListener((setOnline) => {
  setOnline(connectivity.isOnline());
  return connectivity.subscribe(() => setOnline(connectivity.isOnline()));
});

// One socket per tab, opened by the first subscription and closed 10 s after the last one ends.
const wsClient = createWSClient({
  url: () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/trpc`,
  lazy: { enabled: true, closeMs: 10_000 },
  keepAlive: { enabled: true, intervalMs: 15_000, pongTimeoutMs: 5_000 },
  // At once, then backing off to 10 s (tRPC's cap is 30 s), so a live chat resumes soon after the network
  // does; spread out, so the clients of a restarted server do not all come back in the same second.
  retryDelayMs: (attempt) =>
    attempt === 0 ? 0 : Math.min(1_000 * 2 ** attempt, 10_000) * (0.5 + Math.random() / 2),
  onOpen: connectivity.reachable,
  // A socket that fails may be a lost network or only the socket: the probe tells.
  onError: () => connectivity.suspect(),
});

/**
 * The server knows the socket's user from the cookie sent when it opened. After sign-in or sign-out the
 * socket is dropped; live subscriptions reconnect at once (resuming from their last event), as the new user.
 */
export function renewRealtimeConnection() {
  wsClient.connection?.ws?.close();
}

/** The session travels in an HttpOnly cookie, so no link handles tokens. */
export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: wsLink({ client: wsClient, transformer: superjson }),
      false: httpBatchLink({ url: '/trpc', transformer: superjson, fetch: connectivityFetch }),
    }),
  ],
});

/**
 * What a caller of a feature's mutation hook (its api.ts) adds: what the user is told. The hook itself owns
 * the mutation's cache effects.
 */
export interface MutationHandlers<T> {
  onSuccess?: (data: T) => void;
  onError?: (error: unknown) => void;
}
