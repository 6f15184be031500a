import { trpc } from './trpc';

/** The signed-in user (null when signed out); cookies carry the session. */
export function useSession() {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  return { user: me.data ?? null, isLoading: me.isLoading };
}

export type SessionUser = NonNullable<ReturnType<typeof useSession>['user']>;
