import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../server/routers/_app';

export interface ApiClientOptions {
  /** Server base URL, e.g. http://localhost:3000. */
  url: string;
  /**
   * A personal access token (`tacke_pat_…`, made in the profile settings; its scopes bound what the client
   * may call) or a session token from `auth.signIn` with `returnToken: true`. Sent as a Bearer header and as
   * the WebSocket's connection param.
   */
  token?: string | (() => string | undefined);
  /** WebSocket implementation where the platform has none (Node 20: `import WebSocket from 'ws'`). */
  WebSocket?: typeof globalThis.WebSocket;
}

/**
 * A typed client for scripts and tests: queries and mutations over HTTP (batched), subscriptions over
 * one WebSocket that is opened lazily and reconnects on its own. Call `close()` when done.
 */
export function createApiClient(opts: ApiClientOptions) {
  const base = opts.url.replace(/\/+$/, '');
  const token = () => (typeof opts.token === 'function' ? opts.token() : opts.token);
  const ws = createWSClient({
    url: `${base.replace(/^http/, 'ws')}/trpc`,
    lazy: { enabled: true, closeMs: 10_000 },
    keepAlive: { enabled: true, intervalMs: 15_000, pongTimeoutMs: 5_000 },
    connectionParams: () => {
      const value = token();
      return value ? { token: value } : {};
    },
    ...(opts.WebSocket ? { WebSocket: opts.WebSocket } : {}),
  });
  const client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: ws, transformer: superjson }),
        false: httpBatchLink({
          url: `${base}/trpc`,
          transformer: superjson,
          headers: () => {
            const value = token();
            return value ? { authorization: `Bearer ${value}` } : {};
          },
        }),
      }),
    ],
  });
  // The client is a proxy that turns every property into a procedure path, so `close` is answered here.
  const close = () => ws.close();
  return new Proxy(client, {
    get: (target, property, receiver) =>
      property === 'close' ? close : (Reflect.get(target, property, receiver) as unknown),
  }) as typeof client & { close: () => Promise<void> };
}

export type ApiClient = ReturnType<typeof createApiClient>;
