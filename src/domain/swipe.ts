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

/** Where a drag was (horizontal movement in px) at a moment (ms). */
export interface DragSample {
  t: number;
  x: number;
}

/**
 * The horizontal speed (px/ms) at release, measured over the last `windowMs` of the drag: steady against
 * coalesced move events (a quick flick may arrive as only one or two), and near zero when the finger rested
 * before letting go. `samples` are in time order, the last one at release.
 */
export function releaseVelocity(samples: readonly DragSample[], windowMs = 100): number {
  const last = samples.at(-1);
  if (!last) return 0;
  let from = last;
  for (let i = samples.length - 2; i >= 0; i--) {
    from = samples[i]!;
    if (last.t - from.t >= windowMs) break;
  }
  const dt = last.t - from.t;
  return dt > 0 ? (last.x - from.x) / dt : 0;
}
