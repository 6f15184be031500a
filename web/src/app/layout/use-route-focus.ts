import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusPageHeading } from '../../lib/focus-heading';

/** How long a lazily loaded page may take to show its heading before we stop waiting for it. */
const WAIT_MS = 3000;

/**
 * After a move to another page (not the first load, not a change of the query alone), focus goes to the
 * new page's main heading, so keyboard and screen-reader users start at its top instead of on the link
 * they followed. Pages that load their code or data show the heading a little later, and a dialog that
 * was open (the bell's) keeps the page inert until it has closed: both are waited for.
 */
export function useRouteFocus(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    // Something on the new page took the focus already (e.g. a field it focuses): leave it there.
    const focusHeading = () =>
      (document.activeElement !== null && root.contains(document.activeElement)) || focusPageHeading(root);
    // Checked each frame until the heading is there and can take the focus (or we stop waiting).
    const until = performance.now() + WAIT_MS;
    let frame = 0;
    const attempt = () => {
      if (!focusHeading() && performance.now() < until) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}

/**
 * When the element with the focus disappears (a picked dog's card, the last card of the deck, the list a
 * phone swaps for the chat), the browser drops the focus to the page's start, silently (no focusout).
 * It goes to the page's heading instead, so the next Tab continues from there.
 */
export function useFocusRescue(main: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = main.current;
    if (!root) return;
    let last: Element | null = null;
    const remember = (event: FocusEvent) => {
      last = event.target as Element;
    };
    const removed = new MutationObserver(() => {
      if (!last || last.isConnected) return;
      last = null;
      const active = document.activeElement;
      if (!active || active === document.body) focusPageHeading(root);
    });
    root.addEventListener('focusin', remember);
    removed.observe(root, { childList: true, subtree: true });
    return () => {
      root.removeEventListener('focusin', remember);
      removed.disconnect();
    };
  }, [main]);
}
