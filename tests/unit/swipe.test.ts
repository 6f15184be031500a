import { describe, expect, it } from 'vitest';
import { releaseVelocity, swipeDecision } from '../../src/domain/swipe';
import { LIMITS } from '../../src/limits';

const { minDistancePx: distance, minVelocityPxPerMs: speed } = LIMITS.swipe;

describe('swipeDecision', () => {
  it('uses the spec thresholds: over 80 px, over 0.2 px/ms', () => {
    expect(LIMITS.swipe).toEqual({ minDistancePx: 80, minVelocityPxPerMs: 0.2 });
  });

  it('likes a fast, long swipe to the right and passes one to the left', () => {
    expect(swipeDecision({ dx: 150, dy: 10, vx: 0.8 })).toBe('like');
    expect(swipeDecision({ dx: -150, dy: -10, vx: 0.8 })).toBe('pass');
    // The speed may come signed or as a magnitude.
    expect(swipeDecision({ dx: -150, dy: 0, vx: -0.8 })).toBe('pass');
  });

  it('needs strictly more than the minimum distance', () => {
    expect(swipeDecision({ dx: distance, dy: 0, vx: 1 })).toBeNull();
    expect(swipeDecision({ dx: distance + 1, dy: 0, vx: 1 })).toBe('like');
    expect(swipeDecision({ dx: -distance, dy: 0, vx: 1 })).toBeNull();
    expect(swipeDecision({ dx: -(distance + 1), dy: 0, vx: 1 })).toBe('pass');
  });

  it('needs strictly more than the minimum speed (a slow drag springs back)', () => {
    expect(swipeDecision({ dx: 200, dy: 0, vx: speed })).toBeNull();
    expect(swipeDecision({ dx: 200, dy: 0, vx: speed + 0.01 })).toBe('like');
    expect(swipeDecision({ dx: 200, dy: 0, vx: 0 })).toBeNull();
  });

  it('needs a mostly horizontal movement (a vertical scroll is no swipe)', () => {
    expect(swipeDecision({ dx: 100, dy: 120, vx: 1 })).toBeNull();
    expect(swipeDecision({ dx: -100, dy: -100, vx: 1 })).toBeNull();
    expect(swipeDecision({ dx: 100, dy: 99, vx: 1 })).toBe('like');
  });

  it('ignores nonsense input', () => {
    expect(swipeDecision({ dx: Number.NaN, dy: 0, vx: 1 })).toBeNull();
    expect(swipeDecision({ dx: 200, dy: 0, vx: Number.NaN })).toBeNull();
  });
});

describe('releaseVelocity', () => {
  it('is the speed over the last 100 ms of a steady drag', () => {
    const samples = Array.from({ length: 20 }, (_, i) => ({ t: i * 16, x: i * 16 * 0.5 }));
    expect(releaseVelocity(samples)).toBeCloseTo(0.5);
    expect(releaseVelocity(samples.map(({ t, x }) => ({ t, x: -x })))).toBeCloseTo(-0.5);
  });

  it('measures a quick flick that arrived as few events from the start', () => {
    expect(
      releaseVelocity([
        { t: 0, x: 0 },
        { t: 16, x: 120 },
        { t: 24, x: 200 },
      ]),
    ).toBeCloseTo(200 / 24);
  });

  it('is about zero when the finger rested before letting go', () => {
    expect(
      releaseVelocity([
        { t: 0, x: 0 },
        { t: 300, x: 150 },
        { t: 700, x: 150 },
      ]),
    ).toBe(0);
  });

  it('is zero without movement in time', () => {
    expect(releaseVelocity([])).toBe(0);
    expect(releaseVelocity([{ t: 5, x: 10 }])).toBe(0);
  });
});
