import {
  defaultShouldDehydrateQuery,
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * What the app last loaded, kept in IndexedDB, so that it opens with it without a network: the service worker
 * keeps the code, this the data. It is one user's data: when the session changes hands (sign-out, another
 * account, a session that ended), everything but the session leaves the cache and the store at once.
 */
interface Kept {
  /** The server's code it was loaded from (vite.config.ts): another version's shapes may differ. */
  version: string;
  savedAt: number;
  state: DehydratedState;
}

const KEY = 'queries';
/** Older than a week, it is more misleading than useful. */
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most one write a second; sooner when the page is hidden or left. */
const WRITE_EVERY_MS = 1_000;
/** Moderation queues (about other people) and the calendar feed's secret address are never kept. */
const NOT_KEPT = /^(admin\.|events\.calendarFeed$)/;

let store: UseStore | undefined;
const kept = () => (store ??= createStore('tacke', 'offline-cache'));

/** A tRPC query's procedure path ('auth.me'), or null for other queries. */
function pathOf(query: Query): string | null {
  const [path] = query.queryKey;
  return Array.isArray(path) ? path.join('.') : null;
}
const isSession = (query: Query) => pathOf(query) === 'auth.me';
const userIdOf = (query: Query) => (query.state.data as { id: string } | null | undefined)?.id ?? null;

/**
 * Puts back what was kept, unless the network has already told who is signed in (the prerendered page
 * hydrates before this finishes). Never fails: without IndexedDB the app simply starts empty.
 */
export async function restoreOfflineCache(queryClient: QueryClient): Promise<void> {
  try {
    const value = await get<Kept>(KEY, kept());
    if (!value) return;
    if (value.version !== __DATA_VERSION__ || Date.now() - value.savedAt > OFFLINE_CACHE_MAX_AGE_MS) {
      await del(KEY, kept());
      return;
    }
    const session = queryClient.getQueryCache().getAll().find(isSession);
    if (session?.state.data !== undefined) return;
    hydrate(queryClient, value.state);
    // Shown until fresh data comes: every kept query is fetched again when it is used, as on any new start.
    await queryClient.invalidateQueries({ refetchType: 'none' });
  } catch {
    // IndexedDB unavailable (some private modes) or the stored value unreadable: start empty.
  }
}

/**
 * From now on keeps the cache (after `restoreOfflineCache`, or it would overwrite what is kept with an
 * empty start), and forgets everything of a user when the session changes hands.
 */
export function keepOfflineCache(queryClient: QueryClient): () => void {
  const cache = queryClient.getQueryCache();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        defaultShouldDehydrateQuery(query) && !NOT_KEPT.test(pathOf(query) ?? ''),
      shouldDehydrateMutation: () => false,
    });
    const value: Kept = { version: __DATA_VERSION__, savedAt: Date.now(), state };
    set(KEY, value, kept()).catch(() => {});
  };

  const sessionNow = cache.getAll().find(isSession);
  let userId = sessionNow?.state.data === undefined ? undefined : userIdOf(sessionNow);
  const unsubscribe = cache.subscribe((event) => {
    if (event.type === 'updated' && isSession(event.query) && event.query.state.data !== undefined) {
      const next = userIdOf(event.query);
      if (userId !== undefined && next !== userId) {
        del(KEY, kept()).catch(() => {});
        void queryClient.resetQueries({ predicate: (query) => !isSession(query) });
      }
      userId = next;
    }
    timer ??= setTimeout(write, WRITE_EVERY_MS);
  });
  const writeNowIfDue = () => timer !== undefined && write();
  const onHidden = () => document.visibilityState === 'hidden' && writeNowIfDue();
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', writeNowIfDue);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', writeNowIfDue);
  };
}
