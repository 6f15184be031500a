import { useCallback, useSyncExternalStore } from 'react';
import { LIMITS } from '#shared/limits';

/** Whether a media query matches now, following its changes (false before the page is in a browser). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones: narrower than the mobile breakpoint, where cards can be swiped (SPEC Matching). */
export const useNarrowScreen = () => useMediaQuery(`(max-width: ${LIMITS.mobileBreakpointPx - 0.02}px)`);

/** The visitor asked for less motion: cards change without flying or springing. */
export const useReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');
