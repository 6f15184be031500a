// Lighthouse on the built app (issue 32): mobile performance ≥ 95 and LCP ≤ 2.0 s on the main pages, CLS ≤ 0.02
// everywhere. The built server on a new embedded database with the demo set, plus a signed-in owner made through
// the API (a dog with a photo, a chat with messages, events) so every page shows real content. Lighthouse's
// defaults for mobile: a Moto G Power screen, simulated slow 4G and a 4× slower CPU; the performance category
// only. The median run of each page (by score) is reported, and its full report kept in data/lighthouse/.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import sharp from 'sharp';
import WebSocket from 'ws';
import { createApiClient } from '#shared/client';
import { TERMS_VERSION } from '#shared/domain/terms';
import { TIME_ZONE_COOKIE } from '#shared/i18n';
import { dogPortraitSvg } from '../server/demo/portrait';
import { benchSessionPages } from './session-pages';
import { atLeast, info, median, onCleanup, QUICK, type Row, sleep, startServerProcess, within } from './lib';

const RUNS = QUICK ? 1 : 3;
const BUDGET = { score: 95, lcpMs: 2000, cls: 0.02 };
/** The pages of issue 32, signed in; /auth as a visitor, since it sends a signed-in user on to /profil. */
const PAGES: Array<{ path: string; signedIn: boolean }> = [
  { path: '/', signedIn: true },
  { path: '/auth', signedIn: false },
  { path: '/ujemanja', signedIn: true },
  { path: '/events', signedIn: true },
  { path: '/profil', signedIn: true },
  { path: '/moji-psi', signedIn: true },
  { path: '/chat', signedIn: true },
  { path: '/klepet', signedIn: true },
];
const REPORTS = path.join('data', 'lighthouse');
const PASSWORD = 'Lighthouse-bench-2025';
const SESSION_COOKIE = 'tacke_session';
/** The visitor's acceptance of the terms (web/src/lib/terms.ts): a returning visitor, no notice over /auth. */
const TERMS_STORAGE = {
  'tacke.termsAccepted': '2025-08-20T08:00:00.000Z',
  'tacke.termsVersion': TERMS_VERSION,
};

type Api = ReturnType<typeof createApiClient>;

/** The confirmation link in the newest outbox mail to `email` (the server writes mail to DATA_DIR/outbox). */
async function confirmationToken(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let waited = 0; waited < 30_000; waited += 100) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(outbox, file), 'latin1');
      if (!raw.includes(`To: ${email}`)) continue;
      // The body is quoted-printable: soft line breaks cut the token, and "=" is written "=3D".
      const token = /token=3D([a-z2-7]{32})/.exec(raw.replace(/=\r?\n/g, ''))?.[1];
      if (token) return token;
    }
    await sleep(100);
  }
  throw new Error(`no confirmation mail to ${email} within 30 s`);
}

/** Signs up, confirms the address from the outbox and returns a client signed in with the new session. */
async function owner(url: string, dataDir: string, fullName: string, email: string) {
  const visitor = createApiClient({ url });
  await visitor.auth.signUp.mutate({
    fullName,
    email,
    password: PASSWORD,
    locale: 'sl',
    termsVersion: TERMS_VERSION,
  });
  const confirmed = await visitor.auth.confirmEmail.mutate({
    token: await confirmationToken(dataDir, email),
    password: PASSWORD,
    returnToken: true,
  });
  visitor.close();
  const token = confirmed.token!;
  return { token, api: createApiClient({ url, token }) };
}

/** A dog with a generated portrait (as the demo set's), uploaded as a browser would. */
async function dogWithPhoto(url: string, token: string, api: Api, name: string, seed: number) {
  const photo = await sharp(Buffer.from(dogPortraitSvg(seed)))
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${url}/api/uploads?kind=dog`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  const { key } = (await response.json()) as { key: string };
  return api.dogs.create.mutate({
    name,
    breed: 'Mešanec',
    age: 3,
    gender: 'female',
    location: 'Ljubljana',
    traits: ['Prijazen', 'Igriv'],
    description: 'Rada teka po travniku in se igra z žogo.',
    photos: [key],
  });
}

/** Waits for the demo set, which the server seeds in the background on its first start (its welcome comes last). */
async function demoSeeded(url: string) {
  const api = createApiClient({ url });
  try {
    for (let waited = 0; waited < 120_000; waited += 250) {
      if ((await api.announcements.list.query()).length > 0) return;
      await sleep(250);
    }
    throw new Error('the demo set was not seeded within 120 s');
  } finally {
    api.close();
  }
}

/**
 * The measured owner, Ana: a dog with a photo; a chat with Bor, who liked her dog and whom she accepted, with
 * messages both ways; a demo event she joined and one she organises. Returns her session token.
 */
async function arrangeData(url: string, dataDir: string): Promise<string> {
  await demoSeeded(url);
  const ana = await owner(url, dataDir, 'Ana Kovač', 'ana.lighthouse@example.com');
  const bor = await owner(url, dataDir, 'Bor Novak', 'bor.lighthouse@example.com');
  try {
    const piki = await dogWithPhoto(url, ana.token, ana.api, 'Piki', 3);
    const rex = await dogWithPhoto(url, bor.token, bor.api, 'Rex', 11);
    await bor.api.likes.like.mutate({ fromDogId: rex.id, dogId: piki.id });
    const request = (await ana.api.requests.list.query()).find(
      (item) => item.direction === 'received' && item.type === 'request',
    );
    const { chatId } = await ana.api.requests.accept.mutate({ id: request!.id });
    const lines: Array<[Api, string]> = [
      [bor.api, 'Živjo! Rex bi se rad spoznal s Piki.'],
      [ana.api, 'Super, Piki je zelo družabna.'],
      [bor.api, 'Greva jutri popoldne na sprehod ob Ljubljanici?'],
      [ana.api, 'Dogovorjeno, ob petih pri Tromostovju.'],
    ];
    for (const [api, content] of lines) await api.chats.send.mutate({ chatId, content });
    const [demoEvent] = await ana.api.events.list.query({});
    if (demoEvent) await ana.api.events.join.mutate({ id: demoEvent.id });
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await ana.api.events.create.mutate({
      title: 'Sprehod ob Ljubljanici',
      description: 'Krog ob reki in kava na koncu.',
      eventDate: inThreeDays,
      eventTime: '17:00',
      locationName: 'Tromostovje',
      country: 'SI',
      location: 'Ljubljana',
      eventType: 'meetup',
    });
    return ana.token;
  } finally {
    ana.api.close();
    bor.api.close();
  }
}

/** A minimal DevTools protocol client on the browser's endpoint: cookies and local storage before the runs. */
async function devtools(port: number) {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let lastId = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id!);
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result);
  });
  const send = <T = unknown>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) }));
    });
  return { send, close: () => socket.close() };
}

/** Puts the visitor's terms acceptance into the origin's local storage (Lighthouse keeps local storage). */
async function storeTermsAcceptance(cdp: Awaited<ReturnType<typeof devtools>>, origin: string) {
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', {
    url: `${origin}/healthz`,
  });
  const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
    targetId,
    flatten: true,
  });
  const evaluate = (expression: string) =>
    cdp.send<{ result: { value: unknown } }>('Runtime.evaluate', { expression }, sessionId);
  // Until the page has its origin; before it has a context at all, Chromium refuses to evaluate.
  const openedAt = () =>
    evaluate('location.origin').then(
      ({ result }) => result.value,
      () => null,
    );
  for (let waited = 0; (await openedAt()) !== origin; waited += 50) {
    if (waited > 10_000) throw new Error(`${origin}/healthz did not open`);
    await sleep(50);
  }
  await evaluate(
    Object.entries(TERMS_STORAGE)
      .map(([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`)
      .join(''),
  );
  await cdp.send('Target.closeTarget', { targetId });
}

interface Run {
  score: number;
  lcp: number;
  cls: number;
  fcp: number;
  tbt: number;
  lcpElement: string;
  shifts: string;
  report: string;
}

type Audits = Record<string, { numericValue?: number; details?: unknown } | undefined>;

/** Every DOM node an audit's details name (Lighthouse nests tables in lists), as "label (selector)". */
function nodesOf(details: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    const node = value as { type?: string; nodeLabel?: string; selector?: string };
    if (node.type === 'node' && (node.selector || node.nodeLabel))
      found.push(`${(node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 40)} (${node.selector ?? '?'})`);
    else Object.values(value).forEach(walk);
  };
  walk(details);
  return [...new Set(found)];
}

/** The LCP breakdown (time to first byte, load delay, load time, render delay) from the LCP insight. */
function lcpBreakdown(audits: Audits): string {
  const list = audits['lcp-breakdown-insight']?.details as
    { items?: Array<{ type?: string; items?: Array<{ subpart?: string; duration?: number }> }> } | undefined;
  const table = list?.items?.find((item) => item.type === 'table');
  return (table?.items ?? []).map((row) => `${row.subpart} ${Math.round(row.duration ?? 0)} ms`).join(', ');
}

/** Tries a run this often: now and then Chromium's trace misses the navigation (NO_NAVSTART, NO_FCP). */
const ATTEMPTS = 3;

/** One Lighthouse run of `url`, tried again when the trace came out unusable. */
async function lighthouseRun(url: string, flags: Flags) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags);
    const error = result
      ? result.lhr.runtimeError
      : { code: 'NO_RESULT', message: 'Lighthouse gave no result' };
    if (result && !error) return result;
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${error?.code} ${error?.message}`);
    console.warn(`${url}: ${error?.code}, running again`);
  }
}

async function measure(port: number, url: string): Promise<Run> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  const result = await lighthouseRun(url, flags);
  const { lhr } = result;
  const audits = lhr.audits as Audits;
  const value = (id: string) => audits[id]?.numericValue ?? NaN;
  const lcpNodes = nodesOf(audits['lcp-breakdown-insight']?.details);
  const breakdown = lcpBreakdown(audits);
  return {
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    lcp: Math.round(value('largest-contentful-paint')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    fcp: Math.round(value('first-contentful-paint')),
    tbt: Math.round(value('total-blocking-time')),
    lcpElement: `${lcpNodes[0] ?? 'not found'}${breakdown ? `; observed ${breakdown}` : ''}`,
    shifts: nodesOf(audits['layout-shifts']?.details).slice(0, 3).join('; ') || 'none',
    report: result.report as string,
  };
}

export async function benchLighthouse(): Promise<Row[]> {
  if (!fs.existsSync('dist/server.mjs') || !fs.existsSync('web/dist/index.html'))
    throw new Error('run `npm run build` first');
  const dataDir = 'data/bench-lighthouse';
  fs.rmSync(dataDir, { recursive: true, force: true });
  // The embedded database (DATABASE_URL empty) seeds the demo set, as `npm start` does.
  const server = await startServerProcess('lighthouse', { DATABASE_URL: '', SEED_DEMO: 'true' });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const stopChrome = onCleanup(() => chrome.kill());
  const cdp = await devtools(chrome.port);
  try {
    const token = await arrangeData(server.url, dataDir);
    await storeTermsAcceptance(cdp, server.url);
    fs.mkdirSync(REPORTS, { recursive: true });
    // Before Lighthouse's runs: the first page rendered with the session loads the renderer.
    const rows: Row[] = await benchSessionPages(server, token);
    for (const page of PAGES) {
      // Lighthouse clears the cache, service workers and cache storage before each run, not cookies.
      // A member's browser, as after the app's first start: the session and its time zone (the machine's, as
      // Chromium's), with which the server renders the member's own pages (server/session-pages.ts).
      if (page.signedIn)
        await cdp.send('Storage.setCookies', {
          cookies: [
            { name: SESSION_COOKIE, value: token, url: server.url, httpOnly: true, sameSite: 'Lax' },
            {
              name: TIME_ZONE_COOKIE,
              value: Intl.DateTimeFormat().resolvedOptions().timeZone,
              url: server.url,
            },
          ],
        });
      else await cdp.send('Storage.clearCookies');
      const who = page.signedIn ? 'signed in' : 'visitor';
      const label = `Lighthouse ${page.path} (${who})`;
      const runs: Run[] = [];
      try {
        for (let i = 0; i < RUNS; i++) runs.push(await measure(chrome.port, `${server.url}${page.path}`));
      } catch (error) {
        // One page's failure is its row; the other pages are still measured.
        console.error(error);
        rows.push({ metric: label, value: null, unit: '', ok: false, note: `failed: ${String(error)}` });
        continue;
      }
      // The run with the median score stands for the page; each metric is the median of its own.
      const byScore = [...runs].sort((a, b) => a.score - b.score);
      const middle = byScore[Math.floor((byScore.length - 1) / 2)]!;
      const name = page.path === '/' ? 'home' : page.path.slice(1);
      fs.writeFileSync(path.join(REPORTS, `${name}.json`), middle.report);
      const of = (key: 'score' | 'lcp' | 'cls' | 'fcp' | 'tbt') => median(runs.map((run) => run[key]));
      console.log(
        `${page.path} (${who}): score ${of('score')}, LCP ${of('lcp')} ms, CLS ${of('cls')}, FCP ${of('fcp')} ms, ` +
          `TBT ${of('tbt')} ms over ${RUNS} run(s); LCP element ${middle.lcpElement}; shifts ${middle.shifts}`,
      );
      rows.push(
        atLeast(`${label}: performance`, of('score'), '', BUDGET.score),
        within(`${label}: LCP`, of('lcp'), 'ms', BUDGET.lcpMs, middle.lcpElement),
        within(
          `${label}: CLS`,
          of('cls'),
          '',
          BUDGET.cls,
          middle.shifts === 'none' ? undefined : middle.shifts,
        ),
        info(`${label}: FCP`, of('fcp'), 'ms'),
        info(`${label}: TBT`, of('tbt'), 'ms'),
      );
    }
    return rows;
  } finally {
    cdp.close();
    await stopChrome();
    await server.stop();
  }
}
