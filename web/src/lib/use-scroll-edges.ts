import { useCallback, useEffect, useState } from 'react';

/** Whether a sideways-scrolling box has more to show before and after what is visible. */
export interface ScrollEdges {
  before: boolean;
  after: boolean;
}

/**
 * Follows a horizontally scrolling element (scrolls, resizes, content changes) so the page can hint that
 * there is more to it, e.g. by fading the edge that hides something.
 */
export function useScrollEdges<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ before: false, after: false });
  useEffect(() => {
    if (!element) return;
    const measure = () => {
      // A pixel of slack: zoomed layouts leave fractions.
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((previous) =>
        previous.before === before && previous.after === after ? previous : { before, after },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    for (const child of element.children) resized.observe(child);
    return () => {
      element.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, [element]);
  return [useCallback((node: T | null) => setElement(node), []), edges] as const;
}

const FADE = '2rem';

/** A mask that fades the edges with more beyond them; none when everything is in view. */
export function edgeFade({ before, after }: ScrollEdges): string | undefined {
  if (!before && !after) return undefined;
  const start = before ? `transparent, #000 ${FADE}` : '#000';
  const end = after ? `#000 calc(100% - ${FADE}), transparent` : '#000';
  return `linear-gradient(to right, ${start}, ${end})`;
}
