import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chats, eventMessages, users } from '../../server/db/schema';
import { eventChatPath } from '#shared/domain/events';
import { apiOwner, see, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';
import { subscriptionsStarted } from '../helpers/subscriptions';
import { EVENT_INPUT } from '../helpers/factories';

const e2e = useE2e();

type Owner = Awaited<ReturnType<typeof owner>>;

/** A user made through the API with one dog (mixed breed, in Ljubljana). */
const owner = (fullName: string, email: string, dogName: string) =>
  apiOwner(e2e.server, fullName, email, dogName);

/** `liker` likes the dog of `dogOwner` with their own dog, and the owner accepts: the chat between them. */
async function chatBetween(dogOwner: Owner, liker: Owner): Promise<string> {
  await liker.api.likes.like.mutate({ fromDogId: liker.dog.id, dogId: dogOwner.dog.id });
  const request = (await dogOwner.api.requests.list.query()).find(
    (item) => item.direction === 'received' && item.type === 'request' && item.status === 'unread',
  );
  const { chatId } = await dogOwner.api.requests.accept.mutate({ id: request!.id });
  // The liker has seen the acceptance: no "It's a match" covers their pages here (match-moment.test.ts).
  const accepted = (await liker.api.requests.list.query()).find(
    (item) => item.type === 'acceptance_feedback',
  );
  await liker.api.requests.markRead.mutate({ id: accepted!.id });
  return chatId;
}

/** A signed-in page that records uncaught errors; opened at `url` once the given subscriptions run. */
async function openPage(context: BrowserContext, url: string, errors: string[], live = ['chats.onChange']) {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  const started = subscriptionsStarted(page, live);
  await page.goto(`${e2e.server.url}${url}`);
  await started;
  return page;
}

/** The visible main navigation (the top bar on a desktop, the bottom bar on a phone). */
const nav = (page: Page) => page.getByRole('navigation', { name: 'Glavni meni' });
/** The chat panel titled after the dog. */
const panel = (page: Page, title: string | RegExp = /\(Mešanec\)$/) =>
  page.getByRole('region', { name: title });
const composer = (scope: Page | Locator) => scope.getByRole('textbox', { name: 'Sporočilo' });
const log = (scope: Page | Locator) => scope.getByRole('log', { name: 'Sporočila' });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(os.tmpdir(), `chat-${name}.png`), fullPage: true });
}

describe.each(Object.entries(VIEWPORTS))('chat on a %s', (name, options) => {
  let ana: Owner;
  let bor: Owner;
  let chatId: string;
  beforeAll(async () => {
    ana = await owner('Ana Kos', `ana.${name}@example.com`, 'Rex');
    bor = await owner('Bor Novak', `bor.${name}@example.com`, 'Luna');
    chatId = await chatBetween(ana, bor);
  });
  afterAll(async () => {
    await Promise.all([ana?.api.close(), bor?.api.close()]);
  });

  it('messages arrive live, unread counts show and clear, the heart is styled, a delete reaches both', async () => {
    const errors: string[] = [];
    const [contextA, contextB] = await Promise.all([
      sessionContext(e2e.browser, e2e.server, options, ana.token),
      sessionContext(e2e.browser, e2e.server, options, bor.token),
    ]);
    const [pageA, pageB] = await Promise.all([
      openPage(contextA, `/klepet?chat=${chatId}`, errors, ['chats.onChange', 'chats.onMessage']),
      openPage(contextB, '/profil', errors),
    ]);
    try {
      const chatA = panel(pageA);
      await see(chatA, 'Še ni sporočil');
      await see(chatA.getByRole('button', { name: 'Bor Novak' }), 'Bor Novak');

      // Ana writes: Enter sends, Shift+Enter makes a second line.
      await composer(chatA).fill('Živjo, greva na sprehod?');
      await composer(chatA).press('Enter');
      expect(await composer(chatA).inputValue()).toBe('');
      await composer(chatA).pressSequentially('Prva vrstica');
      await composer(chatA).press('Shift+Enter');
      await composer(chatA).pressSequentially('Druga vrstica');
      expect(await composer(chatA).inputValue()).toBe('Prva vrstica\nDruga vrstica');
      await composer(chatA).press('Enter');
      await see(log(chatA), 'Druga vrstica');

      // Bor, elsewhere: the chat nav item counts both messages.
      const badge = nav(pageB).getByTestId('chat-badge');
      await expect.poll(() => badge.textContent()).toBe('2');
      expect(
        await nav(pageB)
          .getByRole('link', { name: /^Klepet/ })
          .textContent(),
      ).toContain('2 neprebrani sporočili');

      // On /klepet (no chat chosen) the list shows the count, the snippet and the time.
      await nav(pageB)
        .getByRole('link', { name: /^Klepet/ })
        .click();
      await pageB.waitForURL(/\/klepet$/);
      const row = pageB.getByRole('listitem').filter({ hasText: 'Rex (Mešanec)' });
      await expect.poll(() => row.getByTestId('chat-unread').textContent()).toBe('2');
      await see(row, 'Ana Kos');
      await see(row, /Prva vrstica/);
      expect(await row.locator('time').textContent()).toMatch(/^\d\d:\d\d$/);
      if (name === 'desktop') await see(pageB, 'Izberite klepet');

      // Opening the chat reads it: both badges clear.
      await row.getByRole('link').click();
      await pageB.waitForURL(/\/klepet\?chat=/);
      const chatB = panel(pageB);
      const lines = log(chatB).getByText('Prva vrstica');
      await lines.waitFor();
      expect(await lines.innerText()).toContain('Prva vrstica\nDruga vrstica');
      await see(chatB, 'Danes');
      await expect.poll(() => nav(pageB).getByTestId('chat-badge').count()).toBe(0);
      if (name === 'desktop') expect(await row.getByTestId('chat-unread').count()).toBe(0);

      // Live, both ways; a message in an open chat in a visible tab is read at once.
      await composer(chatB).fill('Z veseljem! Ob petih?');
      await composer(chatB).press('Enter');
      await see(log(chatA), 'Z veseljem! Ob petih?');
      await composer(chatA).fill('Dogovorjeno.');
      await composer(chatA).press('Enter');
      await see(log(chatB), 'Dogovorjeno.');
      await pageB.waitForTimeout(500);
      expect(await nav(pageB).getByTestId('chat-badge').count()).toBe(0);
      // Mine on the right, theirs on the left.
      const mine = await log(chatB).getByText('Z veseljem! Ob petih?').boundingBox();
      const theirs = await log(chatB).getByText('Dogovorjeno.').boundingBox();
      expect(mine!.x + mine!.width).toBeGreaterThan(theirs!.x + theirs!.width);
      expect(mine!.x).toBeGreaterThan(theirs!.x);

      // The heart: a styled like message on both sides, not a bubble of raw text.
      await chatA.getByRole('button', { name: 'Pošlji srček' }).click();
      await log(chatB).getByTestId('like-message').waitFor();
      expect(await log(chatB).getByTestId('like-message').textContent()).toContain('Všeč si mi');
      expect(await log(chatB).getByText('Všeč si mi ❤️').count()).toBe(0);

      // The owner's name opens their profile; the dog's photo opens the dog.
      await chatB.getByRole('button', { name: 'Ana Kos' }).click();
      const profile = pageB.getByRole('dialog', { name: 'Ana Kos' });
      await see(profile, 'Rex');
      await profile.getByRole('button', { name: 'Zapri' }).click();
      await chatB.getByRole('button', { name: 'Podrobnosti o psu Rex' }).click();
      const dog = pageB.getByRole('dialog', { name: 'Rex' });
      await see(dog, 'Mešanec');
      await see(dog, 'Ana Kos');
      await dog.getByRole('button', { name: 'Zapri' }).last().click();
      await dog.waitFor({ state: 'detached' });

      // On a phone the chat replaces the list, with a way back.
      if (name === 'phone') {
        expect(await pageB.getByRole('heading', { name: 'Klepeti' }).count()).toBe(0);
        await pageB.getByRole('link', { name: 'Nazaj na klepete' }).click();
        await pageB.waitForURL(/\/klepet$/);
        await pageB.getByRole('heading', { name: 'Klepeti' }).waitFor();
        expect(await panel(pageB).count()).toBe(0);
        await pageB.goBack();
      }

      // Each side's title is the other's dog: Ana, who owns Rex, talks to Bor about his Luna.
      await see(chatA.getByRole('heading', { level: 2 }), 'Luna (Mešanec)');
      // Ana deletes the chat after confirming; it leaves Bor's list too.
      await chatA.getByRole('button', { name: 'Izbriši klepet Luna (Mešanec)' }).click();
      const confirm = pageA.getByRole('dialog', { name: 'Izbrišem klepet?' });
      await confirm.getByRole('button', { name: 'Izbriši' }).click();
      await see(pageA, 'Klepet je bil izbrisan.');
      await see(pageA, 'Še nimate klepetov');
      // (Bor had the chat open; it was his only one.)
      await see(pageB, 'Še nimate klepetov');
      expect(await panel(pageB).count()).toBe(0);

      expect(errors).toEqual([]);
    } catch (error) {
      await Promise.all([shot(pageA, `${name}-a`), shot(pageB, `${name}-b`)]);
      throw error;
    } finally {
      await Promise.all([contextA.close(), contextB.close()]);
    }
  });

  it('/chat shows each chat as a card of the spec height; closing one asks first', async () => {
    const cene = await owner('Cene Zupan', `cene.${name}@example.com`, 'Bela');
    await chatBetween(cene, ana);
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    const page = await openPage(context, '/chat', errors);
    try {
      const card = panel(page, 'Bela (Mešanec)');
      await see(card, 'Cene Zupan');
      const box = await card.boundingBox();
      expect(box?.height).toBe(name === 'phone' ? 500 : 600);

      await composer(card).fill('Pozdrav s kartice');
      await composer(card).press('Enter');
      await expect
        .poll(async () => (await cene.api.chats.list.query())[0]?.lastMessage?.content)
        .toBe('Pozdrav s kartice');

      // The close button asks; cancelling keeps the chat.
      await card.getByRole('button', { name: 'Izbriši klepet Bela (Mešanec)' }).click();
      const confirm = page.getByRole('dialog', { name: 'Izbrišem klepet?' });
      await see(confirm, 'Pogovor o psu Bela in vsa sporočila bodo izbrisani za oba.');
      await confirm.getByRole('button', { name: 'Prekliči' }).click();
      await confirm.waitFor({ state: 'detached' });
      await card.getByRole('button', { name: 'Izbriši klepet Bela (Mešanec)' }).click();
      await confirm.getByRole('button', { name: 'Izbriši' }).click();
      await see(page, 'Klepet je bil izbrisan.');
      await card.waitFor({ state: 'detached' });
      expect(await cene.api.chats.list.query()).toEqual([]);
      expect(errors).toEqual([]);
    } catch (error) {
      await shot(page, `${name}-cards`);
      throw error;
    } finally {
      await Promise.all([context.close(), cene.api.close()]);
    }
  });

  it('a message sent while the connection fails waits, then is delivered exactly once', async () => {
    const dana = await owner('Dana Zorko', `dana.${name}@example.com`, 'Fifi');
    const id = await chatBetween(dana, bor);
    const errors: string[] = [];
    const [contextA, contextB] = await Promise.all([
      sessionContext(e2e.browser, e2e.server, options, dana.token),
      sessionContext(e2e.browser, e2e.server, options, bor.token),
    ]);
    const live = ['chats.onChange', 'chats.onMessage'];
    const [pageA, pageB] = await Promise.all([
      openPage(contextA, `/klepet?chat=${id}`, errors, live),
      openPage(contextB, `/klepet?chat=${id}`, errors, live),
    ]);
    try {
      // Sends fail on the way: the message waits. The second attempt reaches the server but its answer is
      // lost (the live stream shows it stored); the next, with the same id, gets the stored message back.
      const sentIds: string[] = [];
      const isSend = (url: URL) => url.pathname.includes('chats.send');
      // The route stays when the connection comes back (it lets sends pass): removing it while a retry is
      // on its way could leave that request stuck in the interception.
      let connected = false;
      await pageA.route(isSend, async (route) => {
        sentIds.push(
          route
            .request()
            .postData()
            ?.match(/"id":"([0-9a-f-]{36})"/)?.[1] ?? '',
        );
        if (connected) return route.continue();
        if (sentIds.length === 2) await route.fetch();
        await route.abort('internetdisconnected');
      });
      const chatA = panel(pageA);
      await composer(chatA).fill('Je kdo tam?');
      await composer(chatA).press('Enter');
      const bubble = log(chatA).getByRole('listitem').filter({ hasText: 'Je kdo tam?' });
      await see(bubble, 'Čaka na povezavo …');
      await see(log(panel(pageB)), 'Je kdo tam?');
      // Retries may go on meanwhile (each failure waits for its backoff or the next sign of a connection).
      expect(sentIds.length).toBeGreaterThanOrEqual(2);

      // Awaited from before the connection is back: a retry may go through at once.
      const delivered = pageA.waitForResponse((response) => isSend(new URL(response.url())), {
        timeout: 15_000,
      });
      connected = true;
      // Desktop: the browser says it is back online, so it goes at once; the phone waits for the backoff.
      if (name === 'desktop') await pageA.evaluate(() => window.dispatchEvent(new Event('online')));
      expect((await delivered).ok()).toBe(true);
      await bubble.locator('[data-status]').waitFor({ state: 'detached' });

      expect(await log(panel(pageB)).getByText('Je kdo tam?').count()).toBe(1);
      expect(await log(chatA).getByText('Je kdo tam?').count()).toBe(1);
      const stored = await bor.api.chats.messages.query({ chatId: id });
      expect(stored.filter((message) => message.content === 'Je kdo tam?')).toHaveLength(1);
      const storedId = stored.find((message) => message.content === 'Je kdo tam?')?.id;
      // Every attempt carried the one id: the server stored it once, whatever the number of tries.
      expect(new Set(sentIds)).toEqual(new Set([storedId]));

      // A chat gone meanwhile (deleted with no event reaching this page) refuses: the message fails for good.
      await e2e.server.app.deps.db.delete(chats).where(eq(chats.id, id));
      await composer(chatA).fill('Si še tu?');
      await composer(chatA).press('Enter');
      await see(pageA, 'Ni mogoče poslati sporočila');
      await see(pageA, 'Tega ni bilo mogoče najti.');
      const failed = log(chatA).getByRole('listitem').filter({ hasText: 'Si še tu?' });
      await see(failed, 'Ni poslano');
      await failed.getByRole('button', { name: 'Zavrzi' }).click();
      await failed.waitFor({ state: 'detached' });

      expect(errors).toEqual([]);
    } catch (error) {
      await Promise.all([shot(pageA, `${name}-queue-a`), shot(pageB, `${name}-queue-b`)]);
      throw error;
    } finally {
      await Promise.all([contextA.close(), contextB.close(), dana.api.close()]);
    }
  });
});

describe('many chats on /chat', () => {
  it('streams only the cards near the screen, and a card scrolled to shows what came meanwhile', async () => {
    const host = await owner('Maja Mnogo', 'maja.mnogo@example.com', 'Fifi');
    const others: Owner[] = [];
    for (let i = 0; i < 8; i++) {
      const other = await owner(`Sosed ${i}`, `sosed.${i}@example.com`, `Pes${i}`);
      await chatBetween(host, other);
      others.push(other);
    }
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.phone, host.token);
    const page = await context.newPage();
    // chats.onMessage streams live on the page's socket: started minus stopped.
    const live = new Set<string>();
    page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        const sent = JSON.parse(String(payload)) as unknown;
        for (const message of (Array.isArray(sent) ? sent : [sent]) as Array<{
          id: number;
          method?: string;
          params?: { path?: string };
        }>) {
          if (message.method === 'subscription' && message.params?.path === 'chats.onMessage')
            live.add(String(message.id));
          if (message.method === 'subscription.stop') live.delete(String(message.id));
        }
      });
    });
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${e2e.server.url}/chat`);
      const cards = page.getByRole('region', { name: /\(Mešanec\)$/ });
      await expect.poll(() => cards.count()).toBe(8);
      await expect.poll(() => live.size).toBeGreaterThan(0);
      // A phone shows about two 500-px cards; with the look-ahead a few more stream, never all eight.
      await page.waitForTimeout(500);
      expect(live.size).toBeLessThan(8);

      // The last card is far off screen and not streaming; a message to it…
      const text = (await cards.last().textContent()) ?? '';
      const index = others.findIndex((_, i) => text.includes(`Sosed ${i}`));
      const card = cards.filter({ hasText: `Sosed ${index}` });
      const [chat] = await others[index]!.api.chats.list.query();
      await others[index]!.api.chats.send.mutate({ chatId: chat!.id, content: 'Si še tam?' });
      // …is there once the card is near the screen (the list puts it first, as the newest).
      await card.scrollIntoViewIfNeeded();
      await see(card, 'Si še tam?');
      expect(errors).toEqual([]);
    } catch (error) {
      await shot(page, 'many-chats');
      throw error;
    } finally {
      await Promise.all([context.close(), host.api.close(), ...others.map((other) => other.api.close())]);
    }
  });
});

describe('a long chat', () => {
  it('opens at the newest message and loads older ones at the top, keeping the view', async () => {
    const gaja = await owner('Gaja Potočnik', 'gaja@example.com', 'Runo');
    const hana = await owner('Hana Vidmar', 'hana@example.com', 'Piko');
    const id = await chatBetween(gaja, hana);
    for (let i = 1; i <= 60; i++)
      await (i % 2 ? hana : gaja).api.chats.send.mutate({
        chatId: id,
        content: `Sporočilo ${i}`,
        type: 'text',
      });
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.desktop, gaja.token);
    const page = await openPage(context, `/klepet?chat=${id}`, errors, ['chats.onChange', 'chats.onMessage']);
    try {
      const messages = log(panel(page));
      await see(messages, /Sporočilo 60$/);
      // The newest page (50) is shown, scrolled to its end.
      expect(await messages.getByText(/Sporočilo \d+$/).count()).toBe(50);
      await expect
        .poll(() => messages.evaluate((box) => box.scrollHeight - box.scrollTop - box.clientHeight))
        .toBeLessThan(2);

      // Scrolled to the top, the older ten arrive above what was on screen, which stays in view.
      await messages.evaluate((box) => box.scrollTo({ top: 0 }));
      await messages.getByText(/Sporočilo 1$/).waitFor({ state: 'attached' });
      expect(await messages.getByText(/Sporočilo \d+$/).count()).toBe(60);
      const view = await messages.boundingBox();
      expect((await messages.getByText(/Sporočilo 1$/).boundingBox())!.y).toBeLessThan(view!.y);
      const eleven = await messages.getByText(/Sporočilo 11$/).boundingBox();
      expect(eleven!.y).toBeGreaterThanOrEqual(view!.y);
      expect(eleven!.y).toBeLessThan(view!.y + view!.height);
      expect(await messages.getByRole('button', { name: 'Naloži starejša sporočila' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } catch (error) {
      await shot(page, 'long');
      throw error;
    } finally {
      await Promise.all([context.close(), gaja.api.close(), hana.api.close()]);
    }
  });
});

/** A device far from Ljubljana: chats show times in the reader's zone, not the events' one. */
const DEVICE_ZONE = 'America/New_York';
/** "19:09" in the device's zone. */
const deviceTime = (date: Date) =>
  new Intl.DateTimeFormat('sl-SI', {
    timeZone: DEVICE_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);

describe.each(Object.entries(VIEWPORTS))('message times on a %s', (name, options) => {
  it('the pair chat and the event chat stamp messages alike, "Danes 19:09", "Včeraj 12:00", in the device zone', async () => {
    const ana = await owner('Ana Ura', `ana.time.${name}@example.com`, 'Pika');
    const bor = await owner('Bor Ura', `bor.time.${name}@example.com`, 'Miško');
    const chatId = await chatBetween(ana, bor);
    const event = await ana.api.events.create.mutate({ ...EVENT_INPUT, title: `Ura (${name})` });
    await bor.api.events.join.mutate({ id: event.id });
    // Yesterday at noon on the device (13:00 in summer time), written straight into each chat's rows.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEVICE_ZONE }).format(new Date());
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const yesterday = new Date(Date.UTC(y, m - 1, d - 1, 17));
    const { db } = e2e.server.app.deps;
    const old = await bor.api.chats.send.mutate({ chatId, content: 'Včeraj v paru' });
    await db.update(chatMessages).set({ createdAt: yesterday }).where(eq(chatMessages.id, old.id));
    const oldEvent = await bor.api.events.chatSend.mutate({
      eventId: event.id,
      content: 'Včeraj na dogodku',
    });
    await db.update(eventMessages).set({ createdAt: yesterday }).where(eq(eventMessages.id, oldEvent.id));
    await bor.api.chats.send.mutate({ chatId, content: 'Danes v paru' });
    await bor.api.events.chatSend.mutate({ eventId: event.id, content: 'Danes na dogodku' });

    const errors: string[] = [];
    const context = await sessionContext(
      e2e.browser,
      e2e.server,
      { ...options, timezoneId: DEVICE_ZONE },
      ana.token,
    );
    const page = await openPage(context, `/klepet?chat=${chatId}`, errors, [
      'chats.onChange',
      'chats.onMessage',
    ]);
    /** Each message's stamp as shown, and what it should read from its own instant. */
    const stamps = async (scope: Locator, texts: string[]) => {
      const shown: string[] = [];
      for (const text of texts) {
        const time = scope.getByRole('listitem').filter({ hasText: text }).locator('time');
        const sent = new Date((await time.getAttribute('datetime'))!);
        const shownText = (await time.textContent())!;
        expect(shownText).toBe(`${text.startsWith('Danes') ? 'Danes' : 'Včeraj'} ${deviceTime(sent)}`);
        shown.push(shownText.replace(/\d/g, '0'));
      }
      return shown;
    };
    try {
      const pair = log(panel(page));
      await see(pair, 'Danes v paru');
      const inPair = await stamps(pair, ['Včeraj v paru', 'Danes v paru']);
      await shot(page, `${name}-pair-times`);

      await page.goto(`${e2e.server.url}${eventChatPath(event.id)}`);
      const eventChat = page.getByRole('dialog', { name: 'Klepet dogodka' });
      await see(eventChat, 'Danes na dogodku');
      const inEvent = await stamps(eventChat, ['Včeraj na dogodku', 'Danes na dogodku']);
      await shot(page, `${name}-event-times`);
      // One format in both: "Včeraj 00:00", "Danes 00:00".
      expect(inEvent).toEqual(inPair);
      expect(inPair).toEqual(['Včeraj 00:00', 'Danes 00:00']);
      expect(deviceTime(yesterday)).toMatch(/^1[23]:00$/);
      expect(errors).toEqual([]);
    } catch (error) {
      await shot(page, `${name}-times-failed`);
      throw error;
    } finally {
      await context.close();
      await Promise.all([ana.api.close(), bor.api.close()]);
    }
  });
});

describe('a chat whose other person deleted their account', () => {
  it('shows them as a deleted user and cannot be written to', async () => {
    const eva = await owner('Eva Horvat', 'eva@example.com', 'Žak');
    const filip = await owner('Filip Kralj', 'filip@example.com', 'Maks');
    await chatBetween(eva, filip);
    await filip.api.close();
    await e2e.server.app.deps.db.delete(users).where(eq(users.id, filip.id));
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.desktop, eva.token);
    const page = await openPage(context, '/chat', errors);
    try {
      // Filip's dog went with his account: the chat is titled by who is left of it.
      const card = panel(page, 'Izbrisan uporabnik');
      await see(card, 'Izbrisan uporabnik');
      await see(card, 'Ta uporabnik je izbrisal svoj račun, zato mu ne morete več pisati.');
      expect(await composer(card).isDisabled()).toBe(true);
      expect(await card.getByRole('button', { name: 'Pošlji srček' }).isDisabled()).toBe(true);
      expect(errors).toEqual([]);
    } catch (error) {
      await shot(page, 'deleted-user');
      throw error;
    } finally {
      await Promise.all([context.close(), eva.api.close()]);
    }
  });
});

describe('signed out', () => {
  it('/chat asks to sign in', async () => {
    const context = await e2e.browser.newContext(VIEWPORTS.phone);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/chat`);
      await see(page, 'Za klepet z drugimi lastniki psov se prijavite.');
      // Signed in, the visitor comes back here.
      expect(await page.getByRole('main').getByRole('link', { name: 'Prijava' }).getAttribute('href')).toBe(
        '/auth?next=%2Fchat',
      );
    } finally {
      await context.close();
    }
  });
});
