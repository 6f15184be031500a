import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the page is prerendered (the build) and while the browser hydrates that HTML, true from the
 * render after. What the browser knows before hydrating (a session answer already in, a language, a
 * query's data) waits for it, so the first render matches the prerendered page (web/src/prerender.tsx).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
