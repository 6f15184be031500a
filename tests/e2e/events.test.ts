import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { events, profiles, users } from '../../server/db/schema';
import { dateInDays, eventInstant, eventWeeks, todayInLjubljana } from '#shared/domain/event-time';
import { LIMITS } from '#shared/limits';
import {
  apiUser,
  eventCard as card,
  mainRegion as main,
  openPage,
  see,
  sessionContext,
  useE2e,
  VIEWPORTS,
} from '../helpers/e2e';

const e2e = useE2e();

/** Type into a picker and choose the suggestion. */
async function pick(scope: Locator, label: string, text: string, option: string) {
  await scope.getByRole('combobox', { name: label }).fill(text);
  await scope.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Tomorrow at 18:00, and the week chip that shows it: 'Ta teden', or 'Naslednji teden' when today is Sunday
 * (weeks start on Monday in Ljubljana).
 */
function tomorrowEvening() {
  const date = dateInDays(1);
  const startsAt = eventInstant(date, '18:00');
  const thisWeek = startsAt < eventWeeks().thisWeek.to;
  return {
    date,
    time: '18:00',
    startsAt,
    week: thisWeek ? 'Ta teden' : 'Naslednji teden',
    otherWeek: thisWeek ? 'Naslednji teden' : 'Ta teden',
  };
}

const list = (page: Page) => main(page).getByRole('list', { name: 'Prihajajoči dogodki' });
const chip = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(os.tmpdir(), `events-${name}.png`), fullPage: true });
}

/** What an empty list of upcoming events says. */
const EMPTY_TITLE = 'Ni prihajajočih dogodkov';

describe.each(Object.entries(VIEWPORTS))('events on a %s', (name, options) => {
  it('A creates an event; B finds it by search and week, joins and sees the attendees; A edits and deletes it', async () => {
    const ana = await apiUser(e2e.server, { fullName: 'Ana Kos', email: `ana.events.${name}@example.com` });
    const bor = await apiUser(e2e.server, { fullName: 'Bor Novak', email: `bor.events.${name}@example.com` });
    const errors: string[] = [];
    const [contextA, contextB] = await Promise.all([
      sessionContext(e2e.browser, e2e.server, options, ana.token),
      sessionContext(e2e.browser, e2e.server, options, bor.token),
    ]);
    const pageA = await openPage(contextA, e2e.server, '/events', errors);
    let pageB: Page | undefined;
    const when = tomorrowEvening();
    const title = `Sprehod v Tivoliju (${name})`;
    try {
      await main(pageA).getByRole('heading', { name: 'Dogodki', level: 1 }).waitFor();
      expect(await pageA.title()).toBe('Dogodki · Tačke');
      // Signed in: all four filters are offered.
      for (const filter of ['Moji dogodki', 'V bližini', 'Ta teden', 'Naslednji teden'])
        await chip(pageA, filter).waitFor();

      // No events yet: the empty state says so, and the header's button, where it stands with a full list,
      // is the one way to create (it did not show until the list arrived, and the page jumped).
      await main(pageA).getByRole('heading', { name: EMPTY_TITLE }).waitFor();
      expect(await main(pageA).getByRole('button', { name: 'Ustvari dogodek' }).count()).toBe(1);
      expect(
        await main(pageA).locator('header').getByRole('button', { name: 'Ustvari dogodek' }).count(),
      ).toBe(1);
      // Create: the dialog starts in Slovenia with the spec's defaults; saving waits for a city.
      await main(pageA).getByRole('button', { name: 'Ustvari dogodek' }).click();
      const form = pageA.getByRole('dialog', { name: 'Ustvari dogodek' });
      await form.waitFor();
      expect(await form.getByRole('combobox', { name: 'Država' }).inputValue()).toBe('Slovenija');
      expect(await form.getByLabel('Največ udeležencev').inputValue()).toBe('20');
      expect(await form.getByLabel('Vrsta dogodka').inputValue()).toBe('meetup');
      // Two hours unless chosen otherwise, from a few common lengths.
      const duration = form.getByLabel('Trajanje');
      expect(await duration.inputValue()).toBe('120');
      expect(await duration.locator('option').allTextContents()).toEqual([
        '30 minut',
        '1 ura',
        '1 ura in 30 minut',
        '2 uri',
        '3 ure',
        '4 ure',
        'Cel dan (24 ur)',
      ]);
      // Date and time in the page's language, whatever the browser's: typed as written here, or picked.
      const dateField = form.getByLabel('Datum', { exact: true });
      expect(await dateField.getAttribute('placeholder')).toBe('dd. mm. llll');
      const submit = form.getByRole('button', { name: 'Ustvari dogodek', exact: true });
      // Saving an empty form says everything that is missing at once, and nothing is saved.
      await form.getByLabel('Ura').fill('');
      await submit.click();
      for (const text of [
        'Vpišite naslov dogodka.',
        'Izberite datum dogodka.',
        'Čas mora biti v obliki uu:mm (npr. 16:00)',
        'Vpišite kraj srečanja.',
        'Lokacija je obvezna',
      ])
        await see(form, text);
      expect(await pageA.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');

      await form.getByLabel('Naslov').fill(title);
      await form.getByLabel('Vrsta dogodka').selectOption({ label: 'Igra' });
      await form.getByLabel('Največ udeležencev').fill('10');
      await duration.selectOption({ label: '1 ura in 30 minut' });
      await form.getByLabel('Lokacija').fill('Park Tivoli, pri vodnjaku');
      await pick(form, 'Kraj', 'Ljublj', 'Ljubljana');
      await form.getByLabel('Opis').fill('Prinesite vodo in žogo. Psi na povodcu do parka.');
      // The shared schema refuses a time already past, on the field, together with any other error.
      // Today, picked from the calendar (in Slovenian), reads as Slovenian writes it.
      await form.getByRole('button', { name: 'Datum: izberi v koledarju' }).click();
      const calendar = pageA.getByRole('dialog', { name: 'Datum' });
      const [ty, tm, td] = todayInLjubljana().split('-').map(Number) as [number, number, number];
      await calendar.getByRole('grid').waitFor();
      await calendar
        .getByRole('button', { name: new RegExp(`\\b${td}\\. .*${ty}`) })
        .first()
        .click();
      await calendar.waitFor({ state: 'detached' });
      expect(await dateField.inputValue()).toBe(`${td}. ${tm}. ${ty}`);
      await form.getByLabel('Ura').fill('0000');
      await form.getByLabel('Lokacija').fill('');
      await submit.click();
      await see(form, 'Datum in čas dogodka ne sme biti v preteklosti');
      await see(form, 'Vpišite kraj srečanja.');
      expect(await pageA.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('eventTime');
      await form.getByLabel('Lokacija').fill('Park Tivoli, pri vodnjaku');

      const [wy, wm, wd] = when.date.split('-').map(Number) as [number, number, number];
      await form.getByLabel('Datum', { exact: true }).fill(`${wd}.${wm}.${wy}`);
      await form.getByLabel('Ura').fill(when.time.replace(':', '.'));
      await form.getByLabel('Ura').blur();
      expect(await form.getByLabel('Ura').inputValue()).toBe(when.time);
      expect(await form.getByLabel('Datum', { exact: true }).inputValue()).toBe(`${wd}. ${wm}. ${wy}`);
      await submit.click();
      await see(pageA, 'Dogodek je bil uspešno ustvarjen!');
      await form.waitFor({ state: 'detached' });

      // The card: type, date, time, place, count, description, creator; mine, so edit instead of join.
      const cardA = card(pageA, title);
      await cardA.waitFor();
      const [y, m, d] = when.date.split('-').map(Number);
      for (const text of [
        'Igra',
        new RegExp(`${d}\\.\\s*${m}\\.\\s*${y}`),
        '18:00',
        'Park Tivoli, pri vodnjaku, Ljubljana',
        'Udeleženci: 1/10',
        'Prinesite vodo in žogo.',
        'Organizator: Ana Kos',
        'Vaš dogodek',
      ])
        await see(cardA, text);
      await cardA.getByRole('button', { name: `Uredi ${title}` }).waitFor();
      expect(await cardA.getByRole('button', { name: /^Pridruži se/ }).count()).toBe(0);

      // B searches: the address keeps the search, so it survives a reload.
      pageB = await openPage(contextB, e2e.server, '/events', errors);
      const search = main(pageB).getByRole('searchbox', { name: 'Iskanje dogodkov' });
      await search.fill('tivoli');
      await pageB.waitForURL(/[?&]q=tivoli/);
      const cardB = card(pageB, title);
      await cardB.waitFor();
      await search.fill('ni takega dogodka');
      await see(main(pageB), 'Noben dogodek ne ustreza iskanju');
      await search.fill('vodnjak');
      await pageB.waitForURL(/[?&]q=vodnjak/);
      await cardB.waitFor();
      await pageB.reload();
      await cardB.waitFor();
      expect(await search.inputValue()).toBe('vodnjak');

      // The week filters: one at a time, toggled, in the address too.
      await chip(pageB, when.otherWeek).click();
      await see(main(pageB), 'Noben dogodek ne ustreza iskanju');
      await chip(pageB, when.week).click();
      await cardB.waitFor();
      expect(await chip(pageB, when.week).getAttribute('aria-pressed')).toBe('true');
      expect(await chip(pageB, when.otherWeek).getAttribute('aria-pressed')).toBe('false');
      expect(new URL(pageB.url()).searchParams.get('filter')).toBe(
        when.week === 'Ta teden' ? 'thisWeek' : 'nextWeek',
      );
      // The type chips: Trening hides this playdate, Igra shows it.
      await chip(pageB, 'Trening').click();
      await see(main(pageB), 'Noben dogodek ne ustreza iskanju');
      await chip(pageB, 'Igra').click();
      await cardB.waitFor();

      // Details: everything, then B joins there.
      await cardB.getByRole('button', { name: title, exact: true }).click();
      const details = pageB.getByRole('dialog', { name: title });
      await details.waitFor();
      const longDate = new Intl.DateTimeFormat('sl-SI', {
        timeZone: 'Europe/Ljubljana',
        weekday: 'long',
      }).format(when.startsAt);
      for (const text of [
        'Igra',
        longDate,
        // From its start to its end (an hour and a half).
        '18:00–19:30',
        'Park Tivoli, pri vodnjaku',
        'Ljubljana, Slovenija',
        'Udeleženci: 1/10',
        'Prinesite vodo in žogo.',
        'Ana Kos',
      ])
        await see(details, text);
      await details.getByRole('button', { name: `Pridruži se dogodku ${title}` }).click();
      await see(pageB, 'Pridružili ste se dogodku!');
      await details.getByRole('button', { name: `Zapusti dogodek ${title}` }).waitFor();
      await see(details, 'Udeleženci: 2/10');
      await see(details, 'Udeležujete se');

      // The attendee list: the creator first (labelled), then B; the count includes the creator's seat.
      await details.getByRole('button', { name: 'Udeleženci: 2/10' }).click();
      const attendees = pageB.getByRole('dialog', { name: 'Udeleženci' });
      await see(attendees, 'Bor Novak');
      const rows = attendees.getByRole('listitem');
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(0).innerText()).toMatch(/Ana Kos\s*Organizator/);
      expect(await rows.nth(1).innerText()).toContain('Bor Novak');
      expect(await rows.nth(1).innerText()).toMatch(/Pridružitev .* ob \d\d:\d\d/);
      expect(await attendees.getByLabel('2 udeleženca').textContent()).toBe('2');
      await pageB.keyboard.press('Escape');
      await attendees.waitFor({ state: 'detached' });
      await pageB.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });
      await see(cardB, 'Udeleženci: 2/10');
      await cardB.getByRole('button', { name: `Zapusti dogodek ${title}` }).waitFor();

      // A edits the title (the list was fetched before B joined: a reload shows the new count).
      await pageA.reload();
      await see(cardA, 'Udeleženci: 2/10');
      await cardA.getByRole('button', { name: `Uredi ${title}` }).click();
      const edit = pageA.getByRole('dialog', { name: 'Uredi dogodek' });
      await edit.waitFor();
      expect(await edit.getByLabel('Naslov').inputValue()).toBe(title);
      expect(await edit.getByRole('combobox', { name: 'Kraj' }).inputValue()).toBe('Ljubljana');
      expect(await edit.getByLabel('Trajanje').inputValue()).toBe('90');
      const renamed = `${title} ob vodnjaku`;
      await edit.getByLabel('Naslov').fill(renamed);
      await edit.getByRole('button', { name: 'Shrani spremembe' }).click();
      await see(pageA, 'Dogodek je bil uspešno posodobljen!');
      await edit.waitFor({ state: 'detached' });
      const renamedA = card(pageA, renamed);
      await see(renamedA, 'Udeleženci: 2/10');

      // A deletes it from the details, after confirming; it leaves both lists.
      await renamedA.getByRole('button', { name: renamed, exact: true }).click();
      const mine = pageA.getByRole('dialog', { name: renamed });
      await mine.getByRole('button', { name: 'Izbriši' }).click();
      const confirm = pageA.getByRole('dialog', { name: 'Izbrišem dogodek?' });
      await confirm.getByRole('button', { name: 'Izbriši' }).click();
      await see(pageA, 'Dogodek je bil uspešno izbrisan.');
      await mine.waitFor({ state: 'detached' });
      await renamedA.waitFor({ state: 'detached' });
      await pageB.reload();
      await see(main(pageB), 'Noben dogodek ne ustreza iskanju');
      expect(await card(pageB, renamed).count()).toBe(0);
      expect(await (await ana.api.events.list.query({ search: 'vodnjak' })).length).toBe(0);

      expect(errors).toEqual([]);
    } catch (error) {
      await Promise.all([shot(pageA, `${name}-a`), pageB && shot(pageB, `${name}-b`)]);
      throw error;
    } finally {
      await Promise.all([contextA.close(), contextB.close(), ana.api.close(), bor.api.close()]);
    }
  });
});

/** `count` events of a demo organiser, written straight into the database, a day apart from `fromDay`. */
async function insertEvents(count: number, fromDay: number) {
  const { db } = e2e.server.app.deps;
  const [organiser] = await db
    .insert(users)
    .values({ email: 'organizator@example.com', passwordHash: null, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  await db.insert(profiles).values({ userId: organiser!.id, fullName: 'Društvo Tačke' });
  await db.insert(events).values(
    Array.from({ length: count }, (_, i) => {
      const date = dateInDays(fromDay + i);
      return {
        userId: organiser!.id,
        title: `Srečanje št. ${i + 1}`,
        eventDate: date,
        eventTime: '12:00',
        startsAt: eventInstant(date, '12:00'),
        locationName: 'Mestni park',
        country: 'SI',
        city: 'Celje',
      };
    }),
  );
}

describe.each(Object.entries(VIEWPORTS))('filters and toasts on a %s', (name, options) => {
  it('lists the filters in force and clears them; chips hint they scroll; toasts leave the top bar free', async () => {
    const eva = await apiUser(e2e.server, {
      fullName: 'Eva Horvat',
      email: `eva.filters.${name}@example.com`,
    });
    const errors: string[] = [];
    const context = await sessionContext(e2e.browser, e2e.server, options, eva.token);
    const page = await openPage(context, e2e.server, '/events', errors);
    try {
      const active = main(page).getByRole('group', { name: 'Izbrani filtri' });
      const types = main(page).getByRole('group', { name: 'Vrsta dogodka' });
      await types.waitFor();
      expect(await active.count()).toBe(0);
      if (name === 'phone') {
        // More chips than fit: the far edge fades until the row is scrolled to its end.
        expect(await types.getAttribute('data-more-after')).toBe('true');
        expect(await types.evaluate((row) => getComputedStyle(row).maskImage)).toContain('gradient');
        await types.evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
        await expect.poll(() => types.getAttribute('data-more-before')).toBe('true');
        expect(await types.getAttribute('data-more-after')).toBeNull();
      } else {
        // Wide enough to wrap: nothing hidden, nothing faded.
        expect(await types.getAttribute('data-more-after')).toBeNull();
        expect(await types.evaluate((row) => getComputedStyle(row).maskImage)).toBe('none');
      }

      await chip(page, 'Trening').click();
      await chip(page, 'Ta teden').click();
      await main(page).getByRole('searchbox', { name: 'Iskanje dogodkov' }).fill('park');
      await page.waitForURL(/q=park/);
      for (const text of ['Trening', 'Ta teden', '»park«']) await see(active, text);
      // One filter goes on its own; "Počisti vse" clears the rest, and the address with them.
      await active.getByRole('button', { name: 'Odstrani filter Ta teden' }).click();
      await page.waitForURL((url) => !url.searchParams.has('filter'));
      // The address changes first; the chips follow on the next render.
      await expect.poll(() => chip(page, 'Ta teden').getAttribute('aria-pressed')).toBe('false');
      await active.getByRole('button', { name: 'Počisti vse' }).click();
      await active.waitFor({ state: 'detached' });
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await expect.poll(() => chip(page, 'Vse').getAttribute('aria-pressed')).toBe('true');

      // A toast (the shop's, failing here) stays clear of the top bar and of the phone's bottom bar.
      await page.goto(`${e2e.server.url}/trgovina`);
      await page.route('**/trpc/shop.notify*', (route) => route.abort());
      await main(page).getByRole('button', { name: 'Obvesti me' }).click();
      const toast = page.locator('[data-sonner-toast]').first();
      await toast.waitFor();
      await page.waitForTimeout(500);
      const [toastBox, bannerBox] = [await toast.boundingBox(), await page.getByRole('banner').boundingBox()];
      expect(toastBox!.y).toBeGreaterThan(bannerBox!.y + bannerBox!.height);
      if (name === 'phone') {
        const bar = await page.getByRole('navigation', { name: 'Glavni meni' }).last().boundingBox();
        expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(bar!.y);
      }
      expect(errors).toEqual([]);
    } catch (error) {
      await shot(page, `filters-${name}`);
      throw error;
    } finally {
      await Promise.all([context.close(), eva.api.close()]);
    }
  });
});

describe('signed out', () => {
  it('a visitor sees the list and is asked to sign in to join or create', async () => {
    const cene = await apiUser(e2e.server, { fullName: 'Cene Zupan', email: 'cene.events@example.com' });
    const when = tomorrowEvening();
    await cene.api.events.create.mutate({
      title: 'Trening odpoklica',
      eventDate: when.date,
      eventTime: '09:30',
      locationName: 'Pasji park',
      country: 'SI',
      location: 'Maribor',
      eventType: 'training',
    });
    await insertEvents(LIMITS.event.pageSize + 1, 2);
    const context = await e2e.browser.newContext(VIEWPORTS.phone);
    const errors: string[] = [];
    const page = await openPage(context, e2e.server, '/events', errors);
    const joins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('events.join')) joins.push(request.url());
    });
    try {
      const entry = card(page, 'Trening odpoklica');
      await see(entry, 'Trening');
      await see(entry, 'Pasji park, Maribor');
      await see(entry, 'Organizator: Cene Zupan');
      await list(page).waitFor();
      // Only the filters that need no account.
      expect(await chip(page, 'Moji dogodki').count()).toBe(0);
      expect(await chip(page, 'V bližini').count()).toBe(0);
      await chip(page, 'Ta teden').waitFor();

      // A page at a time: the soonest first, then more on request.
      const pageSize = LIMITS.event.pageSize;
      await see(main(page), `Prikazanih je prvih ${pageSize} dogodkov`);
      expect(await list(page).getByRole('article').count()).toBe(pageSize);
      expect(await list(page).getByRole('article').first().innerText()).toContain('Trening odpoklica');
      await main(page).getByRole('button', { name: 'Prikaži več dogodkov' }).click();
      await see(main(page), `${pageSize + 2} prihajajočih dogodkov`);
      expect(await list(page).getByRole('article').count()).toBe(pageSize + 2);
      expect(await main(page).getByRole('button', { name: 'Prikaži več dogodkov' }).count()).toBe(0);

      await entry.getByRole('button', { name: 'Pridruži se dogodku Trening odpoklica' }).click();
      await see(page, 'Za pridruževanje dogodkom se morate prijaviti.');
      expect(joins).toEqual([]);
      // Where the visitor is sent (the sign-in page's own loading is other tests' business).
      await page.getByRole('button', { name: 'Prijava', exact: true }).click();
      await page.waitForURL(/\/auth$/, { waitUntil: 'commit' });

      await page.goto(`${e2e.server.url}/events`);
      // Once the app runs (a loaded CI machine once clicked while it hydrated, and the tap went nowhere).
      await page.locator('#root fieldset[disabled]').waitFor({ state: 'detached' });
      await main(page).getByRole('link', { name: 'Ustvari dogodek' }).click();
      await page.waitForURL(/\/auth$/, { waitUntil: 'commit' });
      expect(errors).toEqual([]);
    } catch (error) {
      await shot(page, 'signed-out');
      throw error;
    } finally {
      await Promise.all([context.close(), cene.api.close()]);
    }
  });
});
