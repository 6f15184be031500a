/**
 * A test hook: `TACKE_CRASH_AT=<point>` makes the process kill itself (SIGKILL, nothing cleaned up) the
 * first time it passes that point (`<point>#<n>`: the n-th time), so a test can prove what survives a crash
 * exactly there (issue 29). Unset in every real deployment: then a point costs one comparison.
 */
const [crashAt, nth = '1'] = (process.env.TACKE_CRASH_AT ?? '').split('#');
let passes = 0;

export function crashPoint(name: string) {
  if (name === crashAt && ++passes === Number(nth)) process.kill(process.pid, 'SIGKILL');
}
