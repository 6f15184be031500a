import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, StrictMode, Suspense, useSyncExternalStore } from 'react';
import { HydrationBoundary, useHydrated } from '../lib/hydration';
import { type Catalogue, LocaleProvider } from '../lib/intl';
import { onToasterWanted, toasterWanted } from '../lib/toast';
import { queryClient, trpc, trpcClient } from '../lib/trpc';

const Toaster = lazy(() => import('../components/toaster'));

/**
 * The providers around the router: the same tree in the browser and in the build's prerender; `hydrating`
 * when it renders over (or as) a prerendered page, `withSession` when that page was rendered with the
 * session. The server's render for one member brings its own clients (`data`, web/src/prerender.tsx).
 */
export function App({
  catalogue,
  hydrating,
  withSession = false,
  data = { queryClient, trpcClient },
  children,
}: {
  catalogue: Catalogue;
  hydrating: boolean;
  withSession?: boolean;
  data?: { queryClient: QueryClient; trpcClient: typeof trpcClient };
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <trpc.Provider client={data.trpcClient} queryClient={data.queryClient}>
        <QueryClientProvider client={data.queryClient}>
          <LocaleProvider initial={catalogue}>
            <HydrationBoundary hydrating={hydrating} withSession={withSession}>
              <UntilHydrated>{children}</UntilHydrated>
            </HydrationBoundary>
            <ToasterOnDemand />
          </LocaleProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}

/**
 * A prerendered page shows before its script runs, and its fields and buttons wait for it: a value typed
 * before hydration would show in the field but not reach the form's state (React 19 does not replay it),
 * and a press would do nothing. Links work throughout. A fieldset without a box: no layout, no role.
 */
function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset role="none" disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}

/** The toaster mounts with the first toast (see lib/toast.ts). */
function ToasterOnDemand() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense>
      <Toaster />
    </Suspense>
  );
}
