import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import type { DogCreateInput } from '#shared/schemas/dogs';
import { apiUser, sessionContext, sidewaysOverflow, type TestServer, useE2e } from '../helpers/e2e';

/*
 * The deck is the app's main screen (issue 30): on every phone and on a desktop, in every language, with and
 * without the terms notice, Pass and Like show without scrolling between the top bar (and the notice under
 * it) and the bottom bar, the photo has a fair share of that space, nothing scrolls sideways, my dog's name
 * shows whole, the notice's buttons stay on the screen, and the bottom bar's labels show whole in their
 * places. Each language is one page load, walked through the sizes by resizing it: a load per size would
 * wait for the notice's 2 s each time.
 */

// First visits: the terms notice shows 2 s in, until it is accepted.
const e2e = useE2e({ termsAccepted: false });

const LOCALES = ['sl', 'en', 'de', 'it'] as const;
type Locale = (typeof LOCALES)[number];
const MESSAGES = Object.fromEntries(
  LOCALES.map((locale) => [locale, JSON.parse(fs.readFileSync(`locales/${locale}.json`, 'utf8'))]),
) as Record<Locale, Record<string, string>>;
const text = (locale: Locale, id: string) => MESSAGES[locale][id]!;

const SIZES = [
  { width: 320, height: 568 },
  { width: 360, height: 740 },
  { width: 375, height: 667 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
  { width: 430, height: 932 },
  { width: 1280, height: 800 },
];

/** The photo's least share of the height between the bars (and the notice): the smallest phone, notice shown. */
const PHOTO_SHARE = 0.3;

/** My dog, swiping: a name of two words, which must show whole. */
const MY_DOG = 'Bella Donna';

/** A dog as full as profiles get: a long name, five traits, every playdate fact and a long description. */
const fullDog = (name: string): DogCreateInput => ({
  name,
  breed: 'Nemški kratkodlaki ptičar',
  age: 11,
  gender: 'female',
  location: 'Ivančna Gorica',
  traits: ['Igriv', 'Prijazen', 'Radoveden', 'Zaščitniški', 'Empatičen'],
  size: 'large',
  weight: 27.5,
  energy: 'high',
  playStyle: 'wrestle',
  vaccinated: true,
  neutered: false,
  goodWithSmallDogs: true,
  description:
    'Rada teče ob Ljubljanici, se kopa v vsaki luži in prinaša palice, dokler ji ne zmanjka sape. Doma je mirna in rada spi na kavču.',
});

/**
 * An owner with full dogs named `names`: a demo account (no password: DECISIONS 12), or one that has not
 * accepted the terms in force (so the notice shows to it too), as `account` says.
 */
async function ownerWithDogs(server: TestServer, names: string[], account?: 'demo' | 'termsNotAccepted') {
  const email = `owner.${randomUUID()}@example.com`;
  const owner = await apiUser(server, { fullName: 'Marjetka Novak-Kovačič', email });
  const dogs = [];
  for (const name of names) dogs.push(await owner.api.dogs.create.mutate(fullDog(name)));
  owner.api.close();
  const change =
    account === 'demo' ? { passwordHash: null } : account && { termsAcceptedAt: null, termsVersion: null };
  if (change) await server.app.deps.db.update(users).set(change).where(eq(users.email, email));
  return { token: owner.token, dogs };
}

/** Every rule the deck breaks at the page's current size, as text. */
async function broken(page: Page, locale: Locale, notice: boolean, signedIn: boolean): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  // Two frames: the resize's media and container queries have been applied.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const failures: string[] = [];
  const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;

  const termsNotice = page.getByRole('region', { name: text(locale, 'terms.banner.label') });
  const noticeShown = await termsNotice.isVisible();
  if (noticeShown !== notice) failures.push(`terms notice ${notice ? 'missing' : 'shown'}`);
  // The notice shows under the top bar.
  const above = await box(noticeShown ? termsNotice : page.getByRole('banner'));
  const top = above.y + above.height;
  // The phone's bottom bar (wide screens have the top bar's links only).
  const navigation = await page.getByRole('navigation', { name: text(locale, 'nav.label') }).all();
  const bars = await Promise.all(navigation.map(box));
  const bottom = Math.min(height, ...bars.filter((bar) => bar.y > height / 2).map((bar) => bar.y));
  const within = (what: string, { y, height: h }: { y: number; height: number }) => {
    if (y < top - 0.5 || y + h > bottom + 0.5)
      failures.push(
        `${what} at ${Math.round(y)}–${Math.round(y + h)}, outside ${Math.round(top)}–${Math.round(bottom)}`,
      );
  };

  for (const id of ['matching.pass', 'matching.like']) {
    const button = page.getByRole('button', { name: text(locale, id), exact: true });
    within(id, await box(button));
    if (await button.evaluate((element) => element.scrollWidth > element.clientWidth))
      failures.push(`${id}'s words overflow`);
  }
  // What the deck is about (my dog, the demo badge) and its tools are not under the notice either.
  within('the deck header', await box(page.getByRole('main').locator('header')));
  const photo = await box(page.locator('article:not([aria-hidden]) button').first());
  if (photo.height < PHOTO_SHARE * (bottom - top))
    failures.push(`photo ${Math.round(photo.height)} px tall of ${Math.round(bottom - top)}`);

  // The notice's buttons stay on the screen (a fixed bar that runs past its edge adds no scrolling).
  if (noticeShown)
    for (const button of await termsNotice.getByRole('button').all()) {
      const { x, width: w } = await box(button);
      if (x < -0.5 || x + w > width + 0.5)
        failures.push(`the notice's "${await button.innerText()}" at ${Math.round(x)}–${Math.round(x + w)}`);
    }
  // The bottom bar's labels show whole, each within its own fifth of the bar.
  for (const [index, bar] of navigation.entries()) {
    if (bars[index]!.y < height / 2) continue;
    const cut = await bar.evaluate((nav) =>
      [...nav.querySelectorAll('li')].flatMap((item) => {
        const place = item.getBoundingClientRect();
        return [...item.querySelectorAll('a > span')]
          .filter((label) =>
            [...label.childNodes].some(
              (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
            ),
          )
          .filter((label) => {
            const { left, right } = label.getBoundingClientRect();
            return (
              left < place.left - 0.5 || right > place.right + 0.5 || label.scrollWidth > label.clientWidth
            );
          })
          .map((label) => label.textContent);
      }),
    );
    if (cut.length) failures.push(`bottom bar labels cut or past their place: ${cut.join(', ')}`);
  }

  const sideways = await sidewaysOverflow(page);
  if (sideways > 0) failures.push(`scrolls ${sideways} px sideways`);
  if (signedIn) {
    const cut = await page
      .getByText(MY_DOG, { exact: true })
      .evaluate(
        (name) => name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1,
      );
    if (cut) failures.push(`"${MY_DOG}" cut short`);
  }
  return failures;
}

/**
 * Loads the deck in each language (notice shown, then accepted) and checks it at every size; a broken size
 * leaves its screenshot in the temp folder.
 */
async function walk(context: BrowserContext, server: TestServer, signedIn: boolean) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const results: string[] = [];
  for (const notice of [true, false]) {
    for (const locale of LOCALES) {
      await context.addCookies([{ name: 'tacke.locale', value: locale, url: server.url }]);
      await page.goto(`${server.url}/ujemanja`);
      await page.locator('article:not([aria-hidden])').waitFor();
      const termsNotice = page.getByRole('region', { name: text(locale, 'terms.banner.label') });
      if (notice) await termsNotice.waitFor({ timeout: 5000 });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const failures = await broken(page, locale, notice, signedIn);
        const name = `${signedIn ? 'deck' : 'demo'}-${locale}-${size.width}x${size.height}${notice ? '-notice' : ''}`;
        await page.screenshot({ path: path.join(os.tmpdir(), `matching-layout-${name}.png`) });
        if (failures.length) results.push(`${name}: ${failures.join('; ')}`);
      }
    }
    if (!notice) continue;
    // Accepted once (on the account when signed in), the notice stays away.
    const termsNotice = page.getByRole('region', { name: text('it', 'terms.banner.label') });
    await termsNotice.getByRole('button', { name: text('it', 'terms.accept') }).click();
    await termsNotice.waitFor({ state: 'detached' });
  }
  await context.close();
  expect(errors).toEqual([]);
  return results;
}

describe('the deck on every screen', () => {
  const phone = { isMobile: true, hasTouch: true, viewport: SIZES[0]! };
  // Made once for both tests: each walks 2 × 4 × 7 sizes and is given the whole time of a test.
  let me: Awaited<ReturnType<typeof ownerWithDogs>>;
  beforeAll(async () => {
    const { server } = e2e;
    const many = Array.from({ length: 31 }, (_, i) => `Maksimilijan Veliki ${i + 1}`);
    // More than a batch (30), so the counter says "at least", its longest form.
    await ownerWithDogs(server, many.slice(0, 16));
    await ownerWithDogs(server, many.slice(16));
    await ownerWithDogs(server, ['Maksimilijan Demo', 'Demo Drugi'], 'demo');
    me = await ownerWithDogs(server, [MY_DOG, 'Piki'], 'termsNotAccepted');
  });

  it('shows Pass and Like unscrolled with a fair photo, nothing sideways, signed in', async () => {
    const { server, browser } = e2e;
    const signedIn = await sessionContext(browser, server, phone, me.token);
    // My dog chosen before (the choice is kept in the browser; about:blank has no storage).
    await signedIn.addInitScript((id) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('tacke.matching.dog', id);
    }, me.dogs[0]!.id);
    expect(await walk(signedIn, server, true)).toEqual([]);
  });

  it('shows Pass and Like unscrolled with a fair photo, nothing sideways, as a visitor', async () => {
    const { server, browser } = e2e;
    expect(await walk(await browser.newContext(phone), server, false)).toEqual([]);
  });
});
