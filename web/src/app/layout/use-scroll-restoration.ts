import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router';

/** sessionStorage key: the positions outlive a reload of the tab, as the browser's own do. */
const STORAGE_KEY = 'tacke.scroll';

function storedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {}; // storage blocked (privacy mode): positions last as long as the page
  }
}

/**
 * The window's scroll position by history entry: back, forward and a reload return to where the user
 * was; any other move starts the new page at its top (or at its #anchor). A change of the query alone
 * that replaces the entry (filters, a dialog's parameter) leaves the page where it is.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const shown = useRef<Location | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Recorded as the user scrolls: by the time a move has rendered, the old page may be gone.
    const record = () => {
      if (positions.current && shown.current) positions.current[shown.current.key] = window.scrollY;
    };
    const store = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // storage blocked: nothing to keep
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', store);
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= storedPositions();
    const previous = shown.current;
    shown.current = location;
    const saved = positions.current[location.key];
    const target = location.hash && document.getElementById(location.hash.slice(1));
    // Not `return window.scrollTo(…)`: scrolling returns a promise in newer browsers, and an effect may
    // return nothing but its clean-up.
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else if (action !== 'REPLACE' || previous?.pathname !== location.pathname) window.scrollTo(0, 0);
  }, [location, action]);
}
