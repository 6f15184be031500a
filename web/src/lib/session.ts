import { renewRealtimeConnection, trpc } from './trpc';

/** The signed-in user (null when signed out); cookies carry the session. */
export function useSession() {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  return { user: me.data ?? null, isLoading: me.isLoading };
}

export type SessionUser = NonNullable<ReturnType<typeof useSession>['user']>;

/**
 * After sign-in, confirmation or reset: show the new user at once. A `me` request still in flight
 * (sent before the cookie existed) is cancelled first, or its stale `null` would win.
 */
export function useSignedIn() {
  const utils = trpc.useUtils();
  return async (user: SessionUser) => {
    await utils.auth.me.cancel();
    utils.auth.me.setData(undefined, user);
    renewRealtimeConnection();
    await utils.invalidate();
  };
}
