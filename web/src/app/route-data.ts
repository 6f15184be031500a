import { createTRPCQueryUtils } from '@trpc/react-query';
import { LIMITS } from '#shared/limits';
import { DOG_CARD_PHOTO_SIZES } from '../features/dogs/photo-sizes';
import { DECK_PHOTO_SIZES } from '../features/matching/photo-sizes';
import { storedDogId } from '../features/matching/use-chosen-dog';
import { photoSources, preloadPhoto } from '../lib/photo-sources';
import { queryClient, trpcClient } from '../lib/trpc';

/**
 * A page's first queries, asked for as navigation starts (main.tsx: before the first render; a link's
 * pointer or focus: before the click), in parallel with the page's chunk instead of after its first render
 * (issue 32). Each is the page's own query with the same input, so the page finds it in the cache. What
 * only a signed-in user sees waits for the session's answer, unless the server saw a session cookie
 * (`data-session` on <html>, server/plugins/web.ts): then it goes at once, with the session's question.
 * The server asks the same of a page it renders with the session (web/src/prerender.tsx).
 */
const browserUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });
export type QueryUtils = typeof browserUtils;
/** How long the session's answer asked for here serves the page's own question. */
const SESSION_FRESH = { staleTime: 60_000 };

interface PrefetchOptions {
  utils: QueryUtils;
  signedIn: () => Promise<boolean>;
  search: URLSearchParams;
  /** Starts a photo the page shows first (none on the server: its HTML carries the photo itself). */
  preload: (photo: Parameters<typeof preloadPhoto>[0]) => void;
}
type Prefetch = (options: PrefetchOptions) => Promise<unknown>;

/** Swallowed: a prefetch that failed leaves the page to ask again and show the error. */
const quietly = (work: Promise<unknown>) => work.catch(() => {});

const whenSignedIn = (signedIn: () => Promise<boolean>, load: () => Promise<unknown>) =>
  signedIn().then((yes) => (yes ? load() : undefined));

const deck: Prefetch = ({ utils, signedIn, preload }) =>
  signedIn().then(async (yes) => {
    if (!yes) return utils.dogs.demoDeck.prefetch(undefined, { staleTime: 5 * 60_000 });
    // Waited for at the end: the server renders with everything the page asks for first, or nothing.
    const filters = quietly(utils.dogs.deckFilters.prefetch(undefined, { staleTime: Infinity }));
    // The deck is of the dog chosen last (features/matching/use-chosen-dog.ts), or of the only one.
    const stored = storedDogId();
    // The top card's photo (the page's largest paint) starts loading with the answer, not after the page's code.
    const fetchDeck = async (fromDogId: string) => {
      const input = { fromDogId, limit: LIMITS.deck.batchSize };
      await utils.dogs.deck.prefetch(input, { staleTime: Infinity });
      const photo = utils.dogs.deck.getData(input)?.[0]?.photos[0];
      if (photo) preload(photoSources(photo, DECK_PHOTO_SIZES));
    };
    const dogs = utils.dogs.mine.ensureData();
    if (stored) void quietly(fetchDeck(stored));
    const mine = await dogs;
    const only = mine.length === 1 ? mine[0]!.id : undefined;
    if (only && only !== stored) await fetchDeck(only);
    await filters;
  });

const PREFETCH: Record<string, Prefetch> = {
  '/ujemanja': deck,
  '/profil': ({ utils, signedIn }) =>
    whenSignedIn(signedIn, () =>
      Promise.all([
        utils.profiles.me.prefetch(),
        utils.dogs.mine.prefetch(),
        utils.profiles.stats.prefetch(),
      ]),
    ),
  // The first dog's photo (the page's largest paint) starts loading with the answer, as the deck's above.
  '/moji-psi': ({ utils, signedIn, preload }) =>
    whenSignedIn(signedIn, async () => {
      await utils.dogs.mine.prefetch();
      const photo = utils.dogs.mine.getData()?.[0]?.photos[0];
      if (photo) preload(photoSources(photo, DOG_CARD_PHOTO_SIZES, 'medium'));
    }),
  // The list as the address does not narrow it (features/events/use-event-filters.ts): a narrowed one is
  // left to the page, which knows which filters apply.
  '/events': ({ utils, search }) =>
    ['type', 'filter', 'q'].some((name) => search.has(name))
      ? Promise.resolve()
      : utils.events.list.prefetchInfinite({}),
  '/chat': ({ utils, signedIn }) => whenSignedIn(signedIn, () => utils.chats.list.prefetch()),
  '/klepet': ({ utils, signedIn }) => whenSignedIn(signedIn, () => utils.chats.list.prefetch()),
};

/**
 * Whether a session exists: what the app knows of it, else (the first page) at once when the server saw its
 * cookie, else the session's answer.
 */
function sessionCheck(): () => Promise<boolean> {
  const utils = browserUtils;
  const known = utils.auth.me.getData();
  if (known !== undefined) return () => Promise.resolve(known !== null);
  const hinted = document.documentElement.dataset.session !== undefined;
  return () =>
    hinted
      ? Promise.resolve(true)
      : utils.auth.me.ensureData(undefined, SESSION_FRESH).then(
          (user) => user !== null,
          () => false,
        );
}

/** Asks for the session and the data of the page at `url` (an address in this app). */
export function prefetchRoute(url: URL) {
  const signedIn = sessionCheck();
  void quietly(browserUtils.auth.me.prefetch(undefined, SESSION_FRESH));
  const prefetch = PREFETCH[url.pathname.replace(/(.)\/+$/, '$1')];
  if (prefetch)
    void quietly(
      prefetch({ utils: browserUtils, signedIn, search: url.searchParams, preload: preloadPhoto }),
    );
}

/**
 * Whether the server's render of `pathname`, with the data loaded, is the page this browser will hydrate:
 * not when its first render follows what only the browser keeps, as the deck of a member with several dogs
 * (of the one chosen last, in this browser's storage: features/matching/use-chosen-dog.ts).
 */
export function renderableOnServer(utils: QueryUtils, pathname: string): boolean {
  return pathname !== '/ujemanja' || (utils.dogs.mine.getData()?.length ?? 0) <= 1;
}

/**
 * On the server, for a signed-in user: the data of the page at `pathname` (no query), into the request's own
 * query client behind `utils`. Fails as the first query that fails.
 */
export async function loadRouteData(utils: QueryUtils, pathname: string): Promise<void> {
  await PREFETCH[pathname]?.({
    utils,
    signedIn: () => Promise.resolve(true),
    search: new URLSearchParams(),
    preload: () => {},
  });
}
