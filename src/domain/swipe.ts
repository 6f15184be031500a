import { LIMITS } from '../limits';

export type SwipeDecision = 'like' | 'pass';

/** A drag as it was released: the movement (px) and the horizontal speed at release (px/ms, signed). */
export interface SwipeRelease {
  dx: number;
  dy: number;
  vx: number;
}

/**
 * What a released drag on a matching card means (issue 30, as in the apps people know): mostly sideways and
 * released past `distancePx` → like (to the right) or pass (to the left), however slowly it was dragged,
 * unless it was being thrown back towards the middle faster than a flick; a shorter drag decides only when
 * flicked (past `flickDistancePx`, faster than `flickVelocityPxPerMs` in its direction). Anything else →
 * null, and the card springs back.
 */
export function swipeDecision({ dx, dy, vx }: SwipeRelease): SwipeDecision | null {
  const { distancePx, flickDistancePx, flickVelocityPxPerMs } = LIMITS.swipe;
  const distance = Math.abs(dx);
  if (!(distance > Math.abs(dy))) return null;
  // The speed along the drag's direction: negative while the card is on its way back.
  const speed = Math.sign(dx) * vx;
  if (Number.isNaN(speed)) return null;
  const decided =
    distance > distancePx
      ? speed >= -flickVelocityPxPerMs
      : distance > flickDistancePx && speed > flickVelocityPxPerMs;
  if (!decided) return null;
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
