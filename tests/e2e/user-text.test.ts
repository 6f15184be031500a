import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { dateInDays } from '#shared/domain/event-time';
import { apiUser, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';

/**
 * "Bad input never hurts": HTML and script in user text is shown as text everywhere in the UI. Hostile text
 * is stored through the real API in every free-text field the UI shows, then every screen that shows it is
 * opened: the text must read exactly as typed, nothing may be built from it, nothing may run.
 */

const e2e = useE2e();

const PAYLOADS = {
  img: '<img src=x onerror="window.__pwned=1">',
  script: '<script>window.__pwned=1</script>',
  svg: '"><svg onload=window.__pwned=1>',
  js: 'javascript:alert(1)',
  template: "{{constructor.constructor('window.__pwned=1')()}}",
  entity: '&lt;b&gt;',
  bold: '<b>bold</b>',
};
/** Every payload, one space apart (ten words, so the 30-word previews show it whole). */
const ALL = Object.values(PAYLOADS).join(' ');

/** Each field gets the strongest mix its limit allows; the schemas accept all of these as they are. */
const TEXT = {
  fullName: `${PAYLOADS.img} ${PAYLOADS.bold} ${PAYLOADS.entity}`,
  /** Iceland has no city list, so its places are free text. */
  profileLocation: `${PAYLOADS.template} ${PAYLOADS.js}`,
  dogName: `${PAYLOADS.svg}${PAYLOADS.bold} ${PAYLOADS.entity}`,
  /** Eve's second dog: the one Vid likes and chats about (the first stays in his deck). */
  secondDogName: `${PAYLOADS.img} ${PAYLOADS.js}`,
  dogDescription: ALL,
  dogLocation: `${PAYLOADS.script} ${PAYLOADS.js}`,
  eventTitle: `${PAYLOADS.img} ${PAYLOADS.template}`,
  eventDescription: ALL,
  eventLocationName: `${PAYLOADS.svg} ${PAYLOADS.js} ${PAYLOADS.bold}`,
  eventCity: `${PAYLOADS.entity} ${PAYLOADS.script}`,
  /** An event that is cancelled, so its title reaches the attendee's notifications. */
  cancelledTitle: `${PAYLOADS.script} ${PAYLOADS.bold}`,
  announcementTitle: `${PAYLOADS.script} ${PAYLOADS.bold} ${PAYLOADS.entity}`,
  announcementContent: ALL,
  /** Chat messages: each payload alone, then all of them (the last one, so the chat list's snippet). */
  messages: [...Object.values(PAYLOADS), ALL],
};

/** Waits until the scope's text contains every one of `texts`, character for character. */
async function shows(scope: Locator, ...texts: string[]) {
  await scope.first().waitFor({ timeout: 10_000 });
  for (const text of texts)
    await expect
      .poll(async () => (await scope.first().textContent()) ?? '', { timeout: 10_000 })
      .toContain(text);
}

/** Nothing on the page was built from the payloads, ran them, or opened a dialog. */
async function inert(page: Page, dialogs: string[]) {
  const found = await page.evaluate(() => {
    const all = [...document.querySelectorAll('*')];
    const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href'];
    return {
      pwned: (window as { __pwned?: unknown }).__pwned,
      handlers: all.flatMap((element) =>
        [...element.attributes]
          .filter((attribute) => /^on/i.test(attribute.name))
          .map((attribute) => `${element.tagName}[${attribute.name}]`),
      ),
      images: document.querySelectorAll('img[src="x"]').length,
      svgs: document.querySelectorAll('svg[onload]').length,
      // Scripts that run: a JSON block (the data of a page rendered with the session) runs nothing.
      scripts: [...document.scripts].filter(
        (script) => script.type !== 'application/json' && script.textContent?.includes('__pwned'),
      ).length,
      bold: all.filter((element) => element.tagName === 'B' || element.textContent === 'bold').length,
      javascriptUrls: all.filter((element) =>
        urlAttributes.some((name) => /^\s*javascript:/i.test(element.getAttribute(name) ?? '')),
      ).length,
    };
  });
  expect(found).toEqual({
    pwned: undefined,
    handlers: [],
    images: 0,
    svgs: 0,
    scripts: 0,
    bold: 0,
    javascriptUrls: 0,
  });
  expect(dialogs).toEqual([]);
}

/** A page that records uncaught errors and any alert/confirm/prompt. */
async function openPage(context: BrowserContext, url: string, errors: string[], dialogs: string[]) {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.goto(`${e2e.server.url}${url}`);
  return page;
}

async function shot(page: Page | undefined, name: string) {
  await page?.screenshot({ path: path.join(os.tmpdir(), `user-text-${name}.png`), fullPage: true });
}

/**
 * Walks the screens in `walk`, signed in with `token` on a desktop, from `path`; each screen names its step.
 * Nothing may raise a page error; on a failure, a screenshot named `<name>-<step>` is saved.
 */
async function walkAs(
  { token, path: start, name, step: first }: { token: string; path: string; name: string; step: string },
  walk: (page: Page, at: { dialogs: string[]; errors: string[]; step(name: string): void }) => Promise<void>,
) {
  const errors: string[] = [];
  const dialogs: string[] = [];
  const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.desktop, token);
  let page: Page | undefined;
  let step = first;
  try {
    page = await openPage(context, start, errors, dialogs);
    await walk(page, { dialogs, errors, step: (next) => void (step = next) });
    expect(errors).toEqual([]);
  } catch (error) {
    await shot(page, `${name}-${step}`);
    throw error;
  } finally {
    await context.close();
  }
}

describe('hostile user text on a desktop', () => {
  let eve: Awaited<ReturnType<typeof apiUser>>;
  let vid: Awaited<ReturnType<typeof apiUser>>;
  let chatId: string;

  beforeAll(async () => {
    eve = await apiUser(e2e.server, { fullName: TEXT.fullName, email: 'eve@example.com' });
    vid = await apiUser(e2e.server, { fullName: 'Vid Zupan', email: 'vid@example.com' });
    // Eve is the admin too, so her announcement carries the payloads as well.
    await e2e.server.app.deps.db
      .update(users)
      .set({ role: 'admin' })
      .where(eq(users.email, 'eve@example.com'));
    await eve.api.profiles.update.mutate({
      fullName: TEXT.fullName,
      age: 30,
      country: 'IS',
      location: TEXT.profileLocation,
    });
    const dog = await eve.api.dogs.create.mutate({
      name: TEXT.dogName,
      breed: 'Mešanec',
      age: 3,
      gender: 'male',
      originCountry: 'IS',
      location: TEXT.dogLocation,
      description: TEXT.dogDescription,
    });
    expect(dog.name).toBe(TEXT.dogName);
    const second = await eve.api.dogs.create.mutate({
      name: TEXT.secondDogName,
      breed: 'Mešanec',
      age: 5,
      gender: 'female',
      originCountry: 'IS',
      location: TEXT.dogLocation,
      description: TEXT.dogDescription,
    });
    const bobi = await vid.api.dogs.create.mutate({
      name: 'Bobi',
      breed: 'Mešanec',
      age: 4,
      gender: 'male',
      location: 'Ljubljana',
    });
    // Eve's dogs live abroad at a place without coordinates: decks show them at any distance only.
    await vid.api.dogs.setDeckFilters.mutate({ radiusKm: null });

    // Vid likes Eve's second dog and she accepts: his sent request, her answer, and a chat about that dog.
    await vid.api.likes.like.mutate({ fromDogId: bobi.id, dogId: second.id });
    const request = (await eve.api.requests.list.query()).find((item) => item.direction === 'received');
    ({ chatId } = await eve.api.requests.accept.mutate({ id: request!.id }));
    // Vid has seen the acceptance ("It's a match" would open over his first page otherwise).
    const accepted = (await vid.api.requests.list.query()).find(
      (item) => item.type === 'acceptance_feedback',
    );
    await vid.api.requests.markRead.mutate({ id: accepted!.id });
    for (const content of TEXT.messages) await eve.api.chats.send.mutate({ chatId, content, type: 'text' });

    // Two events by Eve; Vid joins both, and the second is cancelled.
    const when = {
      eventDate: dateInDays(2),
      eventTime: '18:00',
      country: 'IS',
      eventType: 'playdate' as const,
    };
    const event = await eve.api.events.create.mutate({
      ...when,
      title: TEXT.eventTitle,
      description: TEXT.eventDescription,
      locationName: TEXT.eventLocationName,
      location: TEXT.eventCity,
    });
    const cancelled = await eve.api.events.create.mutate({
      ...when,
      title: TEXT.cancelledTitle,
      description: ALL,
      locationName: TEXT.eventLocationName,
      location: TEXT.eventCity,
    });
    await vid.api.events.join.mutate({ id: event.id });
    await vid.api.events.join.mutate({ id: cancelled.id });
    await eve.api.events.remove.mutate({ id: cancelled.id });

    await eve.api.announcements.create.mutate({
      title: TEXT.announcementTitle,
      content: TEXT.announcementContent,
      updateType: 'announcement',
    });
  });
  afterAll(async () => {
    await Promise.all([eve?.api.close(), vid?.api.close()]);
  });

  it('the other user sees it as text on the deck, dog and profile dialogs, events, chats and notifications', async () => {
    await walkAs({ token: vid.token, path: '/ujemanja', name: 'visitor', step: 'deck' }, async (page, at) => {
      // The deck: Eve's dog's card, its details, and the owner's profile from there.
      // One dog (Bobi): no picker, straight to the deck.
      const deckCard = page.getByRole('article', { name: TEXT.dogName });
      await shows(deckCard, TEXT.dogName, TEXT.dogDescription, TEXT.fullName);
      await inert(page, at.dialogs);

      at.step('dog-details');
      await page.getByRole('button', { name: `Pokaži podrobnosti o psu ${TEXT.dogName}` }).click();
      const details = page.getByRole('dialog', { name: TEXT.dogName });
      await shows(details, TEXT.dogName, TEXT.dogDescription, TEXT.dogLocation, TEXT.fullName);
      await inert(page, at.dialogs);

      at.step('profile');
      await details.getByRole('button', { name: TEXT.fullName }).click();
      const profile = page.getByRole('dialog', { name: TEXT.fullName });
      await shows(profile, TEXT.fullName, TEXT.profileLocation, TEXT.secondDogName, TEXT.dogName);
      await inert(page, at.dialogs);
      await page.keyboard.press('Escape');
      await profile.waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });

      // Events: the card, the details, the attendees.
      at.step('events');
      await page.goto(`${e2e.server.url}/events`);
      const eventCard = page
        .getByRole('main')
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: TEXT.eventTitle, exact: true }) });
      await shows(
        eventCard,
        TEXT.eventTitle,
        TEXT.eventDescription,
        TEXT.eventLocationName,
        TEXT.eventCity,
        TEXT.fullName,
      );
      await inert(page, at.dialogs);

      at.step('event-details');
      await eventCard.getByRole('button', { name: TEXT.eventTitle, exact: true }).click();
      const eventDetails = page.getByRole('dialog', { name: TEXT.eventTitle });
      await shows(
        eventDetails,
        TEXT.eventTitle,
        TEXT.eventDescription,
        TEXT.eventLocationName,
        TEXT.eventCity,
        TEXT.fullName,
      );
      await inert(page, at.dialogs);

      at.step('attendees');
      // The organiser's seat and Vid's.
      await eventDetails.getByRole('button', { name: /^Udeleženci: 2\// }).click();
      const attendees = page.getByRole('dialog', { name: 'Udeleženci' });
      await shows(attendees, 'Vid Zupan', TEXT.fullName);
      await inert(page, at.dialogs);
      await page.keyboard.press('Escape');
      await attendees.waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await eventDetails.waitFor({ state: 'detached' });

      // The bell: the request from Eve's dog; the cancelled event and the announcement under updates.
      at.step('bell');
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Obvestila/ })
        .click();
      const bell = page.getByRole('dialog', { name: 'Obvestila' });
      await shows(
        bell.getByRole('article').filter({ hasText: TEXT.secondDogName }),
        TEXT.fullName,
        TEXT.secondDogName,
      );
      await inert(page, at.dialogs);
      await bell.getByRole('tab', { name: /^Posodobitve/ }).click();
      await shows(bell.getByRole('article').filter({ hasText: TEXT.cancelledTitle }), TEXT.cancelledTitle);
      await shows(
        bell.getByRole('article').filter({ hasText: TEXT.announcementTitle }),
        TEXT.announcementTitle,
        TEXT.announcementContent,
      );
      await inert(page, at.dialogs);
      await page.keyboard.press('Escape');
      await bell.waitFor({ state: 'detached' });

      // The requests panel on /profil, both tabs.
      at.step('requests-panel');
      await page.goto(`${e2e.server.url}/profil`);
      const panel = page.getByRole('main').getByRole('region', { name: 'Obvestila' });
      await shows(
        panel.getByRole('article').filter({ hasText: TEXT.secondDogName }),
        TEXT.fullName,
        TEXT.secondDogName,
      );
      await panel.getByRole('tab', { name: /^Posodobitve/ }).click();
      await shows(panel.getByRole('article').filter({ hasText: TEXT.cancelledTitle }), TEXT.cancelledTitle);
      await shows(
        panel.getByRole('article').filter({ hasText: TEXT.announcementTitle }),
        TEXT.announcementTitle,
        TEXT.announcementContent,
      );
      await inert(page, at.dialogs);

      // /klepet: the list row (dog, owner, last message) and the open chat with every message.
      at.step('klepet');
      await page.goto(`${e2e.server.url}/klepet?chat=${chatId}`);
      const row = page.getByRole('listitem').filter({ hasText: `${TEXT.secondDogName} (Mešanec)` });
      await shows(row, TEXT.secondDogName, TEXT.fullName, ALL);
      const chat = page.getByRole('region', { name: `${TEXT.secondDogName} (Mešanec)` });
      const log = chat.getByRole('log', { name: 'Sporočila' });
      await shows(chat, TEXT.secondDogName, TEXT.fullName);
      // Each message is one bubble whose text is exactly what was sent (after the sender, for screen readers).
      await expect
        .poll(() => log.locator('li > p').allTextContents())
        .toEqual(expect.arrayContaining(TEXT.messages.map((message) => `${TEXT.fullName}: ${message}`)));
      await inert(page, at.dialogs);

      // The owner's name in the chat opens the profile.
      at.step('chat-profile');
      await chat.getByRole('button', { name: TEXT.fullName }).click();
      const chatProfile = page.getByRole('dialog', { name: TEXT.fullName });
      await shows(chatProfile, TEXT.fullName, TEXT.profileLocation, TEXT.secondDogName, TEXT.dogName);
      await inert(page, at.dialogs);
      await page.keyboard.press('Escape');
      await chatProfile.waitFor({ state: 'detached' });

      // /chat: the chat as a card.
      at.step('chat-cards');
      await page.goto(`${e2e.server.url}/chat`);
      const card = page.getByRole('region', { name: `${TEXT.secondDogName} (Mešanec)` });
      await shows(card, TEXT.secondDogName, TEXT.fullName, ...TEXT.messages);
      await inert(page, at.dialogs);
    });
  });

  it('the author sees it as text on /moji-psi, /profil and their own event', async () => {
    await walkAs(
      { token: eve.token, path: '/moji-psi', name: 'author', step: 'moji-psi' },
      async (page, at) => {
        const main = page.getByRole('main');
        await main.getByRole('heading', { name: 'Moji psi', level: 1 }).waitFor();
        await shows(main, TEXT.dogName, TEXT.secondDogName, TEXT.dogDescription, TEXT.dogLocation);
        await inert(page, at.dialogs);

        at.step('profil');
        await page.goto(`${e2e.server.url}/profil`);
        await shows(
          page.getByRole('main'),
          TEXT.fullName,
          TEXT.profileLocation,
          TEXT.dogName,
          TEXT.secondDogName,
        );
        await inert(page, at.dialogs);

        at.step('my-events');
        await page.goto(`${e2e.server.url}/events?filter=mine`);
        await shows(
          page.getByRole('main').getByRole('article').filter({ hasText: TEXT.eventTitle }),
          TEXT.eventTitle,
          TEXT.eventDescription,
          TEXT.eventLocationName,
          TEXT.eventCity,
        );
        await inert(page, at.dialogs);

        at.step('signed-out-events');
        const anonymous = await e2e.browser.newContext(VIEWPORTS.desktop);
        try {
          const visitor = await openPage(anonymous, '/events', at.errors, at.dialogs);
          await shows(
            visitor.getByRole('main').getByRole('article').filter({ hasText: TEXT.eventTitle }),
            TEXT.eventTitle,
            TEXT.eventDescription,
            TEXT.fullName,
          );
          await inert(visitor, at.dialogs);
        } finally {
          await anonymous.close();
        }
      },
    );
  });
});
