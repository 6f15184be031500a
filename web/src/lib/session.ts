import { useDeferredValue } from 'react';
import { useOnline } from './connectivity';
import { useHydrated, useRenderedWithSession } from './hydration';
import { renewRealtimeConnection, trpc } from './trpc';

/**
 * The signed-in user (null when signed out); cookies carry the session. `isLoading` until the first
 * answer, and while a prerendered page hydrates (lib/hydration.ts), so the build's render (nothing
 * fetched) and the browser's first render agree. Offline with no session kept (lib/offline-cache.ts) nothing will
 * answer: the public app shows meanwhile, and the user arrives with the server's first answer.
 */
export function useSession() {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  const online = useOnline();
  // Deferred: the session's arrival re-renders the navigation and every signed-in part of the page, and
  // React then does that in slices instead of one long task that would hold up taps.
  const user = useDeferredValue(me.data ?? null);
  const isLoading = useDeferredValue(me.isPending && online);
  // A prerendered page hydrates as it was built: before the session is known, even if it is by now. One
  // the server rendered with the session hydrates with it (the page carries its data, boot.tsx).
  const hydrated = useHydrated();
  const withSession = useRenderedWithSession();
  const known = hydrated || withSession;
  return known ? { user, isLoading } : { user: null, isLoading: true };
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
