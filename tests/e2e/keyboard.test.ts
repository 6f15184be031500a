import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInDays } from '#shared/domain/event-time';
import { apiUser, insertDemoDog, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';

const e2e = useE2e();

/** What has the focus: its tag and accessible-ish name, e.g. "H1 Moji psi" or "BODY". */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return `${el.tagName} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}`.trim();
  });

/**
 * Focus as a keyboard user would have it (a key press first, so :focus-visible applies), once the control
 * takes it: a page that comes rendered has its controls disabled until the app has hydrated it.
 */
async function keyboardFocus(page: Page, target: Locator) {
  await expect.poll(() => target.isEnabled(), { timeout: 15_000 }).toBe(true);
  await page.keyboard.press('Shift');
  await target.focus();
}

describe('keyboard and focus on a desktop', () => {
  let ana: Awaited<ReturnType<typeof apiUser>>;
  beforeAll(async () => {
    ana = await apiUser(e2e.server, { fullName: 'Ana Kos', email: 'ana.keys@example.com' });
    const dog = { breed: 'Mešanec', age: 3, gender: 'male' as const, location: 'Ljubljana' };
    await ana.api.dogs.create.mutate({ name: 'Piki', ...dog });
    await ana.api.dogs.create.mutate({ name: 'Luna', ...dog });
    await ana.api.events.create.mutate({
      title: 'Jutranji sprehod',
      eventDate: dateInDays(2),
      eventTime: '08:00',
      locationName: 'Tivoli',
      country: 'SI',
      location: 'Ljubljana',
      eventType: 'meetup',
    });
    for (const name of ['Rex', 'Bobi']) await insertDemoDog(e2e.server, { owner: 'Demo Lastnik', name });
  });
  afterAll(() => ana?.api.close());

  it('shows a focus ring on the dog and event card titles', async () => {
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.desktop, ana.token);
    const page = await context.newPage();
    try {
      const ring = (button: Locator) => button.evaluate((el) => getComputedStyle(el, '::after').outlineStyle);
      await page.goto(`${e2e.server.url}/moji-psi`);
      const dogTitle = page.getByRole('main').getByRole('button', { name: /^Piki/ }).first();
      await keyboardFocus(page, dogTitle);
      expect(await ring(dogTitle)).toBe('solid');
      await page.goto(`${e2e.server.url}/events`);
      const eventTitle = page.getByRole('main').getByRole('button', { name: 'Jutranji sprehod' }).first();
      await keyboardFocus(page, eventTitle);
      expect(await ring(eventTitle)).toBe('solid');
    } finally {
      await context.close();
    }
  });

  it('moves focus to the new page heading after navigating, and back to the opener after a dialog', async () => {
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.desktop, ana.token);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/events`);
      await page.getByRole('heading', { level: 1, name: 'Dogodki' }).waitFor();
      const link = page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Psi' });
      await keyboardFocus(page, link.first());
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/moji-psi$/);
      await expect.poll(() => focused(page)).toBe('H1 Moji psi');

      // Escape on the dog's details gives the focus back to the card that opened them.
      const opener = page.getByRole('main').getByRole('button', { name: /^Piki/ }).first();
      await keyboardFocus(page, opener);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Piki' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('keeps the focus in the deck after picking a dog and after passing the last card with Space', async () => {
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.desktop, ana.token);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/ujemanja`);
      await page.getByRole('heading', { name: 'Izberite svojega psa' }).waitFor();
      await keyboardFocus(page, page.getByRole('button', { name: /^Piki/ }));
      await page.keyboard.press('Enter');
      const pass = page.getByRole('button', { name: 'Preskoči' });
      await pass.waitFor();
      await expect.poll(() => focused(page)).not.toBe('BODY');
      expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

      await keyboardFocus(page, pass);
      for (let left = 2; left > 0; left--) {
        await page.keyboard.press('Space');
        await page.waitForTimeout(600);
        // On the next card the focus stays on the button; after the last, it moves into the offer to widen
        // the distance (the deck ran out within the default 200 km).
        expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
      }
      await page.getByText('Ni več psov do 200 km').waitFor();
      expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe.each(Object.entries(VIEWPORTS))('the chat header on a %s', (name, options) => {
  it('opens the chat from the bell with the focus in it; the owner button is a full-size target', async () => {
    const [eva, filip] = await Promise.all([
      apiUser(e2e.server, { fullName: 'Eva Horvat', email: `eva.keys.${name}@example.com` }),
      apiUser(e2e.server, { fullName: 'Filip Kralj', email: `filip.keys.${name}@example.com` }),
    ]);
    const dog = { breed: 'Mešanec', age: 3, gender: 'male' as const, location: 'Ljubljana' };
    const [zak, maks] = await Promise.all([
      eva.api.dogs.create.mutate({ name: 'Žak', ...dog }),
      filip.api.dogs.create.mutate({ name: 'Maks', ...dog }),
    ]);
    await filip.api.likes.like.mutate({ fromDogId: maks.id, dogId: zak.id });
    const context = await sessionContext(e2e.browser, e2e.server, options, eva.token);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/events`);
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Obvestila/ })
        .click();
      const panel = page.getByRole('dialog', { name: 'Obvestila' });
      await panel.getByRole('button', { name: 'Sprejmi' }).click();
      // "It's a match" first; later, the chat from the panel.
      await page
        .getByRole('dialog', { name: 'To je ujemanje!' })
        .getByRole('button', { name: 'Kasneje' })
        .click();
      await panel.getByRole('link', { name: 'Odpri klepet' }).click();
      await page.waitForURL(/\/klepet\?chat=/);
      await panel.waitFor({ state: 'detached' });
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

      const owner = page.getByRole('main').getByRole('button', { name: 'Filip Kralj' });
      const box = await owner.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(name === 'phone' ? 44 : 24);
    } finally {
      await Promise.all([context.close(), eva.api.close(), filip.api.close()]);
    }
  });
});
