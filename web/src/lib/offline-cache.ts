import { DAY_MS } from '#shared/domain/days';
import {
  defaultShouldDehydrateQuery,
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { connectivity } from './connectivity';

/**
 * What the app last loaded, kept in IndexedDB, so that it shows it without a network: the service worker keeps
 * the code, this the data. It is put back only while the app cannot reach the server (lib/connectivity.ts):
 * online, every screen shows what the server says now, and no form starts from an old value. It is one
 * user's data: when the session changes hands (sign-out, another account, a session that ended), everything
 * but the session leaves the cache and the store at once, and what was read from the store is dropped.
 */
interface Kept {
  /** The server's code it was loaded from (vite.config.ts): another version's shapes may differ. */
  version: string;
  savedAt: number;
  state: DehydratedState;
}

const KEY = 'queries';
/** Older than a week, it is more misleading than useful (counted per query). */
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * DAY_MS;
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
 * What was kept, read at start, until it is put back (offline) or may no longer be (another user signed in);
 * meanwhile what is kept again includes it.
 */
let snapshot: DehydratedState | null = null;

/** Whether the kept data is of `userId` (or of nobody signed in). */
function keptFor(state: DehydratedState, userId: string | null) {
  const session = state.queries.find((query) => {
    const [path] = query.queryKey;
    return Array.isArray(path) && path.join('.') === 'auth.me';
  });
  return ((session?.state.data as { id: string } | null | undefined)?.id ?? null) === userId;
}

/**
 * Reads what was kept, and puts it back whenever the app cannot reach the server (at once, if that is the
 * case already), once, into queries that have nothing newer. Never fails: without IndexedDB the app simply
 * has nothing kept.
 */
export async function restoreOfflineCache(queryClient: QueryClient): Promise<void> {
  try {
    const value = await get<Kept>(KEY, kept());
    if (!value) return;
    if (value.version !== __DATA_VERSION__ || Date.now() - value.savedAt > OFFLINE_CACHE_MAX_AGE_MS) {
      await del(KEY, kept());
      return;
    }
    snapshot = value.state;
  } catch {
    // IndexedDB unavailable (some private modes) or the stored value unreadable: nothing kept.
    return;
  }
  const putBack = () => {
    if (!snapshot || connectivity.isOnline()) return;
    const session = queryClient.getQueryCache().getAll().find(isSession);
    // Someone else is signed in now than when it was kept: it is not theirs to see.
    if (session?.state.data === undefined || keptFor(snapshot, userIdOf(session)))
      hydrate(queryClient, snapshot);
    snapshot = null;
    stop();
  };
  const stop = connectivity.subscribe(putBack);
  putBack();
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
    // What was kept and not loaded again here stays kept (while not too old): an online visit to one screen
    // must not drop what the others showed.
    if (snapshot) {
      const here = new Set(state.queries.map((query) => query.queryHash));
      const now = Date.now();
      state.queries.push(
        ...snapshot.queries.filter(
          (query) => !here.has(query.queryHash) && now - query.state.dataUpdatedAt < OFFLINE_CACHE_MAX_AGE_MS,
        ),
      );
    }
    const value: Kept = { version: __DATA_VERSION__, savedAt: Date.now(), state };
    set(KEY, value, kept()).catch(() => {});
  };

  const sessionNow = cache.getAll().find(isSession);
  let userId = sessionNow?.state.data === undefined ? undefined : userIdOf(sessionNow);
  const unsubscribe = cache.subscribe((event) => {
    if (event.type === 'updated' && isSession(event.query) && event.query.state.data !== undefined) {
      const next = userIdOf(event.query);
      if (userId !== undefined && next !== userId) {
        snapshot = null;
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
