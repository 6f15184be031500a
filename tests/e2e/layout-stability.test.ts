// Issue 32: nothing on a page moves when what it waits for arrives after the first paint: the session's
// answer (auth.me) on /events, the notifications panel's and the settings' code on /profil. What is waited
// for is held back here until the page has painted without it; then every box measured before must be where
// it was, and the browser must have counted no layout shift.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInDays } from '#shared/domain/event-time';
import { apiUser, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';

const e2e = useE2e();
let member: Awaited<ReturnType<typeof apiUser>>;

beforeAll(async () => {
  member = await apiUser(e2e.server, { fullName: 'Lea Mirna', email: 'lea.stable@example.com' });
  // An event in the list, as on a site in use.
  await member.api.events.create.mutate({
    title: 'Sprehod ob Savi',
    eventDate: dateInDays(2),
    eventTime: '17:00',
    locationName: 'Brod',
    country: 'SI',
    location: 'Ljubljana',
    eventType: 'meetup',
  });
});
afterAll(() => member?.api.close());

/** Holds back every request whose address matches `url` until `release()` is called. */
async function hold(context: BrowserContext, url: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Records the page's layout shifts (what Lighthouse's CLS adds up) from its start, with what moved. */
const recordShifts = (context: BrowserContext) =>
  context.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const nodes = entry.sources.map((source) =>
          source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : String(source.node),
        );
        shifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

const shiftsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts);

type Box = { x: number; y: number; width: number; height: number } | null;

async function boxes(targets: Record<string, Locator>) {
  const result: Record<string, Box> = {};
  for (const [name, target] of Object.entries(targets))
    result[name] =
      (await target.count()) > 0 && (await target.isVisible()) ? await target.boundingBox() : null;
  return result;
}

/** Every box shown before is where it was. */
function expectUnmoved(before: Record<string, Box>, after: Record<string, Box>) {
  for (const [target, box] of Object.entries(before)) if (box) expect(after[target], target).toEqual(box);
}

describe.each(Object.entries(VIEWPORTS))('on a %s', (name, options) => {
  it.each(['member', 'visitor'])('the session arriving late moves nothing on /events (%s)', async (who) => {
    const context =
      who === 'member'
        ? await sessionContext(e2e.browser, e2e.server, options, member.token)
        : await e2e.browser.newContext(options);
    const release = await hold(context, /\/trpc\/[^?]*auth\.me/);
    await recordShifts(context);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/events`);
      const main = page.getByRole('main');
      const heading = main.getByRole('heading', { name: 'Dogodki', level: 1 });
      await heading.waitFor();
      // Painted without the session: measure what shows.
      await page.waitForTimeout(300);
      const search = main.getByRole('searchbox', { name: 'Iskanje dogodkov' });
      const targets = {
        heading,
        search,
        language: page.getByRole('banner').getByRole('button', { name: /jezik/ }),
      };
      const before = await boxes(targets);
      release();
      // The session is known: members see the tabs above the list.
      if (who === 'member') await main.getByRole('tablist').waitFor();
      await main.getByRole('heading', { name: 'Sprehod ob Savi' }).waitFor();
      await page.waitForTimeout(300);
      const after = await boxes(targets);
      expectUnmoved(before, after);
      expect(after.search, 'the search box shows').not.toBeNull();
      expect(await shiftsOf(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/layout-stability-events-${who}-${name}.png` });
    } finally {
      await context.close();
    }
  });

  it('the notifications panel and the settings arriving late move nothing on /profil', async () => {
    const context = await sessionContext(e2e.browser, e2e.server, options, member.token);
    const releaseCode = await hold(context, /\/assets\/(notifications-panel|account-settings)-[\w-]+\.js$/);
    // The panel's requests stay on their way too, so the panel arrives in its loading state.
    const releaseRequests = await hold(context, /\/trpc\/[^?]*requests\.list/);
    await recordShifts(context);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/profil`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Lea Mirna', level: 1 }).waitFor();
      const requests = main.getByRole('region', { name: 'Obvestila' });
      const settings = main.getByRole('region', { name: 'Nastavitve' });
      // The frames: the panel's tabs over a spinner; the settings' heading over a spinner.
      await requests.getByRole('status').waitFor();
      await settings.getByRole('status').waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/layout-stability-profile-frame-${name}.png`, fullPage: true });
      const targets = {
        requests,
        tabs: requests.locator('[role="tablist"]'),
        actions: main.getByRole('heading', { name: 'Hitra dejanja' }),
        settingsHeading: settings.getByRole('heading', { name: 'Nastavitve' }),
      };
      const before = await boxes(targets);
      releaseCode();
      await settings.getByRole('button', { name: 'Izvozi moje podatke' }).waitFor();
      await requests.getByRole('tab', { name: /Posodobitve/ }).waitFor();
      await page.waitForTimeout(300);
      expectUnmoved(before, await boxes(targets));
      expect(await shiftsOf(page)).toEqual([]);
      releaseRequests();
      await requests.getByText('Ni zahtev', { exact: true }).waitFor();
      await page.screenshot({ path: `/tmp/layout-stability-profile-${name}.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });
});
