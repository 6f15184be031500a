import fs from 'node:fs';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions';
import { users } from '../../server/db/schema';
import { TERMS_VERSION } from '#shared/domain/terms';
import { PHONE_SIZES, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';
import { makeChat, makeDog, makeUser } from '../helpers/factories';

// Unlike the other e2e files, contexts here start as a first visit: the terms are not accepted yet.
const e2e = useE2e({ termsAccepted: false });

const TITLE = 'Pogoji uporabe in zasebnost';
const dialog = (page: Page) => page.getByRole('dialog', { name: TITLE });
/** axe-core, injected into the page for the notice's own check (accessibility.test.ts walks the pages). */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

const notice = (page: Page) => page.getByRole('region', { name: 'Pogoji uporabe' });
/**
 * The notice slides in 2 s after its page is ready; on a busy 2-core CI machine a page can take several
 * seconds more to be ready (a run failed at 5 s).
 */
const SHOWS_WITHIN = 10_000;
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('tacke.termsAccepted'));

/** The account's record of the terms (time and version). */
async function onAccount(email: string) {
  const [row] = await e2e.server.app.deps.db
    .select({ at: users.termsAcceptedAt, version: users.termsVersion })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

/** The phones the app is made for, and the desktop. */
const SCREENS: Record<string, BrowserContextOptions> = {
  ...Object.fromEntries(
    PHONE_SIZES.map(([width, height]) => [
      `${width}×${height}`,
      { ...VIEWPORTS.phone, viewport: { width, height } },
    ]),
  ),
  desktop: VIEWPORTS.desktop,
};

/**
 * The notice covers none of `target`: where the page first shows it, and scrolled to the top and to the
 * middle of the screen, as a browser scrolls for a focus or a link to it. Their boxes do not meet, a tap at
 * the target's middle never lands on the notice, and once scrolled to, it lands on the target.
 */
async function expectUncovered(page: Page, target: Locator, what: string) {
  const banner = (await notice(page).boundingBox())!;
  for (const moment of ['as shown', 'start', 'center'] as const) {
    if (moment !== 'as shown')
      await target.evaluate((element, block) => element.scrollIntoView({ block }), moment);
    const box = (await target.boundingBox())!;
    const apart =
      box.y >= banner.y + banner.height ||
      box.y + box.height <= banner.y ||
      box.x >= banner.x + banner.width ||
      box.x + box.width <= banner.x;
    expect(apart, `${what} ${moment}: ${JSON.stringify({ box, banner })}`).toBe(true);
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const reached = await page.evaluate(({ x, y }) => {
      const element = document.elementFromPoint(x, y);
      return element?.closest('section[aria-label]')?.getAttribute('aria-label') ?? null;
    }, middle);
    expect(reached, `a tap on ${what} ${moment}`).not.toBe('Pogoji uporabe');
    if (moment !== 'as shown')
      expect(
        await target.evaluate(
          (element, { x, y }) => element.contains(document.elementFromPoint(x, y)),
          middle,
        ),
        `${what} scrolled to the ${moment} is what a tap at its middle reaches`,
      ).toBe(true);
  }
}

describe.each(Object.entries(VIEWPORTS))('terms notice on a %s', (name, options) => {
  it('slides in 2 s into a first visit without taking the focus; the full text is a tap away; accepting keeps it away', async () => {
    const context = await e2e.browser.newContext(options);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${e2e.server.url}/auth`);
      // Typing through the moment it appears: every key lands in the field, which keeps the focus.
      const email = page.getByLabel('E-pošta').first();
      await email.click();
      const shownAfter = Date.now();
      await email.pressSequentially('ana.kos@example.com', { delay: 150 });
      await notice(page).waitFor({ timeout: SHOWS_WITHIN });
      expect(Date.now() - shownAfter).toBeGreaterThanOrEqual(1000);
      await email.pressSequentially('.si', { delay: 50 });
      expect(await email.inputValue()).toBe('ana.kos@example.com.si');
      expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // Small, never what the page is about: a few lines of text beside the accept button, on a phone too.
      const box = await notice(page).boundingBox();
      expect(box!.height).toBeLessThan(90);
      // Right under the top bar, away from the bottom, where pages keep their main actions.
      const top = await page.getByRole('banner').boundingBox();
      expect(Math.abs(box!.y - (top!.y + top!.height))).toBeLessThanOrEqual(1);
      if (name === 'phone') {
        const bar = await page.getByRole('navigation', { name: 'Glavni meni' }).last().boundingBox();
        expect(box!.y + box!.height).toBeLessThan(bar!.y);
      }

      // The text: dated, the ages, the data kept, photos, messages, export and deletion, contact.
      await notice(page).getByRole('button', { name: 'Preberi pogoje' }).click();
      const text = await dialog(page).innerText();
      expect(text).toContain('Veljavno od 20. 8. 2025');
      expect(text).toContain('stare najmanj 13 let');
      expect(text).toContain('18 let ali več');
      expect(text).toContain('odstranimo metapodatke');
      expect(text).toContain('vidita le udeleženca pogovora');
      expect(text).toContain('izvozite njihovo kopijo in trajno izbrišete račun');
      expect(text).toContain('Podprite Tačke');
      expect(await dialog(page).getByRole('heading', { level: 3 }).count()).toBe(8);
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });

      // Closed, the dialog gives the focus back to the notice's button that opened it.
      const focused = (name: string) =>
        notice(page)
          .getByRole('button', { name })
          .evaluate((el) => el === document.activeElement);
      await expect.poll(() => focused('Preberi pogoje')).toBe(true);
      // Accepted with the keyboard: the notice goes and the focus does not fall to the page's start.
      await page.keyboard.press('Tab');
      expect(await focused('Sprejmem pogoje')).toBe(true);
      await page.keyboard.press('Enter');
      await notice(page).waitFor({ state: 'detached' });
      expect(new Date((await stored(page)) ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(await page.evaluate(() => localStorage.getItem('tacke.termsVersion'))).toBe(TERMS_VERSION);
      expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);

      // Never again, not after a reload either.
      await page.reload();
      await page.waitForTimeout(3000);
      expect(await notice(page).count()).toBe(0);

      // The small link at the bottom of every page opens the text, saying when it was accepted.
      await page.goto(`${e2e.server.url}/events`);
      await page.getByRole('contentinfo').getByRole('button', { name: 'Pogoji in zasebnost' }).click();
      await dialog(page).waitFor();
      await dialog(page)
        .getByText(/^Pogoje ste sprejeli \d+\. \d+\. \d{4}\.$/)
        .waitFor();
      expect(await dialog(page).getByRole('button', { name: 'Sprejmem pogoje' }).count()).toBe(0);
      await dialog(page).getByRole('button', { name: 'Zapri' }).first().click();
      await dialog(page).waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `test-results/terms-${name}.png` });
      throw error;
    } finally {
      await context.close();
    }
  });
});

describe('terms notice', () => {
  it('asks at sign-up until accepted, saying why; the account keeps it, so a new browser does not ask again', async () => {
    const context = await e2e.browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    const email = 'nina.terms@example.com';
    const password = 'dolgo-in-varno-geslo';
    try {
      await page.goto(`${e2e.server.url}/auth`);
      await page.getByRole('tab', { name: 'Registracija' }).click();
      const form = page.getByRole('tabpanel', { name: 'Registracija' });
      await form.getByLabel('Ime in priimek').fill('Nina Novak');
      await form.getByLabel('E-pošta').fill(email);
      await form.getByLabel('Geslo').fill(password);
      // What a screen reader reads when the focus lands on the box: its state and description at that moment.
      await page.evaluate(() => {
        document.addEventListener('focusin', ({ target }) => {
          const box = target as HTMLElement;
          const reason = document.getElementById(box.getAttribute('aria-describedby') ?? '');
          (window as unknown as { focusedAs: unknown }).focusedAs = {
            invalid: box.getAttribute('aria-invalid'),
            description: reason?.textContent ?? null,
          };
        });
      });
      await form.getByRole('button', { name: 'Ustvari račun' }).click();
      // Not sent, and the box says why: visibly next to it, and to a screen reader, which lands on the box
      // and reads it as invalid with the reason as its description.
      const reason = form.getByText('Za registracijo sprejmite pogoje uporabe.');
      await reason.waitFor();
      const box = form.getByRole('checkbox', { name: /Sprejemam pogoje uporabe/ });
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { focusedAs: unknown }).focusedAs)).toEqual({
        invalid: 'true',
        description: 'Za registracijo sprejmite pogoje uporabe.',
      });
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      expect(
        await box.evaluate(
          (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
        ),
      ).toBe('Za registracijo sprejmite pogoje uporabe.');
      const [boxAt, reasonAt] = [(await box.boundingBox())!, (await reason.boundingBox())!];
      expect(reasonAt.y - (boxAt.y + boxAt.height)).toBeLessThan(60);
      expect(await stored(page)).toBeNull();
      expect(await onAccount(email)).toBeUndefined();

      await box.check();
      expect(await reason.count()).toBe(0);
      await form.getByRole('button', { name: 'Ustvari račun' }).click();
      await page.getByText('Potrdite e-poštni naslov!').first().waitFor();
      expect(await stored(page)).not.toBeNull();
      await page.waitForTimeout(2500);
      expect(await notice(page).count()).toBe(0);
      await e2e.server.app.deps.background.settled();
      const recorded = await onAccount(email);
      expect(recorded?.version).toBe(TERMS_VERSION);
      expect(recorded!.at!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    } finally {
      await context.close();
    }

    // Another browser, where nothing was accepted: signed in, the account's acceptance holds.
    const fresh = await e2e.browser.newContext(VIEWPORTS.phone);
    const other = await fresh.newPage();
    try {
      await other.goto(await e2e.server.outboxLink(email));
      await other.getByLabel('Geslo').fill(password);
      await other.getByRole('button', { name: 'Aktiviraj račun' }).click();
      await other.waitForURL(/\/profil$/, { timeout: 10_000 });
      await other.goto(`${e2e.server.url}/events`);
      await other.getByRole('heading', { level: 1 }).first().waitFor();
      await other.waitForTimeout(3000);
      expect(await notice(other).count()).toBe(0);
      // The browser keeps it too: signed out, its visitor is not asked either.
      expect(await stored(other)).not.toBeNull();
      await other
        .getByRole('button', { name: /^Odjav/ })
        .first()
        .click();
      await other.getByText('Uspešna odjava').first().waitFor();
      await other.reload();
      await other.waitForTimeout(3000);
      expect(await notice(other).count()).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('asks a signed-in account that has not accepted the terms in force, and records it on the account', async () => {
    // An account from before acceptance was recorded; this browser accepted as a visitor, which is not the
    // account's acceptance.
    const { token, email } = await makeUser(e2e.server.app.deps.db, {
      email: 'stari.racun@example.com',
      termsAccepted: false,
    });
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.phone, token);
    await context.addInitScript(() => localStorage.setItem('tacke.termsAccepted', '2025-09-01T08:00:00Z'));
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/events`);
      await notice(page).waitFor({ timeout: SHOWS_WITHIN });
      expect(await onAccount(email)).toEqual({ at: null, version: null });
      const before = Date.now();
      await notice(page).getByRole('button', { name: 'Sprejmem pogoje' }).click();
      await notice(page).waitFor({ state: 'detached' });
      const recorded = await onAccount(email);
      expect(recorded?.version).toBe(TERMS_VERSION);
      expect(recorded!.at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      await page.reload();
      await page.waitForTimeout(3000);
      expect(await notice(page).count()).toBe(0);
    } finally {
      await context.close();
    }
    // Any other browser signed in to the account: not asked.
    const [account] = await e2e.server.app.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    const { token: second } = await createSession(e2e.server.app.deps.db, account!.id);
    const elsewhere = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.desktop, second);
    try {
      const page = await elsewhere.newPage();
      await page.goto(`${e2e.server.url}/ujemanja`);
      await page.waitForTimeout(3000);
      expect(await notice(page).count()).toBe(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('asks a signed-in account again when the terms in force are newer than those it accepted', async () => {
    const { token, email } = await makeUser(e2e.server.app.deps.db, { email: 'starejsi@example.com' });
    await e2e.server.app.deps.db
      .update(users)
      .set({ termsVersion: '2024-01-15', termsAcceptedAt: new Date('2024-01-20T10:00:00Z') })
      .where(eq(users.email, email));
    const context = await sessionContext(e2e.browser, e2e.server, VIEWPORTS.desktop, token);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/events`);
      await notice(page).waitFor({ timeout: SHOWS_WITHIN });
      // The text says only the acceptance of these terms: none yet.
      await notice(page).getByRole('button', { name: 'Preberi pogoje' }).click();
      await dialog(page).getByRole('button', { name: 'Sprejmem pogoje' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      await notice(page).waitFor({ state: 'detached' });
      expect((await onAccount(email))?.version).toBe(TERMS_VERSION);
    } finally {
      await context.close();
    }
  });

  it.each(Object.entries(SCREENS))(
    'never covers the main action of a page on a %s: sign-up, Pass and Like, the chat composer',
    async (name, options) => {
      const db = e2e.server.app.deps.db;
      const slug = name.replace('×', 'x');
      // Nothing accepted in this browser nor on the account: the notice shows on every page.
      const ana = await makeUser(db, { email: `ana.cover.${slug}@example.com`, termsAccepted: false });
      const bor = await makeUser(db, { email: `bor.cover.${slug}@example.com` });
      const cene = await makeUser(db, { email: `cene.cover.${slug}@example.com` });
      const anaDog = await makeDog(db, ana.id, { name: 'Piki' });
      const borDog = await makeDog(db, bor.id, { name: 'Rex' });
      await makeDog(db, cene.id, { name: 'Luna' });
      await makeDog(db, cene.id, { name: 'Max' });
      const chat = await makeChat(
        db,
        { userId: bor.id, dogId: borDog.id },
        { userId: ana.id, dogId: anaDog.id },
      );

      const visitor = await e2e.browser.newContext(options);
      const signedIn = await sessionContext(e2e.browser, e2e.server, options, ana.token);
      try {
        const page = await visitor.newPage();
        await page.goto(`${e2e.server.url}/`);
        await notice(page).waitFor({ timeout: SHOWS_WITHIN });
        await expectUncovered(
          page,
          page.getByRole('link', { name: 'Registrirajte se' }),
          'the landing page sign-up',
        );
        await page.goto(`${e2e.server.url}/auth?tab=signUp`);
        await notice(page).waitFor({ timeout: SHOWS_WITHIN });
        await expectUncovered(
          page,
          page.getByRole('button', { name: 'Ustvari račun' }),
          'the sign-up button',
        );

        const own = await signedIn.newPage();
        await own.goto(`${e2e.server.url}/ujemanja`);
        await notice(own).waitFor({ timeout: SHOWS_WITHIN });
        for (const action of ['Preskoči', 'Všeč mi je'])
          await expectUncovered(own, own.getByRole('button', { name: action, exact: true }), action);
        await own.goto(`${e2e.server.url}/klepet?chat=${chat.id}`);
        await notice(own).waitFor({ timeout: SHOWS_WITHIN });
        await expectUncovered(own, own.getByRole('textbox', { name: 'Sporočilo' }), 'the composer');
        await expectUncovered(own, own.getByRole('button', { name: 'Pošlji', exact: true }), 'send');
      } catch (error) {
        for (const [index, page] of [...visitor.pages(), ...signedIn.pages()].entries())
          await page.screenshot({ path: `test-results/terms-cover-${slug}-${index}.png` });
        throw error;
      } finally {
        await visitor.close();
        await signedIn.close();
      }
    },
  );

  it.each(['/events', '/auth'])('is never the largest paint of %s', async (path) => {
    const context = await e2e.browser.newContext(VIEWPORTS.phone);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}${path}`);
      await notice(page).waitFor({ timeout: SHOWS_WITHIN });
      await page.waitForTimeout(500);
      const largest = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            new PerformanceObserver((list) => {
              const element = (list.getEntries().at(-1) as unknown as { element: Element | null }).element;
              resolve(
                !element
                  ? 'none'
                  : element.closest('[role="dialog"], section[aria-label="Pogoji uporabe"]')
                    ? 'terms'
                    : element.tagName,
              );
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      expect(largest).not.toBe('terms');
      expect(largest).not.toBe('none');
    } finally {
      await context.close();
    }
  });

  it('comes back on the next visit when not accepted', async () => {
    const context = await e2e.browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/ujemanja`);
      await notice(page).waitFor({ timeout: SHOWS_WITHIN });
      expect(await stored(page)).toBeNull();
      await page.reload();
      await notice(page).waitFor({ timeout: SHOWS_WITHIN });
    } finally {
      await context.close();
    }
  });

  it('speaks the chosen language', async () => {
    const context = await e2e.browser.newContext(VIEWPORTS.phone);
    await context.addCookies([{ name: 'tacke.locale', value: 'en', url: e2e.server.url }]);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/`);
      const english = page.getByRole('region', { name: 'Terms of use' });
      await english.waitFor({ timeout: SHOWS_WITHIN });
      await english.getByText('By using Tačke you accept').waitFor();
      await english.getByRole('button', { name: 'Read the terms' }).click();
      await page
        .getByRole('dialog', { name: 'Terms of use and privacy' })
        .getByText('Effective from 20 August 2025')
        .waitFor();
      await page.getByRole('button', { name: 'I accept the terms' }).click();
      await english.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical axe findings in any language, on the smallest phone and on a desktop', async () => {
    // axe is injected as a script: the app's CSP would refuse it.
    const context = await e2e.browser.newContext({ ...VIEWPORTS.phone, bypassCSP: true });
    const page = await context.newPage();
    try {
      const findings: string[] = [];
      for (const locale of ['sl', 'en', 'de', 'it']) {
        const label = JSON.parse(fs.readFileSync(`locales/${locale}.json`, 'utf8'))['terms.banner.label'];
        await context.addCookies([{ name: 'tacke.locale', value: locale, url: e2e.server.url }]);
        await page.goto(`${e2e.server.url}/ujemanja`);
        await page.getByRole('region', { name: label }).waitFor({ timeout: SHOWS_WITHIN });
        await page.addScriptTag({ path: AXE });
        for (const viewport of [{ width: 320, height: 568 }, VIEWPORTS.desktop.viewport]) {
          await page.setViewportSize(viewport);
          const violations = await page.evaluate(async (name) => {
            const axe = (
              window as unknown as { axe: { run(context: Element): Promise<{ violations: Violation[] }> } }
            ).axe;
            return (await axe.run(document.querySelector(`section[aria-label="${name}"]`)!)).violations;
          }, label);
          for (const { id, impact, nodes } of violations)
            if (impact === 'serious' || impact === 'critical')
              findings.push(
                `${locale} ${viewport.width}: ${id} (${impact}) ${nodes.map((n) => n.target.join(' '))}`,
              );
        }
      }
      expect(findings).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'WhatsApp/2.23.20.0',
  ])('never shows for a crawler (%s)', async (userAgent) => {
    const context = await e2e.browser.newContext({ ...VIEWPORTS.desktop, userAgent });
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/`);
      await page.getByRole('heading', { level: 1, name: 'Tačke' }).waitFor();
      await page.waitForTimeout(3000);
      expect(await notice(page).count()).toBe(0);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // The link still works for anyone who asks.
      await page.getByRole('button', { name: 'Pogoji in zasebnost' }).click();
      await dialog(page).waitFor();
    } finally {
      await context.close();
    }
  });
});
