import {
  createContext,
  type ReactNode,
  startTransition,
  Suspense,
  useContext,
  useEffect,
  useState,
} from 'react';

const Hydrated = createContext(true);
const RenderedWithSession = createContext(false);

/**
 * False while the page is prerendered (the build) and while the browser hydrates that HTML, true after.
 * What the browser knows before hydrating (a session answer already in, a query's data) waits for it, so the
 * first render matches the prerendered page (web/src/prerender.tsx).
 */
export const useHydrated = () => useContext(Hydrated);

/**
 * True while the server renders a signed-in page with its session and data (web/src/prerender.tsx,
 * `renderWithSession`) and while the browser hydrates it: the session is known then, from the data the page
 * carries (boot.tsx), so it is not held back as "unknown" as on a page prerendered by the build.
 */
export const useRenderedWithSession = () => useContext(RenderedWithSession);

/**
 * Around the app: `hydrating` when it renders over prerendered HTML (or prerenders it); `withSession` when
 * that HTML was rendered with the session. Hydration done, what waited renders as a transition, in slices
 * that leave the main thread to taps, not as one long task.
 */
export function HydrationBoundary({
  hydrating,
  withSession = false,
  children,
}: {
  hydrating: boolean;
  withSession?: boolean;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return (
    <Hydrated value={hydrated}>
      <RenderedWithSession value={withSession && !hydrated}>{children}</RenderedWithSession>
    </Hydrated>
  );
}

/**
 * What loads later (a lazy part in its own Suspense boundary) mounts after hydration, never in the
 * prerendered HTML: a boundary still dehydrated when the session's render arrives stalled React's
 * transition for good (the page kept its disabled controls; seen under load in CI). `fallback` shows
 * meanwhile, and while the part's code loads.
 */
export function AfterHydration({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  // No boundary in the HTML, even an empty one (tests/e2e/first-load.test.ts checks the build's pages).
  return useHydrated() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
