import { type Handler, useDrag } from '@use-gesture/react';
import type { RefObject } from 'react';

/**
 * The top card's drag (use-gesture), bound to the card's element. Its own chunk, fetched once the deck has
 * rendered: the gesture library is not part of the page's first download, and the like and pass buttons
 * work meanwhile.
 */
export default function CardDrag({
  target,
  onDrag,
}: {
  target: RefObject<HTMLElement | null>;
  onDrag: Handler<'drag'>;
}) {
  useDrag(onDrag, { target, filterTaps: true });
  return null;
}
