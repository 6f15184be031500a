import { LIMITS } from '../limits';

export type SwipeDecision = 'like' | 'pass';

/** A drag as it was released: the movement (px) and the horizontal speed at release (px/ms, any sign). */
export interface SwipeRelease {
  dx: number;
  dy: number;
  vx: number;
}

/**
 * What a released drag on a matching card means (SPEC §5 Swipe gesture): farther than the minimum
 * distance, mostly horizontal and faster than the minimum speed → like (to the right) or pass (to the
 * left); anything else → null, and the card springs back.
 */
export function swipeDecision({ dx, dy, vx }: SwipeRelease): SwipeDecision | null {
  const { minDistancePx, minVelocityPxPerMs } = LIMITS.swipe;
  const distance = Math.abs(dx);
  if (!(distance > minDistancePx)) return null;
  if (!(distance > Math.abs(dy))) return null;
  if (!(Math.abs(vx) > minVelocityPxPerMs)) return null;
  return dx > 0 ? 'like' : 'pass';
}
