import { performance } from 'node:perf_hooks';
import { TIME_ZONE_COOKIE } from '#shared/i18n';
import { info, median, percentile, type Row, settledRss, type ServerProcess, within } from './lib';

const REQUESTS = 200;
/** What a member's page may take on the server, rendered with their data (server/session-pages.ts). */
const BUDGET_P99_MS = 50;

/**
 * A member's /profil rendered on the server with their session and data, against the build's page for the
 * same member (no time zone cookie: the page the server falls back to): time per page one at a time, and the
 * memory the renderer (the web app's code, loaded with the first such page) adds to the server.
 */
export async function benchSessionPages(server: ServerProcess, token: string): Promise<Row[]> {
  const pid = server.child.pid!;
  const session = `tacke_session=${token}`;
  const rendered = `${session}; ${TIME_ZONE_COOKIE}=${Intl.DateTimeFormat().resolvedOptions().timeZone}`;
  const page = async (cookie: string) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/profil`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br', cookie },
    });
    const html = await res.text();
    const took = performance.now() - started;
    return { took, withSession: html.includes('id="session-data"') };
  };
  const before = await settledRss(pid);
  const first = await page(rendered);
  if (!first.withSession) throw new Error('/profil was not rendered with the session');
  const after = await settledRss(pid);
  const series = async (cookie: string) => {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push((await page(cookie)).took);
    return times;
  };
  const withSession = await series(rendered);
  const built = await series(session);
  const note = (times: number[]) => `median ${median(times).toFixed(1)} ms over ${REQUESTS}, one at a time`;
  return [
    info('/profil rendered with the session: first (loads the renderer)', Math.round(first.took), 'ms'),
    within(
      '/profil rendered with the session: p99',
      percentile(withSession, 99),
      'ms',
      BUDGET_P99_MS,
      note(withSession),
    ),
    info("/profil, the build's page (fallback): p99", percentile(built, 99), 'ms', note(built)),
    info(
      'RSS added by the server renderer (first such page)',
      Math.round((after - before) / 1_048_576),
      'MB',
    ),
  ];
}
