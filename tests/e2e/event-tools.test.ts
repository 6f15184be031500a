import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { eventAttendees, eventChatReads } from '../../server/db/schema';
import { eventChatPath } from '#shared/domain/events';
import { addDays, dateInDays } from '#shared/domain/event-time';
import { makeEvent } from '../helpers/factories';
import { subscriptionsStarted } from '../helpers/subscriptions';
import {
  apiUser,
  eventCard as card,
  mainRegion as main,
  openPage,
  sessionContext,
  useE2e,
  VIEWPORTS,
} from '../helpers/e2e';

const e2e = useE2e();

const place = { eventTime: '17:00', locationName: 'Tromostovje', country: 'SI', location: 'Ljubljana' };

/** A date as the Slovenian form writes it. */
const typed = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${d}. ${m}. ${y}`;
};

describe.each(Object.entries(VIEWPORTS))('event tools on a %s', (name, options) => {
  const person = (fullName: string) =>
    apiUser(e2e.server, {
      fullName,
      email: `${fullName.split(' ')[0]!.toLowerCase()}.tools.${name}.${crypto.randomUUID()}@example.com`,
    });

  it('a full event: join the waitlist, see my place, get the seat when one frees up', async () => {
    const [ana, bor, cene] = [await person('Ana Kos'), await person('Bor Novak'), await person('Cene Zupan')];
    const title = `Poln sprehod (${name})`;
    const event = await ana.api.events.create.mutate({
      ...place,
      title,
      eventDate: dateInDays(2),
      maxAttendees: 2,
    });
    await bor.api.events.join.mutate({ id: event.id });
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, options, cene.token);
    try {
      const page = await openPage(context, e2e.server, '/events', errors);
      const item = card(page, title);
      await item.getByRole('button', { name: `V čakalno vrsto za ${title}` }).click();
      await page.getByText('Ste v čakalni vrsti, 1. po vrsti.').waitFor();
      await item.getByText('Čakalna vrsta: 1. po vrsti').waitFor();
      await item.getByText('V čakalni vrsti', { exact: true }).waitFor();
      // A seat comes free: it is mine, and the notice says so.
      await bor.api.events.leave.mutate({ id: event.id });
      await page.reload();
      await card(page, title)
        .getByRole('button', { name: `Zapusti dogodek ${title}` })
        .waitFor();
      await card(page, title).getByText('Udeležujete se').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await Promise.all([ana, bor, cene].map((p) => p.api.close()));
    }
  });

  it('the organiser creates a weekly series, then edits every upcoming date at once', async () => {
    const ana = await person('Ana Kos');
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    const title = `Tedenski trening (${name})`;
    const first = dateInDays(3);
    try {
      const page = await openPage(context, e2e.server, '/events', errors);
      await main(page).getByRole('button', { name: 'Ustvari dogodek' }).click();
      const form = page.getByRole('dialog', { name: 'Ustvari dogodek' });
      await form.getByLabel('Naslov').fill(title);
      await form.getByLabel('Datum', { exact: true }).fill(typed(first));
      await form.getByLabel('Ura').fill('18:00');
      await form.getByLabel('Ponavljanje').selectOption({ label: 'Vsak teden' });
      await form.getByLabel('Zadnji termin', { exact: true }).fill(typed(addDays(first, 14)));
      await form.getByLabel('Lokacija').fill('Park Tivoli');
      await form.getByRole('combobox', { name: 'Kraj' }).fill('Ljublj');
      await form.getByRole('option', { name: 'Ljubljana', exact: true }).click();
      await form.getByRole('button', { name: 'Ustvari dogodek', exact: true }).click();
      await form.waitFor({ state: 'detached' });
      await expect.poll(() => card(page, title).count(), { timeout: 10_000 }).toBe(3);
      await card(page, title).first().getByText('Ponavlja se').waitFor();

      // Edit one occurrence for the whole series.
      await card(page, title)
        .nth(1)
        .getByRole('button', { name: `Uredi ${title}` })
        .click();
      const edit = page.getByRole('dialog', { name: 'Uredi dogodek' });
      await edit.getByLabel('Naslov').fill(`${title} – nova ura`);
      await edit.getByLabel('Ura').fill('19:30');
      await edit.getByLabel('Vse prihajajoče termine v nizu').check();
      await edit.getByRole('button', { name: 'Shrani' }).click();
      await edit.waitFor({ state: 'detached' });
      await expect.poll(() => card(page, `${title} – nova ura`).count(), { timeout: 10_000 }).toBe(3);
      for (const item of await card(page, `${title} – nova ura`).all())
        await item.getByText('19:30').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await ana.api.close();
    }
  });

  it('organiser tools: approve a request, chat live with attendees, export the list, remove someone', async () => {
    const [ana, bor, cene] = [await person('Ana Kos'), await person('Bor Novak'), await person('Cene Zupan')];
    const title = `Z odobritvijo (${name})`;
    const event = await ana.api.events.create.mutate({
      ...place,
      title,
      eventDate: dateInDays(4),
      requiresApproval: true,
    });
    await bor.api.events.join.mutate({ id: event.id });
    await cene.api.events.join.mutate({ id: event.id });
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    try {
      const page = await openPage(context, e2e.server, `/events?dogodek=${event.id}`, errors);
      const details = page.getByRole('dialog', { name: title });
      await details.getByRole('link', { name: /Zemljevid/ }).waitFor();
      expect(await details.getByRole('link', { name: /Zemljevid/ }).getAttribute('href')).toBe(
        'https://www.openstreetmap.org/search?query=Tromostovje%2C%20Ljubljana%2C%20Slovenija',
      );
      expect(await details.getByRole('link', { name: 'Dodaj v koledar' }).getAttribute('href')).toBe(
        `/api/events/${event.id}/calendar.ics`,
      );
      await details.getByRole('button', { name: /Udeleženci: 1\/20/ }).click();
      const attendees = page.getByRole('dialog', { name: 'Udeleženci' });
      await attendees.getByRole('button', { name: 'Odobri prošnjo: Bor Novak' }).click();
      await attendees.getByRole('button', { name: 'Odstrani z dogodka: Bor Novak' }).waitFor();
      await attendees.getByRole('button', { name: 'Zavrni prošnjo: Cene Zupan' }).waitFor();

      // The list as a spreadsheet.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        // The attendee list stays open above the details on phones: close it first.
        (async () => {
          await page.keyboard.press('Escape');
          await details.getByRole('button', { name: 'Izvozi seznam (CSV)' }).click();
        })(),
      ]);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv.startsWith('\uFEFF"#","Ime","Status","Prijava"')).toBe(true);
      expect(csv).toContain('"Bor Novak","Udeleženec"');
      expect(csv).toContain('"Cene Zupan","Čaka na odobritev"');

      // The event's chat: Bor writes, Ana reads it live and answers.
      await details.getByRole('button', { name: 'Klepet dogodka' }).click();
      const chat = page.getByRole('dialog', { name: 'Klepet dogodka' });
      await chat.getByText('Še ni sporočil. Napišite prvo!').waitFor();
      await bor.api.events.chatSend.mutate({ eventId: event.id, content: 'Pridem s Piko!' });
      await chat.getByText('Pridem s Piko!').waitFor();
      await chat.getByLabel('Sporočilo vsem udeležencem').fill('Odlično, vidimo se!');
      await chat.getByRole('button', { name: 'Pošlji' }).click();
      await chat.getByText('Odlično, vidimo se!').waitFor();
      await expect
        .poll(
          async () => (await bor.api.events.chatMessages.query({ eventId: event.id })).map((m) => m.content),
          {
            timeout: 10_000,
          },
        )
        .toEqual(['Pridem s Piko!', 'Odlično, vidimo se!']);
      await page.keyboard.press('Escape');

      // Remove Bor: asked in the app's own dialog; cancelling keeps him and the focus on his button.
      await details.getByRole('button', { name: /Udeleženci: 2\/20/ }).click();
      const removeBor = attendees.getByRole('button', { name: 'Odstrani z dogodka: Bor Novak' });
      await removeBor.click();
      const confirm = page.getByRole('dialog', { name: 'Odstranim z dogodka?' });
      await confirm
        .getByText('Res želite odstraniti osebo Bor Novak? Dogodku se ne bo mogla znova pridružiti.')
        .waitFor();
      await confirm.getByRole('button', { name: 'Prekliči' }).click();
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => removeBor.evaluate((button) => button === document.activeElement)).toBe(true);
      await removeBor.click();
      await confirm.getByRole('button', { name: 'Odstrani', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      await removeBor.waitFor({ state: 'detached' });
      await page.getByText('Bor Novak ni več na dogodku.').waitFor();
      // His row is gone: the focus is on the attendee list's heading, inside the list's dialog.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Udeleženci');
      expect((await bor.api.events.byId.query({ id: event.id })).myStatus).toBe('removed');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await Promise.all([ana, bor, cene].map((p) => p.api.close()));
    }
  });

  it('the event chat keeps a message whose send fails, marked, and stores it once when sent again', async () => {
    const [ana, bor] = [await person('Ana Kos'), await person('Bor Novak')];
    const event = await ana.api.events.create.mutate({
      ...place,
      title: `Klepet brez povezave (${name})`,
      eventDate: dateInDays(3),
    });
    await bor.api.events.join.mutate({ id: event.id });
    const errors: string[] = [];
    const [contextA, contextB] = await Promise.all([
      sessionContext(e2e.browser, e2e.server, options, ana.token),
      sessionContext(e2e.browser, e2e.server, options, bor.token),
    ]);
    /** The chat's dialog, opened at its address once its live stream runs. */
    const openChat = async (context: BrowserContext) => {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      const live = subscriptionsStarted(page, ['events.onChatMessage']);
      await page.goto(`${e2e.server.url}${eventChatPath(event.id)}`);
      await live;
      return { page, log: page.getByRole('dialog', { name: 'Klepet dogodka' }).getByRole('log') };
    };
    const [a, b] = [await openChat(contextA), await openChat(contextB)];
    const isSend = (url: URL) => url.pathname.includes('events.chatSend');
    const idOf = (request: Request) => request.postData()?.match(/"id":"([0-9a-f-]{36})"/)?.[1] ?? '';
    const write = async (text: string) => {
      await a.page.getByLabel('Sporočilo vsem udeležencem').fill(text);
      await a.page.getByRole('button', { name: 'Pošlji' }).click();
      return a.log.getByRole('listitem').filter({ hasText: text });
    };
    const storedWith = async (text: string) =>
      (await bor.api.events.chatMessages.query({ eventId: event.id })).filter((m) => m.content === text);
    try {
      // Sends fail on the way: the message stays in the list, waiting for the connection. The second attempt
      // reaches the server but its answer is lost (Bor sees it live); the next, with the same id, gets the
      // stored message back. The route stays throughout (removing it while a retry is on its way could leave
      // that request stuck in the interception); `mode` says what it does.
      let mode: 'offline' | 'refuse' | 'online' = 'offline';
      const sentIds: string[] = [];
      await a.page.route(isSend, async (route) => {
        const request = route.request();
        sentIds.push(idOf(request));
        if (mode === 'online') return route.continue();
        if (mode === 'refuse') {
          // The server's own answer for an event it cannot find: nothing is stored.
          const elsewhere = request.postData()!.replace(event.id, '00000000-0000-4000-8000-000000000000');
          return route.fulfill({ response: await route.fetch({ postData: elsewhere }) });
        }
        if (sentIds.length === 2) await route.fetch();
        await route.abort('internetdisconnected');
      });
      const bubble = await write('Kdo prinese vodo?');
      await bubble.getByText('Čaka na povezavo …').waitFor();
      await b.log.getByText('Kdo prinese vodo?').waitFor({ timeout: 10_000 });
      expect(sentIds.length).toBeGreaterThanOrEqual(2);
      // Awaited from before the connection is back: a retry may go through at once.
      const delivered = a.page.waitForResponse((response) => isSend(new URL(response.url())), {
        timeout: 15_000,
      });
      mode = 'online';
      // Desktop: the browser says it is back online, so it goes at once; the phone waits for the backoff.
      if (name === 'desktop') await a.page.evaluate(() => window.dispatchEvent(new Event('online')));
      expect((await delivered).ok()).toBe(true);
      await bubble.locator('[data-status]').waitFor({ state: 'detached' });
      expect(await a.log.getByText('Kdo prinese vodo?').count()).toBe(1);
      expect(await b.log.getByText('Kdo prinese vodo?').count()).toBe(1);
      const stored = await storedWith('Kdo prinese vodo?');
      expect(stored).toHaveLength(1);
      expect(new Set(sentIds)).toEqual(new Set([stored[0]!.id]));

      // A refusal marks the message not sent, with the reason; "Poskusi znova" sends it again with the same
      // id, and it is stored once.
      mode = 'refuse';
      sentIds.length = 0;
      const refused = await write('Pridem ob petih.');
      await a.page.getByText('Ni mogoče poslati sporočila').waitFor();
      await refused.getByText('Ni poslano').waitFor();
      expect(await storedWith('Pridem ob petih.')).toEqual([]);
      mode = 'online';
      await refused.getByRole('button', { name: 'Poskusi znova' }).click();
      await refused.locator('[data-status]').waitFor({ state: 'detached' });
      await b.log.getByText('Pridem ob petih.').waitFor({ timeout: 10_000 });
      expect(await a.log.getByText('Pridem ob petih.').count()).toBe(1);
      const resent = await storedWith('Pridem ob petih.');
      expect(resent).toHaveLength(1);
      expect(sentIds).toEqual([resent[0]!.id, resent[0]!.id]);
      expect(errors).toEqual([]);
    } catch (error) {
      await Promise.all(
        [a.page, b.page].map((page, i) =>
          page.screenshot({ path: path.join(os.tmpdir(), `event-chat-outbox-${name}-${i}.png`) }),
        ),
      );
      throw error;
    } finally {
      await Promise.all([contextA.close(), contextB.close(), ana.api.close(), bor.api.close()]);
    }
  });

  it('a chat push opens the event with its chat, and what the chat shows counts as read', async () => {
    const [ana, bor] = [await person('Ana Kos'), await person('Bor Novak')];
    const title = `Klepet iz obvestila (${name})`;
    const event = await ana.api.events.create.mutate({ ...place, title, eventDate: dateInDays(5) });
    await bor.api.events.join.mutate({ id: event.id });
    const sent = await ana.api.events.chatSend.mutate({ eventId: event.id, content: 'Zbor pri vodnjaku.' });
    const borId = (await bor.api.auth.me.query())!.id;
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, options, bor.token);
    try {
      // Where the push's tap leads (server/services/delivery/push-delivery.ts).
      const page = await openPage(context, e2e.server, eventChatPath(event.id), errors);
      const chat = page.getByRole('dialog', { name: 'Klepet dogodka' });
      await chat.getByText('Zbor pri vodnjaku.').waitFor();
      const readSeq = async () =>
        (
          await e2e.server.app.deps.db
            .select()
            .from(eventChatReads)
            .where(and(eq(eventChatReads.eventId, event.id), eq(eventChatReads.userId, borId)))
        )[0]?.readSeq;
      await expect.poll(readSeq, { timeout: 10_000 }).toBe(sent.seq);
      // Closed, the event's details stay; the address no longer opens the chat.
      await page.keyboard.press('Escape');
      await chat.waitFor({ state: 'detached' });
      await page.getByRole('dialog', { name: title }).waitFor();
      expect(new URL(page.url()).searchParams.has('klepet')).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await Promise.all([ana, bor].map((p) => p.api.close()));
    }
  });

  it('the card counts the chat messages I have not read; tapping the count opens the chat and clears it', async () => {
    const [ana, bor] = [await person('Ana Kos'), await person('Bor Novak')];
    const title = `Neprebrano (${name})`;
    const event = await ana.api.events.create.mutate({ ...place, title, eventDate: dateInDays(5) });
    await bor.api.events.join.mutate({ id: event.id });
    await ana.api.events.chatSend.mutate({ eventId: event.id, content: 'Zbor pri vodnjaku.' });
    await ana.api.events.chatSend.mutate({ eventId: event.id, content: 'Prinesite vodo.' });
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, options, bor.token);
    try {
      const page = await openPage(context, e2e.server, `/events?q=${encodeURIComponent(title)}`, errors);
      const unread = card(page, title).getByRole('button', {
        name: `2 neprebrani sporočili v klepetu dogodka »${title}«`,
      });
      await unread.click();
      const chat = page.getByRole('dialog', { name: 'Klepet dogodka' });
      await chat.getByText('Prinesite vodo.').waitFor();
      await page.keyboard.press('Escape');
      await chat.waitFor({ state: 'detached' });
      // The details and the card behind them no longer count anything.
      const details = page.getByRole('dialog', { name: title });
      await details.getByRole('button', { name: 'Klepet dogodka', exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });
      await card(page, title).getByRole('heading', { name: title }).waitFor();
      expect(await unread.count()).toBe(0);
      // A new message shows again once the list is read again (here: the page comes back).
      await ana.api.events.chatSend.mutate({ eventId: event.id, content: 'Se vidimo!' });
      await page.reload();
      await card(page, title)
        .getByRole('button', { name: /^1 neprebrano sporočilo/ })
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await Promise.all([ana, bor].map((p) => p.api.close()));
    }
  });

  it('in German (long words) the bars and the organiser’s list fit: nothing overflows or overlaps', async () => {
    const ana = await person('Anneliese Obermüller-Schwarzenbach');
    const bor = await person('Bartholomäus Niederwieser-Hundertwasser');
    const title = `Hundeschulungsveranstaltung (${name})`;
    const event = await ana.api.events.create.mutate({
      ...place,
      title,
      eventDate: dateInDays(6),
      requiresApproval: true,
    });
    await bor.api.events.join.mutate({ id: event.id });
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    await context.addCookies([{ name: 'tacke.locale', value: 'de', url: e2e.server.url }]);
    try {
      const page = await openPage(context, e2e.server, `/events?dogodek=${event.id}`, errors);
      const details = page.getByRole('dialog', { name: title });
      await details.getByRole('button', { name: /Teilnehmende: 1\/20/ }).click();
      const list = page.getByRole('dialog', { name: /^Teilnehmende/ });
      const badge = list.getByText('Wartet auf Freigabe');
      await badge.waitFor();
      const boxes = await Promise.all(
        [
          badge,
          list.getByText('Bartholomäus Niederwieser-Hundertwasser', { exact: true }),
          list.getByText(/^Beigetreten am/),
          list.getByRole('button', { name: /^Anfrage annehmen/ }),
          list.getByRole('button', { name: /^Anfrage ablehnen/ }),
        ].map(async (item) => (await item.boundingBox())!),
      );
      const overlap = (a: (typeof boxes)[number], b: (typeof boxes)[number]) =>
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1)) expect(overlap(a, b)).toBe(false);
      // Every bar's words fit: the top bar on a desktop, the bottom bar's labels on a phone.
      const fits = await page.evaluate(() => {
        const bar = document.querySelector('header > div')!;
        const labels = [...document.querySelectorAll<HTMLElement>('nav li a > span:nth-of-type(2)')];
        return {
          topBar: bar.scrollWidth <= bar.clientWidth,
          bottomBar: labels.every((label) => label.scrollWidth <= label.clientWidth),
        };
      });
      expect(fits).toEqual({ topBar: true, bottomBar: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await Promise.all([ana, bor].map((p) => p.api.close()));
    }
  });

  it('the past tab lists the events I organised or attended, latest first', async () => {
    const [ana, bor] = [await person('Ana Kos'), await person('Bor Novak')];
    const db = e2e.server.app.deps.db;
    const anaId = (await ana.api.auth.me.query())!.id;
    const borId = (await bor.api.auth.me.query())!.id;
    await makeEvent(db, anaId, {
      title: `Lanski piknik (${name})`,
      startsAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const attended = await makeEvent(db, borId, {
      title: `Včerajšnji sprehod (${name})`,
      startsAt: new Date(Date.now() - 86_400_000),
    });
    await db.insert(eventAttendees).values({ eventId: attended.id, userId: anaId });
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    try {
      const page = await openPage(context, e2e.server, '/events', errors);
      await main(page).getByRole('tab', { name: 'Pretekli' }).click();
      const list = main(page).getByRole('list', { name: 'Moji pretekli dogodki' });
      await list.waitFor();
      expect(await list.getByRole('heading').allTextContents()).toEqual([
        `Včerajšnji sprehod (${name})`,
        `Lanski piknik (${name})`,
      ]);
      // Attended, in the past tense.
      await card(page, `Včerajšnji sprehod (${name})`).getByText('Udeležili ste se').waitFor();
      // A past event offers no joining.
      await card(page, `Včerajšnji sprehod (${name})`)
        .getByRole('button', { name: `Včerajšnji sprehod (${name})` })
        .click();
      await page.getByText('Dogodek je že minil.').waitFor();
      expect(page.url()).toContain(`dogodek=${attended.id}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await Promise.all([ana, bor].map((p) => p.api.close()));
    }
  });
});
