import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminUpdates, notifications } from '../../server/db/schema';
import { apiOwner, see, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';
import { subscriptionsStarted } from '../helpers/subscriptions';

// Issue 30: "It's a match" for both sides of every match, the chat tab's new chats, the bell panel's tabs.

const e2e = useE2e();

/** A user made through the API with one dog (mixed breed, in Ljubljana). */
const owner = (fullName: string, email: string, dogName: string) =>
  apiOwner(e2e.server, fullName, email, dogName);
type Owner = Awaited<ReturnType<typeof owner>>;

const like = (from: Owner, to: Owner) =>
  from.api.likes.like.mutate({ fromDogId: from.dog.id, dogId: to.dog.id });

/** `by` answers the pending request `from` sent them. */
async function answer(by: Owner, from: Owner, how: 'accept' | 'reject') {
  const request = (await by.api.requests.list.query()).find(
    (item) =>
      item.direction === 'received' && item.type === 'request' && item.counterpart?.userId === from.id,
  );
  return by.api.requests[how].mutate({ id: request!.id });
}

/** The status of `of`'s match news (a match or an acceptance) from `from`. */
const newsStatus = async (of: Owner, from: Owner) =>
  (await of.api.requests.list.query()).find(
    (item) =>
      (item.type === 'match' || item.type === 'acceptance_feedback') && item.counterpart?.userId === from.id,
  )?.status;

/** A page that records uncaught errors, opened at `url` once its live updates run. */
async function openPage(context: BrowserContext, url: string, errors: string[]) {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  const live = subscriptionsStarted(page, ['requests.onChange', 'chats.onChange']);
  await page.goto(`${e2e.server.url}${url}`);
  await live;
  return page;
}

const matchView = (page: Page) => page.getByRole('dialog', { name: 'To je ujemanje!' });
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Obvestila/ });
/** The visible main navigation (the top bar on a desktop, the bottom bar on a phone) and its chat link. */
const chatLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: /^Klepet/ });
const chatBadge = (page: Page) =>
  page.getByRole('navigation', { name: 'Glavni meni' }).getByTestId('chat-badge');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(os.tmpdir(), `match-moment-${name}.png`), fullPage: true });
}

describe.each(Object.entries(VIEWPORTS))('the match moment on a %s', (name, options) => {
  it('the accepter and the liker (live) both see it and reach the chat; the chat tab counts the new chat until someone writes', async () => {
    const [ana, bor] = await Promise.all([
      owner('Ana Kos', `ana.live.${name}@example.com`, 'Piki'),
      owner('Bor Novak', `bor.live.${name}@example.com`, 'Rex'),
    ]);
    await like(ana, bor);
    const errors: string[] = [];
    const [contextA, contextB] = await Promise.all([
      sessionContext(e2e.browser, e2e.server, options, ana.token),
      sessionContext(e2e.browser, e2e.server, options, bor.token),
    ]);
    const [pageA, pageB] = await Promise.all([
      openPage(contextA, '/events', errors),
      openPage(contextB, '/events', errors),
    ]);
    try {
      // Bor accepts in the bell's panel: the match view over it, both dogs, his first.
      await bell(pageB).click();
      const sheet = pageB.getByRole('dialog', { name: 'Obvestila' });
      await sheet.getByRole('button', { name: 'Sprejmi' }).click();
      const viewB = matchView(pageB);
      await see(viewB, 'Rex in Piki sta si všeč.');
      expect(await viewB.getByRole('img', { name: 'Fotografija psa Rex' }).count()).toBe(1);
      expect(await viewB.getByRole('img', { name: 'Fotografija psa Piki' }).count()).toBe(1);
      expect(await viewB.getByRole('button', { name: 'Kasneje' }).count()).toBe(1);
      await shot(pageB, `${name}-accepter`);

      // Ana, elsewhere in the app, gets hers live: her dog first; seen, so read.
      const viewA = matchView(pageA);
      await see(viewA, 'Piki in Rex sta si všeč.');
      await expect.poll(() => newsStatus(ana, bor)).toBe('read');
      await shot(pageA, `${name}-liker-live`);

      // Each writes to the other from the view: the same new chat, about the other one's dog.
      await viewA.getByRole('button', { name: 'Napiši osebi Bor' }).click();
      await pageA.waitForURL(/\/klepet\?chat=[0-9a-f-]{36}$/);
      await pageA.getByRole('heading', { name: 'Rex (Mešanec)' }).waitFor();
      await viewB.getByRole('button', { name: 'Napiši osebi Ana' }).click();
      await pageB.waitForURL(pageA.url());
      await sheet.waitFor({ state: 'detached' });
      await pageB.getByRole('heading', { name: 'Piki (Mešanec)' }).waitFor();

      // Nobody has written yet: a new chat on both chat tabs, and their names say so.
      for (const page of [pageA, pageB]) {
        await expect.poll(() => chatBadge(page).textContent()).toBe('1');
        expect(await chatLink(page).textContent()).toContain('1 nov klepet');
      }
      await shot(pageA, `${name}-new-chat`);

      // Ana writes: the chat is no longer new, for either of them (Bor reads it at once, open).
      const composer = pageA.getByRole('textbox', { name: 'Sporočilo' });
      await composer.fill('Živjo, greva na sprehod?');
      await composer.press('Enter');
      await see(pageB.getByRole('log', { name: 'Sporočila' }), 'Živjo, greva na sprehod?');
      await expect.poll(() => chatBadge(pageA).count()).toBe(0);
      await expect.poll(() => chatBadge(pageB).count()).toBe(0);
      expect(errors).toEqual([]);
    } catch (error) {
      await Promise.all([shot(pageA, `${name}-live-a-failed`), shot(pageB, `${name}-live-b-failed`)]);
      throw error;
    } finally {
      await Promise.all([contextA.close(), contextB.close()]);
      await Promise.all([ana.api.close(), bor.api.close()]);
    }
  });

  it('away: the newest match news shows once as the app opens, older news stays in the panel', async () => {
    const [ana, bor, cene, dan] = await Promise.all([
      owner('Ana Zupan', `ana.away.${name}@example.com`, 'Piki'),
      owner('Bor Kralj', `bor.away.${name}@example.com`, 'Rex'),
      owner('Cene Horvat', `cene.away.${name}@example.com`, 'Bela'),
      owner('Dan Vidmar', `dan.away.${name}@example.com`, 'Oli'),
    ]);
    // While Ana is away: Cene likes her Piki back (a match), then Bor accepts her request (newer).
    await like(ana, cene);
    expect(await like(cene, ana)).toMatchObject({ outcome: 'match' });
    await like(ana, bor);
    await answer(bor, ana, 'accept');
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    const page = await openPage(context, '/', errors);
    try {
      const view = matchView(page);
      await see(view, 'Piki in Rex sta si všeč.');
      await shot(page, `${name}-away`);
      // What it showed is read; Cene's match waits in the panel, unread.
      await expect.poll(() => newsStatus(ana, bor)).toBe('read');
      expect(await newsStatus(ana, cene)).toBe('unread');
      await view.getByRole('button', { name: 'Napiši osebi Bor' }).click();
      await page.waitForURL(/\/klepet\?chat=[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: 'Rex (Mešanec)' }).waitFor();

      // Opened again: nothing pops up (a newer match was seen); Cene's is in the panel.
      await page.reload();
      await page.getByRole('heading', { name: 'Rex (Mešanec)' }).waitFor();
      await page.waitForTimeout(1000);
      expect(await view.count()).toBe(0);
      expect(await bell(page).getAttribute('aria-label')).toBe('Obvestila, 1 neprebrano');
      await bell(page).click();
      await see(
        page.getByRole('dialog', { name: 'Obvestila' }).getByRole('article'),
        'Ujemanje! Piki in Bela (Cene Horvat) sta si všeč.',
      );
      await page.close();

      // Away again: Dan likes Piki back. The next opening shows it, and writing to Dan opens that chat.
      await like(ana, dan);
      expect(await like(dan, ana)).toMatchObject({ outcome: 'match' });
      const again = await openPage(context, '/events', errors);
      const next = matchView(again);
      await see(next, 'Piki in Oli sta si všeč.');
      await next.getByRole('button', { name: 'Napiši osebi Dan' }).click();
      await again.getByRole('heading', { name: 'Oli (Mešanec)' }).waitFor();
      expect(await newsStatus(ana, dan)).toBe('read');
      expect(errors).toEqual([]);
    } catch (error) {
      for (const open of context.pages()) await shot(open, `${name}-away-failed`);
      throw error;
    } finally {
      await context.close();
      await Promise.all([ana, bor, cene, dan].map((user) => user.api.close()));
    }
  });

  it('the bell panel: filters agree with the badges; updates hold the notices among the announcements; each tab counts its own', async () => {
    const [eva, fila, gal, hana] = await Promise.all([
      owner('Eva Horvat', `eva.panel.${name}@example.com`, 'Žak'),
      owner('Fila Kos', `fila.panel.${name}@example.com`, 'Miška'),
      owner('Gal Novak', `gal.panel.${name}@example.com`, 'Bruno'),
      owner('Hana Zupan', `hana.panel.${name}@example.com`, 'Luna'),
    ]);
    // Fila accepted Eva's request (Eva saw it then), Gal rejected hers; Hana's request waits for Eva.
    await like(eva, fila);
    await answer(fila, eva, 'accept');
    const seen = (await eva.api.requests.list.query()).find((item) => item.type === 'acceptance_feedback');
    await eva.api.requests.markRead.mutate({ id: seen!.id });
    await like(eva, gal);
    await answer(gal, eva, 'reject');
    await like(hana, eva);
    // Two event notices, an hour apart, with an announcement between them.
    const { db } = e2e.server.app.deps;
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const [cancelled, changed, news] = [
      `Sprehod ob Savi ${name}`,
      `Trening v parku ${name}`,
      `Novo v Tačkah ${name}`,
    ];
    await db.insert(notifications).values([
      { ownerId: eva.id, notificationType: 'event_cancelled', detail: cancelled, createdAt: ago(3) },
      { ownerId: eva.id, notificationType: 'event_changed', detail: changed, createdAt: ago(1) },
    ]);
    await db.insert(adminUpdates).values({ title: news, content: 'Nove funkcije.', createdAt: ago(2) });

    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, options, eva.token);
    const page = await openPage(context, '/', errors);
    try {
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Obvestila, 3 neprebrana');
      await bell(page).click();
      const panel = page.getByRole('dialog', { name: 'Obvestila' });
      const requestsTab = panel.getByRole('tab', { name: /^Zahteve/ });
      const updatesTab = panel.getByRole('tab', { name: /^Posodobitve/ });
      // The count beside each name, "1 neprebrana" to a screen reader.
      await expect.poll(() => requestsTab.textContent()).toBe('Zahteve11 neprebrana');
      expect(await updatesTab.textContent()).toBe('Posodobitve22 neprebrani');

      // Zahteve: the four between owners, no event notice; the filters count what the badges say.
      await panel.getByRole('tab', { name: 'Vse (4)' }).waitFor();
      expect(await panel.getByRole('article').filter({ hasText: cancelled }).count()).toBe(0);
      await panel.getByRole('tab', { name: 'Sprejete (1)' }).click();
      const accepted = panel.getByRole('article');
      await see(accepted, 'Poslali ste zahtevo uporabniku Fila Kos: srečanje psov Žak in Miška.');
      await see(accepted, 'Sprejeto');
      expect(await accepted.count()).toBe(1);
      await panel.getByRole('tab', { name: 'Zavrnjene (1)' }).click();
      await see(
        panel.getByRole('article'),
        'Poslali ste zahtevo uporabniku Gal Novak: srečanje psov Žak in Bruno.',
      );
      await see(panel.getByRole('article'), 'Zavrnjeno');
      await shot(page, `${name}-panel-rejected`);

      // Posodobitve: newest first, the notices among the announcements.
      await updatesTab.click();
      await see(panel, news);
      const order = await panel.getByRole('article').allTextContents();
      const at = (text: string) => order.findIndex((card) => card.includes(text));
      expect(at(changed)).toBe(0);
      expect(at(news)).toBeGreaterThan(at(changed));
      expect(at(cancelled)).toBeGreaterThan(at(news));
      await shot(page, `${name}-panel-updates`);
      // Opening one reads it: its tab counts one less, the other tab and the bell follow.
      await panel
        .getByRole('article')
        .filter({ hasText: changed })
        .click({ position: { x: 8, y: 8 } });
      await expect.poll(() => updatesTab.textContent()).toBe('Posodobitve11 neprebrana');
      expect(await requestsTab.textContent()).toBe('Zahteve11 neprebrana');
      await page.keyboard.press('Escape');
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Obvestila, 2 neprebrani');
      expect(errors).toEqual([]);
    } catch (error) {
      await shot(page, `${name}-panel-failed`);
      throw error;
    } finally {
      await context.close();
      await Promise.all([eva, fila, gal, hana].map((user) => user.api.close()));
    }
  });
});
