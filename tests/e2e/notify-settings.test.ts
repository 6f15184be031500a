import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { DEFAULT_CHANNELS, type NotifyTopic } from '#shared/domain/notify';
import { apiUser, openPage, sessionContext, sidewaysOverflow, useE2e, VIEWPORTS } from '../helpers/e2e';

/**
 * Issue 34: after a mail client's one-click unsubscribe (RFC 8058) a pushed topic goes on being pushed
 * without e-mail, the settings say so under the topic, and choosing e-mail there brings its e-mail back.
 */
const e2e = useE2e();

const HINT = {
  sl: 'Brez e-pošte: odjavili ste se od nje. Če jo želite spet prejemati, izberite »E-pošta«.',
  en: 'No e-mail: you unsubscribed from it. Choose “E-mail” to get it again.',
  de: 'Keine E-Mails: Du hast sie abbestellt. Wähle „E-Mail“, um sie wieder zu erhalten.',
};

/** The device box's promise of e-mail while no device takes pushes. */
const FALLBACK =
  'Dokler potisnih obvestil nimate vklopljenih v nobeni napravi, vam novosti pošljemo v enem e-sporočilu, ko vas 10 minut ni v aplikaciji.';

const TOPIC: Record<NotifyTopic, string> = {
  requests: 'Nove zahteve',
  matches: 'Ujemanja in sprejete zahteve',
  messages: 'Sporočila',
  events: 'Dogodki: opomniki, spremembe, čakalna vrsta',
  announcements: 'Obvestila Tačk',
  checkIns: 'Ujemanja na sprehodu (»Smo tu«)',
  lostDogs: 'Pogrešani psi v bližini',
};

/** A confirmed user who chose push for most topics and e-mail for events, and their id. */
async function subscriber(email: string) {
  const user = await apiUser(e2e.server, { fullName: 'Ana Odjava', email });
  await user.api.notifySettings.updatePreferences.mutate({
    channels: { ...DEFAULT_CHANNELS, events: 'email', announcements: 'off' },
    quietHours: null,
    timeZone: 'Europe/Ljubljana',
  });
  const [row] = await e2e.server.app.deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  return { ...user, id: row!.id };
}

/** What a mail client does with the summary's List-Unsubscribe header: one POST to the signed link. */
async function oneClickUnsubscribe(userId: string) {
  const response = await fetch(e2e.server.app.deps.unsubscribe.link(userId, 'all'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(response.status).toBe(200);
}

/** The text of what describes the select (its aria-describedby), or null. */
const description = (select: Locator) =>
  select.evaluate((element) => {
    const ids = element.getAttribute('aria-describedby');
    return ids
      ? ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : null;
  });

/** The profile page, once the notification choices have loaded. */
async function settingsIn(context: BrowserContext, errors: string[]) {
  const page = await openPage(context, e2e.server, '/profil', errors);
  await page.getByRole('combobox', { name: TOPIC.requests, exact: true }).waitFor({ timeout: 10_000 });
  return page;
}

const topicSelect = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

describe.each(Object.entries(VIEWPORTS))(
  'notification settings after unsubscribing on a %s',
  (name, options) => {
    it('say e-mail is off under each pushed topic, keep push, and choosing e-mail brings it back', async () => {
      const ana = await subscriber(`ana.unsubscribe.${name}@example.com`);
      await oneClickUnsubscribe(ana.id);
      const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
      const errors: string[] = [];
      try {
        const page = await settingsIn(context, errors);
        // Pushed topics stay pushed and carry the hint (lost dogs nearby too: pushed by default, e-mailed at
        // once without a device); e-mailed events became in-app only, no hint.
        for (const topic of ['requests', 'matches', 'messages', 'lostDogs'] as const) {
          const select = topicSelect(page, TOPIC[topic]);
          expect(await select.inputValue(), topic).toBe('push');
          expect(await description(select), topic).toBe(HINT.sl);
        }
        for (const topic of ['events', 'announcements'] as const) {
          const select = topicSelect(page, TOPIC[topic]);
          expect(await select.inputValue(), topic).toBe('off');
          expect(await description(select), topic).toBeNull();
        }
        // Check-ins: off until chosen, and never by e-mail (over before a summary could tell them).
        const checkIns = topicSelect(page, TOPIC.checkIns);
        expect(await checkIns.inputValue()).toBe('off');
        expect(
          await checkIns
            .locator('option')
            .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
        ).toEqual(['push', 'off']);
        const hints = page.getByText(HINT.sl, { exact: true });
        expect(await hints.count()).toBe(4);
        expect(await hints.first().isVisible()).toBe(true);
        expect(await sidewaysOverflow(page)).toBe(0);
        // With no device and every e-mail off, the device box promises no e-mail (once it knows the devices).
        await page.getByRole('button', { name: 'Vklopi v tej napravi' }).waitFor({ timeout: 10_000 });
        expect(await page.getByText(FALLBACK).count()).toBe(0);

        // Choosing e-mail for messages is wanting its e-mail: the hint goes at once, and for good once saved.
        await topicSelect(page, TOPIC.messages).selectOption({ label: 'E-pošta' });
        expect(await description(topicSelect(page, TOPIC.messages))).toBeNull();
        expect(await hints.count()).toBe(3);
        await page.getByRole('button', { name: 'Shrani obvestila' }).click();
        await page.getByText('Nastavitve obvestil so shranjene.').first().waitFor({ timeout: 10_000 });
        // Messages now go by e-mail: the promise is true again.
        await page.getByText(FALLBACK).waitFor({ timeout: 10_000 });
        const saved = await ana.api.notifySettings.preferences.query();
        expect(saved.channels).toEqual({
          ...DEFAULT_CHANNELS,
          messages: 'email',
          events: 'off',
          announcements: 'off',
        });
        expect(saved.emailOff).toEqual(['requests', 'matches', 'lostDogs']);

        await page.reload();
        await topicSelect(page, TOPIC.messages).waitFor({ timeout: 10_000 });
        expect(await topicSelect(page, TOPIC.messages).inputValue()).toBe('email');
        expect(await description(topicSelect(page, TOPIC.messages))).toBeNull();
        expect(await description(topicSelect(page, TOPIC.requests))).toBe(HINT.sl);
        expect(await page.getByText(HINT.sl, { exact: true }).count()).toBe(3);

        // The same in English.
        await context.addCookies([{ name: 'tacke.locale', value: 'en', url: e2e.server.url }]);
        await page.reload();
        const requests = topicSelect(page, 'New requests');
        await requests.waitFor({ timeout: 10_000 });
        expect(await requests.inputValue()).toBe('push');
        expect(await description(requests)).toBe(HINT.en);
        expect(await description(topicSelect(page, 'Messages'))).toBeNull();
        expect(await page.getByText(HINT.en, { exact: true }).count()).toBe(3);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await ana.api.close();
      }
    });
  },
);

describe('the e-mail-off hint on the narrowest phone', () => {
  it('fits 320 px in German, under its topic, without overflow', async () => {
    const ana = await subscriber('ana.unsubscribe.narrow@example.com');
    await oneClickUnsubscribe(ana.id);
    const options: BrowserContextOptions = { ...VIEWPORTS.phone, viewport: { width: 320, height: 568 } };
    const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    await context.addCookies([{ name: 'tacke.locale', value: 'de', url: e2e.server.url }]);
    const errors: string[] = [];
    try {
      const page = await openPage(context, e2e.server, '/profil', errors);
      const select = topicSelect(page, 'Neue Anfragen');
      const hint = page.getByText(HINT.de, { exact: true }).first();
      await hint.waitFor({ timeout: 10_000 });
      await hint.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(os.tmpdir(), 'notify-settings-de-320.png') });
      await page.screenshot({
        path: path.join(os.tmpdir(), 'notify-settings-de-320-full.png'),
        fullPage: true,
      });
      expect(await description(select)).toBe(HINT.de);
      const [selectBox, hintBox] = await Promise.all([select.boundingBox(), hint.boundingBox()]);
      // Right under its topic's select, within its width and the screen's.
      expect(hintBox!.y).toBeGreaterThanOrEqual(selectBox!.y + selectBox!.height);
      expect(hintBox!.y - (selectBox!.y + selectBox!.height)).toBeLessThan(16);
      expect(hintBox!.x).toBeGreaterThanOrEqual(selectBox!.x - 0.5);
      expect(hintBox!.x + hintBox!.width).toBeLessThanOrEqual(selectBox!.x + selectBox!.width + 0.5);
      expect(await hint.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await ana.api.close();
    }
  });
});
