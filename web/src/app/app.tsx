import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, StrictMode, Suspense, useSyncExternalStore } from 'react';
import { type Catalogue, LocaleProvider } from '../lib/intl';
import { onToasterWanted, toasterWanted } from '../lib/toast';
import { queryClient, trpc, trpcClient } from '../lib/trpc';

const Toaster = lazy(() => import('../components/toaster'));

/** The providers around the router: the same tree in the browser and in the build's prerender. */
export function App({ catalogue, children }: { catalogue: Catalogue; children: ReactNode }) {
  return (
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <LocaleProvider initial={catalogue}>
            {children}
            <ToasterOnDemand />
          </LocaleProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
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
