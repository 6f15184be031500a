import { describe, expect, it } from 'vitest';
import { releaseVelocity, swipeDecision } from '#shared/domain/swipe';
import { LIMITS } from '#shared/limits';

const { distancePx: distance, flickDistancePx: flick, flickVelocityPxPerMs: fast } = LIMITS.swipe;

describe('swipeDecision', () => {
  it('uses the thresholds: 80 px to decide at any speed, 30 px for a flick faster than 0.5 px/ms', () => {
    expect(LIMITS.swipe).toEqual({ distancePx: 80, flickDistancePx: 30, flickVelocityPxPerMs: 0.5 });
  });

  it('likes a drag released past the threshold to the right and passes one to the left, however slow', () => {
    expect(swipeDecision({ dx: 150, dy: 10, vx: 0.8 })).toBe('like');
    expect(swipeDecision({ dx: -150, dy: -10, vx: -0.8 })).toBe('pass');
    // The finger rested before letting go: the stamp showed fully, so it counts.
    expect(swipeDecision({ dx: 120, dy: 0, vx: 0 })).toBe('like');
    expect(swipeDecision({ dx: -120, dy: 0, vx: 0 })).toBe('pass');
    expect(swipeDecision({ dx: distance + 1, dy: 0, vx: 0.05 })).toBe('like');
  });

  it('needs strictly more than the threshold for a slow drag (a short slow drag springs back)', () => {
    expect(swipeDecision({ dx: distance, dy: 0, vx: 0.1 })).toBeNull();
    expect(swipeDecision({ dx: -distance, dy: 0, vx: -0.1 })).toBeNull();
    expect(swipeDecision({ dx: 60, dy: 0, vx: 0 })).toBeNull();
    expect(swipeDecision({ dx: -(distance + 1), dy: 0, vx: 0 })).toBe('pass');
  });

  it('decides a flick sooner: past the flick distance and faster than the flick speed, its way', () => {
    expect(swipeDecision({ dx: flick + 1, dy: 0, vx: fast + 0.01 })).toBe('like');
    expect(swipeDecision({ dx: -(flick + 1), dy: 0, vx: -(fast + 0.01) })).toBe('pass');
    // Not fast enough, too short, or the speed the other way: it springs back.
    expect(swipeDecision({ dx: 50, dy: 0, vx: fast })).toBeNull();
    expect(swipeDecision({ dx: flick, dy: 0, vx: 2 })).toBeNull();
    expect(swipeDecision({ dx: 50, dy: 0, vx: -2 })).toBeNull();
  });

  it('keeps a card thrown back towards the middle faster than a flick, even past the threshold', () => {
    expect(swipeDecision({ dx: 150, dy: 0, vx: -(fast + 0.01) })).toBeNull();
    expect(swipeDecision({ dx: -150, dy: 0, vx: fast + 0.01 })).toBeNull();
    // Drifting back slowly does not undo it.
    expect(swipeDecision({ dx: 150, dy: 0, vx: -fast })).toBe('like');
  });

  it('needs a mostly horizontal movement (a vertical scroll is no swipe)', () => {
    expect(swipeDecision({ dx: 100, dy: 120, vx: 1 })).toBeNull();
    expect(swipeDecision({ dx: -100, dy: -100, vx: -1 })).toBeNull();
    expect(swipeDecision({ dx: 100, dy: 99, vx: 0 })).toBe('like');
    expect(swipeDecision({ dx: 40, dy: 41, vx: 2 })).toBeNull();
  });

  it('ignores nonsense input', () => {
    expect(swipeDecision({ dx: Number.NaN, dy: 0, vx: 1 })).toBeNull();
    expect(swipeDecision({ dx: 200, dy: 0, vx: Number.NaN })).toBeNull();
    expect(swipeDecision({ dx: 200, dy: Number.NaN, vx: 0 })).toBeNull();
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
