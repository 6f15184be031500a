import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/routes';
import { LocaleProvider } from './lib/intl';
import { queryClient, trpc, trpcClient } from './lib/trpc';

// Not needed for the first paint; loaded right after it.
const Toaster = lazy(() => import('./components/toaster'));

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

createRoot(root).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <LocaleProvider fallback={null}>
          <RouterProvider router={router} />
          <Suspense>
            <Toaster />
          </Suspense>
        </LocaleProvider>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
