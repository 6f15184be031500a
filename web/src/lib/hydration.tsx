import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

const Hydrated = createContext(true);

/**
 * False while the page is prerendered (the build) and while the browser hydrates that HTML, true after.
 * What the browser knows before hydrating (a session answer already in, a query's data) waits for it, so the
 * first render matches the prerendered page (web/src/prerender.tsx).
 */
export const useHydrated = () => useContext(Hydrated);

/**
 * Around the app: `hydrating` when it renders over prerendered HTML (or prerenders it). Hydration done, what
 * waited renders as a transition, in slices that leave the main thread to taps, not as one long task.
 */
export function HydrationBoundary({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <Hydrated value={hydrated}>{children}</Hydrated>;
}

/**
 * What loads later (a lazy part in its own Suspense boundary) mounts after hydration, never in the
 * prerendered HTML: a boundary still dehydrated when the session's render arrives stalled React's
 * transition for good (the page kept its disabled controls; seen under load in CI).
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
