import { describe, expect, it } from 'vitest';
import { createConnectivity, PROBE_DELAYS_MS, type Reach } from '../../web/src/lib/connectivity';

/** A connectivity with a hand-run clock, a scripted probe and a settable navigator.onLine. */
function setUp({ browserOnline = true } = {}) {
  const timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  let now = 0;
  const probes: ((answered: Reach) => void)[] = [];
  const browser = { online: browserOnline };
  const connectivity = createConnectivity({
    probe: () => new Promise<Reach>((resolve) => probes.push(resolve)),
    browserOnline: () => browser.online,
    after: (ms, run) => {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    },
  });
  const changes: boolean[] = [];
  connectivity.subscribe(() => changes.push(connectivity.isOnline()));
  /** Moves the clock on, running what falls due; returns how many probes were started meanwhile. */
  const advance = (ms: number) => {
    const before = probes.length;
    now += ms;
    for (const timer of timers.filter((t) => !t.cancelled && t.at <= now)) {
      timer.cancelled = true;
      timer.run();
    }
    return probes.length - before;
  };
  /** Answers the oldest unanswered probe. */
  const answer = async (answered: boolean | Reach) => {
    probes.shift()!(answered === true ? 'online' : answered === false ? 'offline' : answered);
    await new Promise((resolve) => setTimeout(resolve));
  };
  const waiting = () => timers.filter((t) => !t.cancelled).map((t) => t.at - now);
  return { connectivity, browser, changes, advance, answer, waiting, probes };
}

describe('connectivity', () => {
  it('starts from navigator.onLine', () => {
    expect(setUp().connectivity.isOnline()).toBe(true);
    expect(setUp({ browserOnline: false }).connectivity.isOnline()).toBe(false);
  });

  it('goes offline on a failed request although navigator.onLine says online (lie-fi)', () => {
    const { connectivity, changes } = setUp();
    connectivity.unreachable();
    expect(connectivity.isOnline()).toBe(false);
    expect(changes).toEqual([false]);
    // Told once, however many requests fail.
    connectivity.unreachable();
    expect(changes).toEqual([false]);
  });

  it('offline, probes the server at 1, 2, 4, then every 8 seconds until it answers', async () => {
    const { connectivity, advance, answer, waiting } = setUp();
    connectivity.unreachable();
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [delay] = waiting();
      seen.push(delay!);
      expect(advance(delay! - 1)).toBe(0);
      expect(advance(1)).toBe(1);
      await answer(false);
      expect(connectivity.isOnline()).toBe(false);
    }
    expect(seen).toEqual([...PROBE_DELAYS_MS, 8_000, 8_000]);

    expect(advance(8_000)).toBe(1);
    await answer(true);
    expect(connectivity.isOnline()).toBe(true);
    // Online, nothing more is asked.
    expect(waiting()).toEqual([]);
    expect(advance(60_000)).toBe(0);
  });

  it('comes back with the next answer from the server, and starts the waits over when lost again', () => {
    const { connectivity, changes, advance, waiting } = setUp();
    connectivity.unreachable();
    advance(999);
    connectivity.reachable();
    expect(connectivity.isOnline()).toBe(true);
    expect(waiting()).toEqual([]);
    connectivity.unreachable();
    expect(waiting()).toEqual([PROBE_DELAYS_MS[0]]);
    expect(changes).toEqual([false, true, false]);
  });

  it("a probe's late answer does not undo a request's newer outcome", async () => {
    const { connectivity, advance, answer, waiting } = setUp();
    connectivity.unreachable();
    expect(advance(1_000)).toBe(1);
    // The API answers while the probe is still out; then the probe fails (it was sent into the outage).
    connectivity.reachable();
    await answer(false);
    expect(connectivity.isOnline()).toBe(true);
    expect(waiting()).toEqual([]);

    // And the other way round: a request fails while a probe that will succeed is out.
    connectivity.unreachable();
    expect(advance(1_000)).toBe(1);
    connectivity.unreachable();
    await answer(true);
    expect(connectivity.isOnline()).toBe(false);
    // Still offline, so the next probe is on its way.
    expect(waiting()).toHaveLength(1);
  });

  it('believes navigator.onLine === false at once and does not probe until the browser is online', async () => {
    const { connectivity, browser, advance, answer, probes } = setUp();
    browser.online = false;
    connectivity.browserChanged();
    expect(connectivity.isOnline()).toBe(false);
    expect(advance(60_000)).toBe(0);

    // The `online` event: asked at once, not at the next step.
    browser.online = true;
    connectivity.browserChanged();
    expect(probes).toHaveLength(1);
    await answer(true);
    expect(connectivity.isOnline()).toBe(true);
  });

  it('a socket error while online asks the server, and only its answer decides', async () => {
    const { connectivity, answer, probes } = setUp();
    connectivity.suspect();
    expect(probes).toHaveLength(1);
    // One probe at a time.
    connectivity.suspect();
    expect(probes).toHaveLength(1);
    await answer(true);
    expect(connectivity.isOnline()).toBe(true);

    connectivity.suspect();
    await answer(false);
    expect(connectivity.isOnline()).toBe(false);
  });

  it('the page shown again re-checks at once instead of waiting out the step', async () => {
    const { connectivity, advance, answer, probes, waiting } = setUp();
    connectivity.unreachable();
    for (let i = 0; i < 4; i++) {
      advance(waiting()[0]!);
      await answer(false);
    }
    expect(waiting()).toEqual([8_000]);
    connectivity.browserChanged();
    expect(probes).toHaveLength(1);
    expect(waiting()).toEqual([]);
    await answer(false);
    // The waits start over from the first.
    expect(waiting()).toEqual([PROBE_DELAYS_MS[0]]);
  });

  it('a server whose database is away is "unavailable", not offline, and probed back to online', async () => {
    const { connectivity, advance, answer, changes } = setUp();
    connectivity.unavailable();
    expect(connectivity.reach()).toBe('unavailable');
    expect(connectivity.isOnline()).toBe(false);
    expect(advance(1_000)).toBe(1);
    await answer('unavailable');
    expect(connectivity.reach()).toBe('unavailable');
    expect(advance(2_000)).toBe(1);
    await answer('online');
    expect(connectivity.reach()).toBe('online');
    expect(changes).toEqual([false, true]);
  });
});
