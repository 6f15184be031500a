import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../server/db/schema';
import { apiUser, see, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';
import { subscriptionsStarted } from '../helpers/subscriptions';

const e2e = useE2e();

type User = Awaited<ReturnType<typeof apiUser>>;

/** A user made through the API, with the dogs named (mixed breed, in Ljubljana). */
async function owner(fullName: string, email: string, dogNames: string[]) {
  const user = await apiUser(e2e.server, { fullName, email });
  const dogs = [];
  for (const name of dogNames)
    dogs.push(
      await user.api.dogs.create.mutate({
        name,
        breed: 'Mešanec',
        age: 3,
        gender: 'male',
        location: 'Ljubljana',
      }),
    );
  return { ...user, dogs };
}

const LIVE = ['requests.onChange', 'announcements.onChange'];

/** A signed-in page that fails the test on any uncaught error; opened at `url` with live updates running. */
async function openPage(context: BrowserContext, url: string, errors: string[]) {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  const live = subscriptionsStarted(page, LIVE);
  await page.goto(`${e2e.server.url}${url}`);
  await live;
  return page;
}

/** The bell in the top bar; its name says how many are unread. */
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Obvestila/ });

/** The requests panel on /profil. */
const panel = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Obvestila' });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(os.tmpdir(), `requests-${name}.png`), fullPage: true });
}

describe('requests and notifications', () => {
  let ana: Awaited<ReturnType<typeof owner>>;
  let bor: Awaited<ReturnType<typeof owner>>;
  beforeAll(async () => {
    ana = await owner('Ana Kos', 'ana@example.com', ['Piki']);
    bor = await owner('Bor Novak', 'bor@example.com', ['Rex', 'Luna']);
  });
  afterAll(async () => {
    await Promise.all([ana?.api.close(), bor?.api.close()]);
  });
  const like = (from: User & { dogs: { id: string }[] }, dogId: string) =>
    from.api.likes.like.mutate({ fromDogId: from.dogs[0]!.id, dogId });

  it('on a desktop: a like arrives live, is read, accepted and rejected; the liker sees each answer', async () => {
    const errors: string[] = [];
    const [contextA, contextB] = await Promise.all([
      sessionContext(e2e.browser, e2e.server, VIEWPORTS.desktop, ana.token),
      sessionContext(e2e.browser, e2e.server, VIEWPORTS.desktop, bor.token),
    ]);
    const [pageA, pageB] = await Promise.all([
      openPage(contextA, '/profil', errors),
      openPage(contextB, '/profil', errors),
    ]);
    try {
      const requestsB = panel(pageB);
      const requestsA = panel(pageA);
      await see(requestsB, 'Ni zahtev');
      await see(requestsA, 'Ni zahtev');
      expect(await bell(pageB).getAttribute('aria-label')).toBe('Obvestila');

      // Ana likes Rex: Bor's panel and bell show it without a reload.
      expect(await like(ana, bor.dogs[0]!.id)).toEqual({ outcome: 'requested' });
      const rex = requestsB.getByRole('article').filter({ hasText: 'Rex' });
      await see(rex, 'Ana Kos predlaga srečanje psov Piki (Mešanec) in Rex.');
      await see(rex, 'Novo');
      await see(rex, 'zdaj');
      await expect.poll(() => bell(pageB).getAttribute('aria-label')).toBe('Obvestila, 1 neprebrano');
      expect(await pageB.getByTestId('bell-badge').textContent()).toBe('1');
      await see(requestsB.getByRole('tab', { name: 'Vse (1)' }), 'Vse (1)');
      // Ana's sent request is pending.
      const sentRex = requestsA.getByRole('article').filter({ hasText: 'Rex' });
      await see(sentRex, 'Poslali ste zahtevo uporabniku Bor Novak: srečanje psov Piki in Rex.');
      await see(sentRex, 'V čakanju');

      // Opening it marks it read: the badge goes.
      await rex.getByRole('button', { name: /predlaga srečanje/ }).press('Enter');
      await see(rex, 'Prebrano');
      await expect.poll(() => bell(pageB).getAttribute('aria-label')).toBe('Obvestila');
      expect(await pageB.getByTestId('bell-badge').count()).toBe(0);

      // Accept: a toast and "It's a match" for Bor; Ana gets hers live (both closed here for later).
      await rex.getByRole('button', { name: 'Sprejmi' }).click();
      await see(pageB, 'Zahteva je sprejeta. Klepet je ustvarjen!');
      const matchB = pageB.getByRole('dialog', { name: 'To je ujemanje!' });
      await see(matchB, 'Rex in Piki sta si všeč.');
      await matchB.getByRole('button', { name: 'Kasneje' }).click();
      const matchA = pageA.getByRole('dialog', { name: 'To je ujemanje!' });
      await see(matchA, 'Piki in Rex sta si všeč.');
      await matchA.getByRole('button', { name: 'Kasneje' }).click();
      await matchA.waitFor({ state: 'detached' });
      // The card says accepted and links to the chat.
      await see(rex, 'Sprejeto');
      expect(await rex.getByRole('button', { name: 'Sprejmi' }).count()).toBe(0);
      expect(await rex.getByRole('link', { name: 'Odpri klepet' }).getAttribute('href')).toMatch(
        /^\/klepet\?chat=[0-9a-f-]{36}$/,
      );
      await requestsB.getByRole('tab', { name: 'Sprejete (1)' }).click();
      await see(requestsB, 'Ana Kos predlaga srečanje psov Piki (Mešanec) in Rex.');
      await requestsB.getByRole('tab', { name: 'Zavrnjene (0)' }).click();
      await see(requestsB, 'Ni zavrnjenih zahtev');
      await requestsB.getByRole('tab', { name: /^Vse/ }).click();

      await see(sentRex, 'Sprejeto');
      // Ana's acceptance notice: seen in the match view, so read.
      const feedback = requestsA.getByRole('article').filter({ hasText: 'je bila sprejeta' });
      await see(feedback, 'Bor Novak: vaša zahteva za psa Rex je bila sprejeta.');
      await see(feedback, 'Prebrano');
      await expect.poll(() => bell(pageA).getAttribute('aria-label')).toBe('Obvestila');

      // A second request, rejected: Ana's sent card says so.
      expect(await like(ana, bor.dogs[1]!.id)).toEqual({ outcome: 'requested' });
      const luna = requestsB.getByRole('article').filter({ hasText: 'Luna' });
      await see(luna, 'Novo');
      await luna.getByRole('button', { name: 'Zavrni' }).click();
      await see(pageB, 'Zahteva je zavrnjena.');
      await see(luna, 'Zavrnjeno');
      await expect.poll(() => bell(pageB).getAttribute('aria-label')).toBe('Obvestila');
      const sentLuna = requestsA.getByRole('article').filter({ hasText: 'Luna' });
      await see(sentLuna, 'Zavrnjeno');
      // Bor rejected one and accepted the other: Ana's filters count her sent requests by their badges.
      await see(requestsA.getByRole('tab', { name: 'Vse (3)' }), 'Vse (3)');
      await requestsA.getByRole('tab', { name: 'Zavrnjene (1)' }).click();
      await see(
        requestsA.getByRole('article'),
        'Poslali ste zahtevo uporabniku Bor Novak: srečanje psov Piki in Luna.',
      );
      await requestsA.getByRole('tab', { name: 'Sprejete (1)' }).click();
      await see(
        requestsA.getByRole('article'),
        'Poslali ste zahtevo uporabniku Bor Novak: srečanje psov Piki in Rex.',
      );
      expect(await requestsA.getByRole('article').count()).toBe(1);
      await requestsB.getByRole('tab', { name: 'Zavrnjene (1)' }).click();
      await see(requestsB, 'Luna');

      expect(errors).toEqual([]);
    } catch (error) {
      await Promise.all([shot(pageA, 'desktop-a'), shot(pageB, 'desktop-b')]);
      throw error;
    } finally {
      await Promise.all([contextA.close(), contextB.close()]);
    }
  });

  it('on a phone: the bell opens the panel as a sheet; a request is read and accepted there', async () => {
    const cene = await owner('Cene Zupan', 'cene@example.com', ['Bela']);
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.phone, bor.token);
    const page = await openPage(context, '/', errors);
    try {
      await bell(page).waitFor();
      expect(await bell(page).getAttribute('aria-label')).toBe('Obvestila');

      expect(await like(cene, bor.dogs[0]!.id)).toEqual({ outcome: 'requested' });
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Obvestila, 1 neprebrano');
      expect(await page.getByTestId('bell-badge').textContent()).toBe('1');

      await bell(page).click();
      const sheet = page.getByRole('dialog', { name: 'Obvestila' });
      await sheet.waitFor();
      // A bottom sheet: flush with the bottom of the screen.
      const box = await sheet.boundingBox();
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
      const card = sheet.getByRole('article').filter({ hasText: 'Cene Zupan' });
      await see(card, 'Cene Zupan predlaga srečanje psov Bela (Mešanec) in Rex.');
      // Anywhere on the card opens it (here: its corner, away from the buttons).
      await card.click({ position: { x: 8, y: 8 } });
      await see(card, 'Prebrano');
      // (The page behind the sheet is hidden from the accessibility tree, so the badge is found by its id.)
      await expect.poll(() => page.getByTestId('bell-badge').count()).toBe(0);

      await card.getByRole('button', { name: 'Sprejmi' }).click();
      await see(page, 'Zahteva je sprejeta. Klepet je ustvarjen!');
      // "It's a match" over the sheet: writing to Cene opens the chat and closes both.
      const match = page.getByRole('dialog', { name: 'To je ujemanje!' });
      await see(match, 'Rex in Bela sta si všeč.');
      await match.getByRole('button', { name: 'Napiši osebi Cene' }).click();
      await page.waitForURL(/\/klepet\?chat=[0-9a-f-]{36}$/);
      await sheet.waitFor({ state: 'detached' });
      await match.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Bela (Mešanec)' }).waitFor();

      expect(errors).toEqual([]);
    } catch (error) {
      await shot(page, 'phone');
      throw error;
    } finally {
      await context.close();
      await cene.api.close();
    }
  });

  it('more than nine unread show 9+ on the bell; a cancelled event reads as a notice', async () => {
    const eva = await apiUser(e2e.server, { fullName: 'Eva Horvat', email: 'eva@example.com' });
    const [row] = await e2e.server.app.deps.db.select().from(users).where(eq(users.email, 'eva@example.com'));
    await e2e.server.app.deps.db.insert(notifications).values(
      Array.from({ length: 10 }, (_, i) => ({
        ownerId: row!.id,
        notificationType: 'event_cancelled' as const,
        detail: `Sprehod ${i + 1}`,
      })),
    );
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.desktop, eva.token);
    const page = await openPage(context, '/profil', errors);
    try {
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Obvestila, 10 neprebranih');
      expect(await page.getByTestId('bell-badge').textContent()).toBe('9+');
      // Event notices are updates: counted on their own tab (once the panel's code, which comes after the
      // page's, is there), none on Zahteve.
      const updates = panel(page).getByRole('tab', { name: /^Posodobitve/ });
      await expect.poll(() => updates.textContent()).toBe('Posodobitve1010 neprebranih');
      expect(
        await panel(page)
          .getByRole('tab', { name: /^Zahteve/ })
          .textContent(),
      ).toBe('Zahteve');
      await updates.click();
      const notice = panel(page).getByRole('article').filter({ hasText: 'Sprehod 10' });
      await see(notice, 'Dogodek »Sprehod 10« je bil odpovedan.');
      await see(notice, 'Novo');
      expect(await notice.getByRole('button', { name: 'Sprejmi' }).count()).toBe(0);
      await notice.click();
      await see(notice, 'Prebrano');
      await expect.poll(() => page.getByTestId('bell-badge').textContent()).toBe('9');
      expect(await updates.textContent()).toBe('Posodobitve99 neprebranih');
      expect(errors).toEqual([]);
    } catch (error) {
      await shot(page, 'many');
      throw error;
    } finally {
      await Promise.all([context.close(), eva.api.close()]);
    }
  });

  describe.each(Object.entries(VIEWPORTS))('a match on a %s', (name, options) => {
    it('the one who liked first sees "It\'s a Match" live, once, and opens the chat from it', async () => {
      const [dan, zala] = await Promise.all([
        owner('Dan Kralj', `dan.${name}@example.com`, ['Oli']),
        owner('Zala Vidmar', `zala.${name}@example.com`, ['Miška']),
      ]);
      const errors: string[] = [];
      const context = await sessionContext(e2e.browser, e2e.server, options, dan.token);
      const page = await openPage(context, '/events', errors);
      try {
        expect(await like(dan, zala.dogs[0]!.id)).toEqual({ outcome: 'requested' });
        expect(await like(zala, dan.dogs[0]!.id)).toMatchObject({ outcome: 'match' });
        const dialog = page.getByRole('dialog', { name: 'To je ujemanje!' });
        await dialog.waitFor();
        await see(dialog, 'Oli in Miška sta si všeč.');
        // Seen once: it is read at once (the bell has nothing new) and a reload shows no dialog.
        const notice = async () =>
          (await dan.api.requests.list.query()).find((item) => item.type === 'match')?.status;
        await expect.poll(notice).toBe('read');
        await dialog.getByRole('button', { name: 'Napiši osebi Zala' }).click();
        await page.waitForURL(/\/klepet\?chat=[0-9a-f-]{36}$/);
        await dialog.waitFor({ state: 'detached' });
        // Dan talks to Zala about her dog.
        await page.getByRole('heading', { name: 'Miška (Mešanec)' }).waitFor();

        await page.reload();
        await page.getByRole('heading', { name: 'Miška (Mešanec)' }).waitFor();
        await page.waitForTimeout(500);
        expect(await page.getByRole('dialog', { name: 'To je ujemanje!' }).count()).toBe(0);
        expect(await bell(page).getAttribute('aria-label')).toBe('Obvestila');
        expect(errors).toEqual([]);
      } catch (error) {
        await shot(page, `match-${name}`);
        throw error;
      } finally {
        await Promise.all([context.close(), dan.api.close(), zala.api.close()]);
      }
    });
  });

  describe.each(Object.entries(VIEWPORTS))('announcements on a %s', (name, options) => {
    it('the admin posts and removes one; another user sees both live and has no form', async () => {
      const admin = await apiUser(e2e.server, {
        fullName: 'Admin Tačke',
        email: `admin.${name}@example.com`,
      });
      await e2e.server.app.deps.db
        .update(users)
        .set({ role: 'admin' })
        .where(eq(users.email, `admin.${name}@example.com`));
      const errors: string[] = [];
      const [contextAdmin, contextUser] = await Promise.all([
        sessionContext(e2e.browser, e2e.server, options, admin.token),
        sessionContext(e2e.browser, e2e.server, options, ana.token),
      ]);
      const [adminPage, userPage] = await Promise.all([
        openPage(contextAdmin, '/profil', errors),
        openPage(contextUser, '/profil', errors),
      ]);
      try {
        const title = `Nova funkcija: ujemanja (${name})`;
        const userPanel = panel(userPage);
        await userPanel.getByRole('tab', { name: 'Posodobitve' }).click();
        await see(userPanel, 'Ni sistemskih obvestil');
        expect(await userPanel.getByRole('form').count()).toBe(0);
        expect(await userPanel.getByRole('button', { name: 'Objavi' }).count()).toBe(0);

        const adminPanel = panel(adminPage);
        await adminPanel.getByRole('tab', { name: 'Posodobitve' }).click();
        const form = adminPanel.getByRole('form', { name: 'Novo obvestilo' });
        await form.waitFor();
        // The shared schema refuses blank fields, in Slovenian, and focuses the first.
        await form.getByLabel('Naslov').fill('   ');
        await form.getByRole('button', { name: 'Objavi' }).click();
        await see(form, 'Vpišite naslov.');
        await see(form, 'Vpišite vsebino.');
        expect(await adminPage.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');

        await form.getByLabel('Naslov').fill(title);
        await form.getByLabel('Vsebina').fill('Zdaj lahko iščete pse po vsej Sloveniji.\nPreizkusite!');
        await form.getByLabel('Vrsta').selectOption({ label: 'Nova funkcija' });
        await form.getByRole('button', { name: 'Objavi' }).click();
        await see(adminPage, 'Obvestilo je bilo uspešno objavljeno');
        expect(await form.getByLabel('Naslov').inputValue()).toBe('');

        // The other user sees it at once, with its type.
        const posted = userPanel.getByRole('article').filter({ hasText: title });
        await see(posted, 'Zdaj lahko iščete pse po vsej Sloveniji.');
        await see(posted, 'Nova funkcija');
        expect(await posted.getByRole('button', { name: /Odstrani/ }).count()).toBe(0);

        // Removing it takes a second click; it goes from the other user's list too.
        const own = adminPanel.getByRole('article').filter({ hasText: title });
        await own.getByRole('button', { name: `Odstrani obvestilo »${title}«` }).click();
        await own.getByRole('group').getByRole('button', { name: 'Odstrani' }).click();
        await see(adminPage, 'Obvestilo je odstranjeno');
        await posted.waitFor({ state: 'detached' });
        await see(userPanel, 'Ni sistemskih obvestil');

        expect(errors).toEqual([]);
      } catch (error) {
        await Promise.all([shot(adminPage, `${name}-admin`), shot(userPage, `${name}-user`)]);
        throw error;
      } finally {
        await Promise.all([contextAdmin.close(), contextUser.close(), admin.api.close()]);
      }
    });
  });
});
