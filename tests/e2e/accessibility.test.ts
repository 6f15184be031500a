import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInDays } from '../../src/domain/event-time';
import { apiUser, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';
import { makeUser } from '../helpers/factories';

const e2e = useE2e();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's serious and critical findings on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  // Colours are judged once what is fading in or out (a toast, a dialog) has settled: mid-fade they blend.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document)).violations;
  });
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const SIGNED_OUT = [
  '/',
  '/ujemanja',
  '/events',
  '/trgovina',
  '/auth',
  '/email-confirmed',
  '/reset-password',
  '/admin',
  '/razvijalci',
  '/ni-take-strani',
];
const SIGNED_IN = [
  '/',
  '/ujemanja',
  '/events',
  '/trgovina',
  '/profil',
  '/moji-psi',
  '/chat',
  '/klepet',
  '/admin',
  '/razvijalci',
];

// axe is injected as a script: the app's CSP would refuse it.
const WITH_AXE = Object.entries(VIEWPORTS).map(
  ([name, options]) => [name, { ...options, bypassCSP: true }] as const,
);

describe.each(WITH_AXE)('accessibility on a %s', (name, options) => {
  let ana: Awaited<ReturnType<typeof apiUser>>;
  let bor: Awaited<ReturnType<typeof apiUser>>;
  beforeAll(async () => {
    ana = await apiUser(e2e.server, { fullName: 'Ana Kos', email: `ana.a11y.${name}@example.com` });
    bor = await apiUser(e2e.server, { fullName: 'Bor Novak', email: `bor.a11y.${name}@example.com` });
    const dog = { breed: 'Mešanec', age: 3, location: 'Ljubljana' };
    const piki = await ana.api.dogs.create.mutate({ name: 'Piki', ...dog });
    const rex = await bor.api.dogs.create.mutate({ name: 'Rex', ...dog });
    await bor.api.likes.like.mutate({ fromDogId: rex.id, dogId: piki.id });
    await ana.api.likes.like.mutate({ fromDogId: piki.id, dogId: rex.id });
    await bor.api.events.create.mutate({
      title: 'Sprehod ob Ljubljanici',
      eventDate: dateInDays(3),
      eventTime: '17:00',
      locationName: 'Tromostovje',
      country: 'SI',
      location: 'Ljubljana',
      eventType: 'meetup',
    });
  });
  afterAll(async () => {
    await Promise.all([ana?.api.close(), bor?.api.close()]);
  });

  /** Walks `steps` signed in with `token`; `record(what)` notes the page's serious findings, and there are none. */
  async function walkWithAxe(
    token: string,
    steps: (page: Page, record: (what: string) => Promise<void>) => Promise<void>,
  ) {
    const context = await sessionContext(e2e.browser, e2e.server, options, token);
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    try {
      await steps(page, async (what) => {
        const violations = await seriousViolations(page);
        if (violations.length) found[what] = violations;
      });
      expect(found).toEqual({});
    } finally {
      await context.close();
    }
  }

  async function check(context: BrowserContext, routes: string[]) {
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    try {
      for (const route of routes) {
        await page.goto(`${e2e.server.url}${route}`);
        await page.waitForLoadState('networkidle');
        const violations = await seriousViolations(page);
        if (violations.length) found[route] = violations;
      }
    } finally {
      await page.close();
    }
    return found;
  }

  it('has no serious or critical axe findings on any route, signed out', async () => {
    const context = await e2e.browser.newContext(options);
    try {
      expect(await check(context, SIGNED_OUT)).toEqual({});
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical axe findings on any route, signed in with a dog, a chat and an event', async () => {
    const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    try {
      expect(await check(context, SIGNED_IN)).toEqual({});
    } finally {
      await context.close();
    }
  });

  it('has none in the moderation console with a report in it, nor in the report and block dialogs', async () => {
    const moderator = await makeUser(e2e.server.app.deps.db, {
      fullName: 'Ada Moderatorka',
      email: `ada.a11y.${name}@example.com`,
      role: 'admin',
    });
    const [event] = await ana.api.events.list.query({});
    await ana.api.safety.report.mutate({
      targetType: 'event',
      targetId: event!.id,
      reason: 'spam',
      goodFaith: true,
    });
    const context = await sessionContext(e2e.browser, e2e.server, options, moderator.token);
    const found = await check(context, ['/admin']);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/events`);
      await page.getByRole('main').getByRole('button', { name: 'Sprehod ob Ljubljanici' }).first().click();
      await page.getByRole('button', { name: 'Prijavi dogodek' }).click();
      await page.getByRole('dialog', { name: 'Prijavi dogodek' }).waitFor();
      const report = await seriousViolations(page);
      if (report.length) found['report dialog'] = report;
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Blokiraj uporabnika' }).click();
      await page.getByRole('dialog', { name: /^Blokiram uporabnika/ }).waitFor();
      const block = await seriousViolations(page);
      if (block.length) found['block dialog'] = block;
      expect(found).toEqual({});
    } finally {
      await context.close();
    }
  });

  it('has none in the access token dialogs: the form with errors, the new token, revoking', async () => {
    await walkWithAxe(ana.token, async (page, record) => {
      await page.goto(`${e2e.server.url}/profil`);
      const settings = page.getByRole('region', { name: 'Nastavitve' });
      await settings.getByRole('button', { name: 'Nov žeton' }).click();
      const form = page.getByRole('dialog', { name: 'Nov dostopni žeton' });
      await form.getByRole('button', { name: 'Ustvari žeton' }).click();
      await form.getByText('Vnesite ime žetona.').waitFor();
      await record('new token form with errors');
      await form.getByLabel('Ime', { exact: true }).fill('Preverjanje');
      await form.getByRole('button', { name: 'Ustvari žeton' }).click();
      await page.getByRole('dialog', { name: 'Vaš novi žeton' }).waitFor();
      await record('the new token');
      await page.getByRole('button', { name: 'Končano' }).click();
      await settings.getByRole('button', { name: 'Razveljavi žeton Preverjanje' }).click();
      await page.getByRole('dialog', { name: 'Razveljavim žeton »Preverjanje«?' }).waitFor();
      await record('revoke');
    });
  });

  it('has none with the dialogs open: dog details, event details, the event form, the terms, the deck’s', async () => {
    await walkWithAxe(ana.token, async (page, record) => {
      await page.goto(`${e2e.server.url}/moji-psi`);
      await page.getByRole('main').getByRole('button', { name: /Piki/ }).first().click();
      await page.getByRole('dialog', { name: 'Piki' }).waitFor();
      await record('dog details');
      await page.keyboard.press('Escape');

      await page.goto(`${e2e.server.url}/events`);
      await page.getByRole('main').getByRole('button', { name: 'Sprehod ob Ljubljanici' }).first().click();
      await page.getByRole('dialog', { name: 'Sprehod ob Ljubljanici' }).waitFor();
      await record('event details');
      await page.keyboard.press('Escape');

      await page.getByRole('main').getByRole('button', { name: 'Ustvari dogodek' }).click();
      const form = page.getByRole('dialog', { name: 'Ustvari dogodek' });
      await form.waitFor();
      await form.getByRole('button', { name: 'Ustvari dogodek', exact: true }).click();
      await form.getByText('Vpišite naslov dogodka.').waitFor();
      await record('event form with errors');
      await page.keyboard.press('Escape');

      await page.getByRole('contentinfo').getByRole('button', { name: 'Pogoji in zasebnost' }).click();
      await page.getByRole('dialog').first().waitFor();
      await record('terms');
      await page.keyboard.press('Escape');

      // Matching (issue 20): the filters, the dogs I liked (Rex, a match), the dog form's playdate fields.
      await page.goto(`${e2e.server.url}/ujemanja`);
      await page
        .getByRole('button', { name: /^Filtri/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Kdo naj se prikaže' }).waitFor();
      await record('deck filters');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Všečkani' }).click();
      await page.getByRole('dialog', { name: 'Psi, ki so mi všeč' }).getByText('Rex').waitFor();
      await record('dogs I liked');
      await page.keyboard.press('Escape');
      await page.goto(`${e2e.server.url}/moji-psi`);
      await page.getByRole('main').getByRole('button', { name: 'Uredi Piki' }).click();
      await page.getByRole('dialog', { name: 'Uredi profil psa' }).getByLabel('Velikost').waitFor();
      await record('dog form with the playdate fields');
    });
  });

  it('has none in the event tools: the chat, the organiser’s list with a request and a line, a removal, the series form, past', async () => {
    const title = `Z odobritvijo ${name}`;
    const event = await ana.api.events.create.mutate({
      title,
      eventDate: dateInDays(4),
      eventTime: '10:00',
      locationName: 'Tivoli',
      country: 'SI',
      location: 'Ljubljana',
      requiresApproval: true,
    });
    await bor.api.events.join.mutate({ id: event.id });
    await bor.api.events.chatSend.mutate({ eventId: event.id, content: 'Živjo' }).catch(() => null);
    await walkWithAxe(ana.token, async (page, record) => {
      await page.goto(`${e2e.server.url}/events?dogodek=${event.id}`);
      const details = page.getByRole('dialog', { name: title });
      await details.getByRole('button', { name: 'Klepet dogodka' }).click();
      await page
        .getByRole('dialog', { name: 'Klepet dogodka' })
        .getByText('Še ni sporočil. Napišite prvo!')
        .waitFor();
      await record('event chat');
      await page.keyboard.press('Escape');
      await details.getByRole('button', { name: /Udeleženci: 1\/20/ }).click();
      await page.getByRole('button', { name: 'Odobri prošnjo: Bor Novak' }).waitFor();
      await record('attendees with a request');
      await page.getByRole('button', { name: 'Odobri prošnjo: Bor Novak' }).click();
      await page.getByRole('button', { name: 'Odstrani z dogodka: Bor Novak' }).click();
      await page.getByRole('dialog', { name: 'Odstranim z dogodka?' }).waitFor();
      await record('the removal’s confirmation');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Odstranim z dogodka?' }).waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      await page.getByRole('main').getByRole('button', { name: 'Ustvari dogodek' }).click();
      const form = page.getByRole('dialog', { name: 'Ustvari dogodek' });
      await form.getByLabel('Ponavljanje').selectOption({ label: 'Vsak teden' });
      await form.getByLabel('Zadnji termin', { exact: true }).waitFor();
      await record('event form with a series');
      await page.keyboard.press('Escape');

      await page.getByRole('main').getByRole('tab', { name: 'Pretekli' }).click();
      await page.getByText('Še ni preteklih dogodkov').waitFor();
      await record('past tab');
    });
  });
});
