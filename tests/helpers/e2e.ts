import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { recordPages, reportPages } from './page-report';
import WebSocket from 'ws';
import { buildApp } from '../../server/app';
import { dogProfiles, profiles, users } from '../../server/db/schema';
import { loadConfig } from '../../server/env';
import { placeIdOf } from '../../server/services/matching/dogs';
import { createApiClient } from '#shared/client';
import { bornMonthsAgo, makeUser } from './factories';
import { mailsSent } from './mails';
import { freePort } from './postgres';

/**
 * The real server (built web app, in-memory PGlite, mail to the outbox folder) on a free loopback port;
 * `env` adds settings (WEB_DIST: another copy of the built app).
 */
export async function startServer(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tacke-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATABASE_URL: 'memory://',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    // The made-up push service of app-install.test.ts's browsers (headless Chromium has none).
    PUSH_SERVICES: 'push.example.test',
    // Map tiles never come from outside: the server's own 404s, unless a test serves tiles of its own.
    MAP_TILE_URL: `${url}/test-tiles/{z}/{x}/{y}.png`,
    ...env,
  });
  if (!fs.existsSync(path.join(config.webDist, 'index.html')))
    throw new Error('web/dist is missing: run `npm run build` first');
  const app = await buildApp({ config });
  await app.listen({ port, host: '127.0.0.1' });
  await app.startBackground();
  return {
    url,
    dataDir,
    app,
    /** The link in the newest outbox e-mail to `to` (quoted-printable decoded), once the mail is written. */
    async outboxLink(to: string): Promise<string> {
      await app.deps.background.settled();
      await mailsSent(app);
      const dir = path.join(dataDir, 'outbox');
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
      for (const file of files) {
        const raw = fs.readFileSync(path.join(dir, file), 'latin1');
        if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'm').test(raw)) continue;
        const body = Buffer.from(
          raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8');
        const link = body.match(/https?:\/\/\S+token=[a-z2-7]+/)?.[0];
        if (link) return link;
      }
      throw new Error(`no e-mail to ${to} in the outbox`);
    },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startServer>>;

/**
 * The terms dialog opens 2 s into a first visit and would cover the page, so by default every context
 * of the browser starts with the terms accepted (the app's localStorage flag,
 * web/src/lib/terms.ts). `termsAccepted: false` gives first-visit contexts.
 */
const TERMS_ACCEPTED = { key: 'tacke.termsAccepted', value: '2025-08-20T08:00:00.000Z' };

/** Debian's Chromium (or CHROMIUM_PATH), headless, with nothing reaching out to the network. */
export async function launchBrowser({ termsAccepted = true } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    // A Slovenian browser unless a test says otherwise: a first visit speaks the browser's language.
    const context = await newContext({ locale: 'sl-SI', ...options });
    recordPages(context);
    if (termsAccepted)
      await context.addInitScript(({ key, value }) => {
        try {
          localStorage.setItem(key, value);
        } catch {
          // about:blank and other opaque origins have no storage
        }
      }, TERMS_ACCEPTED);
    return context;
  };
  return browser;
}

/**
 * The built server and Chromium for one test file: started before its tests, stopped after them. Read
 * `e2e.server` and `e2e.browser` inside tests and hooks (they are set once the file's setup has run).
 */
export function useE2e(options: { termsAccepted?: boolean } = {}) {
  const e2e = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    [e2e.server, e2e.browser] = await Promise.all([startServer(), launchBrowser(options)]);
  });
  afterEach(({ task }) => reportPages(task.result?.state === 'fail'));
  afterAll(async () => {
    await e2e.browser?.close();
    await e2e.server?.close();
  });
  return e2e;
}

export const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 } },
} satisfies Record<string, BrowserContextOptions>;

/**
 * A browser context signed in as a new confirmed user (tests/helpers/factories.ts), for tests that start
 * after the account journey.
 */
export async function signedInContext(
  browser: Browser,
  server: TestServer,
  options: BrowserContextOptions,
  user: { fullName: string; email: string; password?: string },
): Promise<BrowserContext> {
  const { token } = await makeUser(server.app.deps.db, user);
  const context = await browser.newContext(options);
  await context.addCookies([{ name: 'tacke_session', value: token, url: server.url }]);
  return context;
}

/**
 * A demo account (DECISIONS 12: no password, so nobody can sign in as it) with its profile and one dog,
 * written straight into the database. Returns the dog's id.
 */
export async function insertDemoDog(
  server: TestServer,
  dog: { owner: string; name: string; breed?: string; months?: number; location?: string },
): Promise<string> {
  const { db } = server.app.deps;
  const email = `demo.${randomUUID()}@example.com`;
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash: null, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  await db.insert(profiles).values({ userId: user!.id, fullName: dog.owner, location: 'Ljubljana' });
  const location = dog.location ?? 'Ljubljana';
  const [created] = await db
    .insert(dogProfiles)
    .values({
      userId: user!.id,
      name: dog.name,
      breed: dog.breed ?? 'Mešanec',
      bornOn: bornMonthsAgo(dog.months ?? 36),
      gender: 'male',
      location,
      placeId: placeIdOf({ originCountry: 'SI', location }),
    })
    .returning({ id: dogProfiles.id });
  return created!.id;
}

/**
 * A confirmed account (tests/helpers/factories.ts): its session token, and a client signed in with it for
 * arranging data (dogs, likes). Close the client when done.
 */
export async function apiUser(
  server: TestServer,
  user: { fullName: string; email: string; password?: string },
) {
  const { token } = await makeUser(server.app.deps.db, user);
  return { token, api: createApiClient({ url: server.url, token, WebSocket: WebSocket as never }) };
}

/** An `apiUser` with one dog (mixed breed, in Ljubljana), and the user's id. */
export async function apiOwner(server: TestServer, fullName: string, email: string, dogName: string) {
  const user = await apiUser(server, { fullName, email });
  const dog = await user.api.dogs.create.mutate({
    name: dogName,
    breed: 'Mešanec',
    age: 3,
    gender: 'male',
    location: 'Ljubljana',
  });
  const [row] = await server.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { ...user, dog, id: row!.id };
}

/** The phone sizes every layout must fit (320–430 px wide), as [width, height]. */
export const PHONE_SIZES = [
  [320, 568],
  [360, 740],
  [375, 667],
  [390, 844],
  [412, 915],
  [430, 932],
] as const;

/** A browser context signed in with a session token (from `apiUser`). */
export async function sessionContext(
  browser: Browser,
  server: TestServer,
  options: BrowserContextOptions,
  token: string,
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: 'tacke_session', value: token, url: server.url }]);
  return context;
}

/** A new page of `context` at `url` on `server`, recording uncaught errors into `errors`. */
export async function openPage(context: BrowserContext, server: TestServer, url: string, errors: string[]) {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}${url}`);
  return page;
}

export const mainRegion = (page: Page) => page.getByRole('main');

/** Waits until the text is on the page (Playwright's auto-waiting, bounded). */
export const see = (scope: Page | Locator, text: string | RegExp) =>
  scope.getByText(text).first().waitFor({ timeout: 10_000 });

/**
 * How many pixels the page is wider than the screen (0 when it fits). Against the layout viewport: a phone
 * zooms out to show a wider page, and `innerWidth` grows with it, so comparing with it sees nothing.
 */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The event card in the page's main region whose title is `title`. */
export const eventCard = (page: Page, title: string) =>
  mainRegion(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
