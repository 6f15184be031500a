import { type RefCallback, useEffect, useState } from 'react';

/**
 * Whether the element is on screen or within `margin` of it, for work worth doing only there (a card's live
 * stream: a socket holds only so many).
 */
export function useNearViewport<T extends Element>(margin = '600px'): [RefCallback<T>, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!node) return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), {
      rootMargin: margin,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, margin]);
  return [setNode, near];
}
