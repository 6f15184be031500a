import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { reports, users } from '../../server/db/schema';
import { appendMessage } from '../../server/services/chat/chats';
import { makeChat, makeDog, makeEvent, makeUser } from '../helpers/factories';
import { see, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';

const e2e = useE2e();

const main = (page: Page) => page.getByRole('main');

let serial = 0;
/** A confirmed user with a dog, straight in the database. */
async function person(fullName: string, role: 'user' | 'admin' = 'user') {
  serial++;
  const db = e2e.server.app.deps.db;
  const user = await makeUser(db, { fullName, email: `safety-${serial}-${Date.now()}@example.com`, role });
  const dog = await makeDog(db, user.id, { name: `${fullName.split(' ')[0]}pes${serial}` });
  return { ...user, fullName, dog };
}

async function open(token: string | null, viewport: keyof typeof VIEWPORTS, url: string, errors: string[]) {
  const context = token
    ? await sessionContext(e2e.browser, e2e.server, VIEWPORTS[viewport], token)
    : await e2e.browser.newContext(VIEWPORTS[viewport]);
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${e2e.server.url}${url}`);
  return { page, close: () => context.close() };
}

describe.each(['phone', 'desktop'] as const)('safety on a %s', (viewport) => {
  it('blocks the other person from the chat: the chat goes, and so does their dog; unblocked in the settings', async () => {
    const [ana, bor] = [await person('Ana Blok'), await person('Bor Blok')];
    const db = e2e.server.app.deps.db;
    const chat = await makeChat(
      db,
      { userId: bor.id, dogId: bor.dog.id },
      { userId: ana.id, dogId: ana.dog.id },
    );
    await appendMessage(db, bor.id, { chatId: chat.id, content: 'Grdo sporočilo', messageType: 'text' });
    const errors: string[] = [];
    const { page, close } = await open(ana.token, viewport, `/klepet?chat=${chat.id}`, errors);
    try {
      // The safety tips sit above a chat until closed, once for all chats.
      const tips = main(page).getByRole('complementary', { name: 'Varno na prvo srečanje' });
      await tips.waitFor();
      await tips.getByRole('button', { name: 'Zapri varnostne nasvete' }).click();
      await tips.waitFor({ state: 'detached' });

      // His message, reported: the reason and the good-faith statement (a signed-in reporter needs no address).
      await main(page).getByRole('button', { name: 'Prijavi sporočilo' }).click();
      const report = page.getByRole('dialog', { name: 'Prijavi sporočilo' });
      await report.getByRole('radio', { name: 'Nadlegovanje ali žalitve' }).check();
      await report.getByRole('checkbox').check();
      await report.getByRole('button', { name: 'Pošlji prijavo' }).click();
      await see(page, 'Hvala, prijavo smo prejeli');
      await page.keyboard.press('Escape');
      const [stored] = await db.select().from(reports).where(eq(reports.targetUserId, bor.id));
      expect(stored).toMatchObject({
        targetType: 'message',
        reason: 'harassment',
        snapshot: { content: 'Grdo sporočilo' },
      });

      await main(page).getByRole('button', { name: 'Več možnosti' }).click();
      await page.getByRole('menuitem', { name: 'Blokiraj: Bor Blok' }).click();
      const dialog = page.getByRole('dialog', { name: 'Blokiram uporabnika Bor Blok?' });
      await dialog.getByRole('button', { name: 'Blokiraj', exact: true }).click();
      await see(page, 'Bor Blok je blokiran(a)');
      await page.waitForURL((url) => !url.searchParams.has('chat'));
      expect(await main(page).getByText(bor.dog.name).count()).toBe(0);

      await page.goto(`${e2e.server.url}/profil`);
      const settings = main(page).getByRole('region', { name: 'Nastavitve' });
      await settings.getByRole('button', { name: 'Odblokiraj: Bor Blok' }).click();
      await see(page, 'Blokada je odstranjena');
      await see(settings, 'Nikogar niste blokirali.');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a visitor reports an event; an admin suspends its organiser, who then cannot sign in', async () => {
    const [organiser, admin] = [await person('Ojo Organizator'), await person('Ada Moderatorka', 'admin')];
    const event = await makeEvent(e2e.server.app.deps.db, organiser.id, {
      title: `Sumljiv sprehod ${serial}`,
    });
    const errors: string[] = [];
    const visitor = await open(null, viewport, `/events`, errors);
    try {
      const page = visitor.page;
      await main(page).getByRole('button', { name: event.title }).first().click();
      const details = page.getByRole('dialog', { name: event.title });
      await details.getByRole('button', { name: 'Prijavi dogodek' }).click();
      const report = page.getByRole('dialog', { name: 'Prijavi dogodek' });
      await report.getByRole('button', { name: 'Pošlji prijavo' }).click();
      // Every missing answer at once: reason, contact, good faith.
      await see(report, 'Izberite razlog prijave');
      await see(report, 'Potrdite, da prijavo dajete v dobri veri');
      await report.getByRole('radio', { name: 'Lažen profil ali prevara' }).check();
      await report
        .getByRole('textbox', { name: 'E-poštni naslov za odgovor' })
        .fill('opazovalec@example.com');
      await report.getByRole('checkbox').check();
      await report.getByRole('button', { name: 'Pošlji prijavo' }).click();
      await see(page, 'Hvala, prijavo smo prejeli');
    } finally {
      await visitor.close();
    }

    const moderator = await open(admin.token, viewport, '/events', errors);
    try {
      const page = moderator.page;
      // The way in, from any page: the top bar's link, an admin's only.
      await page.getByRole('banner').getByRole('link', { name: 'Moderacija' }).click();
      await page.getByRole('heading', { name: 'Moderacija', level: 1 }).waitFor();
      const card = main(page).getByRole('article', { name: 'Dogodek: Lažen profil ali prevara' }).first();
      // The event as reported: its fields by name, none empty.
      await card.getByRole('term').filter({ hasText: 'Naslov' }).waitFor();
      await card.getByRole('definition').filter({ hasText: event.title }).waitFor();
      expect(await card.textContent()).not.toMatch(/null|undefined/);
      await card.getByRole('combobox', { name: 'Odločitev' }).selectOption('suspend');
      await card.getByRole('spinbutton', { name: 'Trajanje (dni)' }).fill('3');
      await card.getByRole('textbox', { name: 'Obrazložitev (prejme jo uporabnik)' }).fill('Lažni dogodki.');
      await card.getByRole('button', { name: 'Odloči' }).click();
      await see(page, 'Odločitev je zapisana in poslana');
      await main(page).getByRole('tab', { name: 'Dnevnik' }).click();
      await see(main(page), 'Lažni dogodki.');
    } finally {
      await moderator.close();
    }
    const [suspended] = await e2e.server.app.deps.db
      .select({ until: users.suspendedUntil })
      .from(users)
      .where(eq(users.id, organiser.id));
    expect(suspended!.until!.getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);

    const signIn = await open(null, viewport, '/auth', errors);
    try {
      const page = signIn.page;
      await page.getByLabel('E-pošta').fill(organiser.email);
      await page.getByLabel('Geslo').fill(organiser.password);
      await page.getByRole('button', { name: 'Prijavi se' }).click();
      await see(page, 'Vaš račun je zaradi kršitve pravil začasno onemogočen.');
      expect(errors).toEqual([]);
    } finally {
      await signIn.close();
    }
  });
});

describe('safety for non-admins', () => {
  let token = '';
  beforeAll(async () => {
    token = (await person('Navadna Uporabnica')).token;
  });

  it('keeps /admin closed to a user who is not an admin', async () => {
    const errors: string[] = [];
    const { page, close } = await open(token, 'desktop', '/admin', errors);
    try {
      await see(page, 'Ni dostopa');
      expect(await main(page).getByRole('tab').count()).toBe(0);
      expect(await page.getByRole('banner').getByRole('link', { name: 'Moderacija' }).count()).toBe(0);
    } finally {
      await close();
    }
  });
});
