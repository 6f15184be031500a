import { createRequire } from 'node:module';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInDays } from '#shared/domain/event-time';
import { apiOwner, apiUser, eventCard, sessionContext, useE2e, VIEWPORTS } from '../helpers/e2e';
import { makeUser } from '../helpers/factories';
import { jpeg } from '../helpers/images';
import { uploadedKey } from '../helpers/uploads';
import { spots } from '../../server/db/schema';

const e2e = useE2e();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's serious and critical findings on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  // Colours are judged once what is fading in or out (a toast, a dialog) has settled: mid-fade they blend.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document)).violations;
  });
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * What is loading: an area announced as loading (LoadingArea, the deck's skeleton), a spinner, a busy control.
 * axe runs on none of them: a page is checked as it is once loaded.
 */
const loading = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /Nalaganje/ })
    .or(page.locator('.animate-spin, [aria-busy="true"]'));

/** A route and what it shows once loaded: its level-1 heading and, in the main region, all of `shows`. */
interface Route {
  path: string;
  heading: string;
  shows: (main: Locator) => Locator | Locator[];
}

const DEVELOPERS: Route = {
  path: '/razvijalci',
  heading: 'API za razvijalce',
  shows: (main) => main.getByRole('article', { name: 'auth.signUp', exact: true }),
};

const SIGNED_OUT: Route[] = [
  { path: '/', heading: 'Tačke', shows: (main) => main.getByRole('link', { name: 'Registrirajte se' }) },
  {
    path: '/ujemanja',
    heading: 'Spoznajte nove pasje prijatelje',
    shows: (main) => main.getByRole('link', { name: 'Registracija' }),
  },
  {
    path: '/events',
    heading: 'Dogodki',
    shows: (main) => eventCard(main.page(), 'Sprehod ob Ljubljanici').first(),
  },
  {
    path: '/trgovina',
    heading: 'Kmalu na voljo!',
    shows: (main) => main.getByRole('link', { name: 'Prijava' }),
  },
  {
    path: '/mesta',
    heading: 'Kraji za pse',
    shows: (main) => [
      // The town, on every screen (a phone folds the kinds and amenities away).
      main.getByRole('combobox', { name: 'Blizu kraja' }),
      // Found or not (the dialogs' walk adds a place in Ljubljana on the first screen size), once loaded.
      main.getByText(/do 5 km od kraja Ljubljana/),
    ],
  },
  {
    path: '/pogresani',
    heading: 'Pogrešani psi v bližini',
    shows: (main) => main.getByRole('link', { name: 'Prijava' }),
  },
  {
    path: '/auth',
    heading: 'Dobrodošli v Tačkah',
    shows: (main) =>
      main.getByRole('tabpanel', { name: 'Prijava' }).getByRole('textbox', { name: 'E-pošta' }),
  },
  {
    path: '/email-confirmed',
    heading: 'Potrditev ni uspela',
    shows: (main) => main.getByRole('link', { name: 'Na prijavo' }),
  },
  {
    path: '/reset-password',
    heading: 'Povezava ne deluje',
    shows: (main) => main.getByRole('link', { name: 'Zahtevaj novo povezavo' }),
  },
  {
    path: '/admin',
    heading: 'Moderacija je za prijavljene skrbnike',
    shows: (main) => main.getByRole('link', { name: 'Prijava' }),
  },
  DEVELOPERS,
  {
    path: '/ni-take-strani',
    heading: 'Strani ni mogoče najti',
    shows: (main) => main.getByRole('link', { name: 'Nazaj na domačo stran' }),
  },
];
// Ana's: her dog Piki, a match with Bor's Rex (a chat), Cene's Luna in her deck, Bor's event.
const SIGNED_IN: Route[] = [
  { path: '/', heading: 'Tačke', shows: (main) => main.getByText('Pozdravljeni, Ana!') },
  {
    path: '/ujemanja',
    heading: 'Ujemanja',
    shows: (main) => [main.getByRole('article').first(), main.getByRole('button', { name: 'Všeč mi je' })],
  },
  {
    path: '/events',
    heading: 'Dogodki',
    shows: (main) => eventCard(main.page(), 'Sprehod ob Ljubljanici').first(),
  },
  {
    path: '/trgovina',
    heading: 'Kmalu na voljo!',
    shows: (main) => main.getByRole('button', { name: 'Obvesti me' }),
  },
  {
    path: '/mesta',
    heading: 'Kraji za pse',
    shows: (main) => [
      main.getByRole('group', { name: 'Blizu mojih psov' }),
      main.getByRole('combobox', { name: 'Blizu kraja' }),
    ],
  },
  {
    path: '/pogresani',
    heading: 'Pogrešani psi',
    shows: (main) => main.getByRole('region', { name: 'V bližini vaših psov' }),
  },
  {
    path: '/profil',
    heading: 'Ana Kos',
    shows: (main) => [
      main.getByRole('region', { name: 'Statistika', exact: true }),
      main.getByRole('region', { name: 'Obvestila', exact: true }).getByRole('article').first(),
      main.getByRole('region', { name: 'Nastavitve', exact: true }),
    ],
  },
  {
    path: '/moji-psi',
    heading: 'Moji psi',
    shows: (main) =>
      main
        .getByRole('article')
        .filter({ has: main.page().getByRole('heading', { name: 'Piki', exact: true }) }),
  },
  {
    path: '/chat',
    heading: 'Klepeti',
    shows: (main) =>
      main.getByRole('region', { name: 'Rex (Mešanec)' }).getByRole('log', { name: 'Sporočila' }),
  },
  {
    path: '/klepet',
    heading: 'Klepeti',
    shows: (main) => main.getByRole('link', { name: /^Rex \(Mešanec\)/ }),
  },
  {
    path: '/admin',
    heading: 'Ni dostopa',
    shows: (main) => main.getByText('To stran lahko odprejo samo skrbniki.'),
  },
  DEVELOPERS,
];

// axe is injected as a script: the app's CSP would refuse it.
const WITH_AXE = Object.entries(VIEWPORTS).map(
  ([name, options]) => [name, { ...options, bypassCSP: true }] as const,
);

describe.each(WITH_AXE)('accessibility on a %s', (name, options) => {
  let ana: Awaited<ReturnType<typeof apiUser>>;
  let bor: Awaited<ReturnType<typeof apiUser>>;
  let cene: Awaited<ReturnType<typeof apiOwner>>;
  beforeAll(async () => {
    ana = await apiUser(e2e.server, { fullName: 'Ana Kos', email: `ana.a11y.${name}@example.com` });
    bor = await apiUser(e2e.server, { fullName: 'Bor Novak', email: `bor.a11y.${name}@example.com` });
    const dog = { breed: 'Mešanec', age: 3, gender: 'male' as const, location: 'Ljubljana' };
    const piki = await ana.api.dogs.create.mutate({ name: 'Piki', ...dog });
    const rex = await bor.api.dogs.create.mutate({ name: 'Rex', ...dog });
    cene = await apiOwner(e2e.server, 'Cene Zupan', `cene.a11y.${name}@example.com`, 'Luna');
    await bor.api.likes.like.mutate({ fromDogId: rex.id, dogId: piki.id });
    await ana.api.likes.like.mutate({ fromDogId: piki.id, dogId: rex.id });
    await bor.api.events.create.mutate({
      title: 'Sprehod ob Ljubljanici',
      eventDate: dateInDays(3),
      eventTime: '17:00',
      locationName: 'Tromostovje',
      country: 'SI',
      location: 'Ljubljana',
      eventType: 'meetup',
    });
  });
  afterAll(async () => {
    await Promise.all([ana?.api.close(), bor?.api.close(), cene?.api.close()]);
  });

  /** Walks `steps` signed in with `token`; `record(what)` notes the page's serious findings, and there are none. */
  async function walkWithAxe(
    token: string,
    steps: (page: Page, record: (what: string) => Promise<void>) => Promise<void>,
  ) {
    const context = await sessionContext(e2e.browser, e2e.server, options, token);
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    try {
      await steps(page, async (what) => {
        const violations = await seriousViolations(page);
        if (violations.length) found[what] = violations;
      });
      expect(found).toEqual({});
    } finally {
      await context.close();
    }
  }

  /** Each route's serious findings, judged once it shows its content and nothing on it is loading. */
  async function check(context: BrowserContext, routes: Route[]) {
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    try {
      for (const { path, heading, shows } of routes) {
        await page.goto(`${e2e.server.url}${path}`);
        const main = page.getByRole('main');
        await main.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
        for (const content of [shows(main)].flat()) await content.waitFor();
        await page.waitForLoadState('networkidle');
        expect(await loading(page).count(), `${path} is still loading`).toBe(0);
        const violations = await seriousViolations(page);
        if (violations.length) found[path] = violations;
      }
    } finally {
      await page.close();
    }
    return found;
  }

  it('has no serious or critical axe findings on any route, signed out', async () => {
    const context = await e2e.browser.newContext(options);
    try {
      expect(await check(context, SIGNED_OUT)).toEqual({});
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical axe findings on any route, signed in with a dog, a chat and an event', async () => {
    const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
    try {
      expect(await check(context, SIGNED_IN)).toEqual({});
    } finally {
      await context.close();
    }
  });

  it('has none in the moderation console with a report in it, nor in the report and block dialogs', async () => {
    const moderator = await makeUser(e2e.server.app.deps.db, {
      fullName: 'Ada Moderatorka',
      email: `ada.a11y.${name}@example.com`,
      role: 'admin',
    });
    const [event] = await ana.api.events.list.query({});
    await ana.api.safety.report.mutate({
      targetType: 'event',
      targetId: event!.id,
      reason: 'spam',
      goodFaith: true,
    });
    const context = await sessionContext(e2e.browser, e2e.server, options, moderator.token);
    const found = await check(context, [
      {
        path: '/admin',
        heading: 'Moderacija',
        shows: (main) =>
          main
            .getByRole('tabpanel', { name: 'Prijave' })
            .getByRole('article', { name: 'Dogodek: Neželena vsebina ali oglaševanje' })
            .first(),
      },
    ]);
    const page = await context.newPage();
    try {
      // A suggested correction to a place, as its tab shows it. In Maribor: near Ljubljana's places map of the
      // dialogs test it would cluster with that test's marker.
      const [place] = await e2e.server.app.deps.db
        .insert(spots)
        .values({
          countryCode: 'SI',
          location: 'Maribor',
          lat: 46.5547,
          lon: 15.6459,
          kind: 'dogPark',
          name: `Park za predlog ${name}`,
          status: 'published',
        })
        .returning({ id: spots.id });
      await ana.api.spots.suggest.mutate({
        spotId: place!.id,
        kind: 'trail',
        name: `Park za predlog ${name}`,
        country: 'SI',
        location: 'Maribor',
        lat: 46.5547,
        lon: 15.6459,
        note: 'To je pot.',
      });
      await page.goto(`${e2e.server.url}/admin`);
      await page.getByRole('tab', { name: 'Predlogi' }).click();
      await page.getByRole('listitem', { name: `Park za predlog ${name}` }).waitFor();
      const queue = await seriousViolations(page);
      if (queue.length) found['suggestions queue'] = queue;
      await page.goto(`${e2e.server.url}/events`);
      await page.getByRole('main').getByRole('button', { name: 'Sprehod ob Ljubljanici' }).first().click();
      await page.getByRole('button', { name: 'Prijavi dogodek' }).click();
      await page.getByRole('dialog', { name: 'Prijavi dogodek' }).waitFor();
      const report = await seriousViolations(page);
      if (report.length) found['report dialog'] = report;
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Blokiraj uporabnika' }).click();
      await page.getByRole('dialog', { name: /^Blokiram uporabnika/ }).waitFor();
      const block = await seriousViolations(page);
      if (block.length) found['block dialog'] = block;
      expect(found).toEqual({});
    } finally {
      await context.close();
    }
  });

  it('has none on lost dogs: an alert nearby, the sighting form, an alert with a sighting, the report form with an error, my open alert with its actions, its public page and poster', async () => {
    await cene.api.lost.report.mutate({
      id: crypto.randomUUID(),
      dogId: cene.dog.id,
      lat: 46.0511,
      lon: 14.5051,
      seenAt: new Date(),
      note: 'Plašna je.',
    });
    await walkWithAxe(ana.token, async (page, record) => {
      await page.goto(`${e2e.server.url}/pogresani`);
      const main = page.getByRole('main');
      await main
        .getByRole('region', { name: 'V bližini vaših psov' })
        .getByRole('article', { name: 'Luna' })
        .first()
        .waitFor();
      await record('an alert nearby');
      // Ana saw Luna: the sighting form, then the alert with its sightings' map and list.
      const luna = main
        .getByRole('region', { name: 'V bližini vaših psov' })
        .getByRole('article', { name: 'Luna' })
        .first();
      await luna.getByRole('button', { name: 'Sporočite opažanje' }).click();
      const sighting = page.getByRole('dialog', { name: 'Ste videli psa Luna?' });
      await sighting.getByLabel('Kaj ste videli').fill('Tekla je proti gradu.');
      await record('the sighting form');
      await sighting.getByRole('button', { name: 'Sporoči lastniku' }).click();
      await luna.getByRole('region', { name: 'Zemljevid opažanj: Luna' }).waitFor();
      await luna.getByRole('button', { name: 'Pišite lastniku' }).waitFor();
      await record('an alert with a sighting');
      await main.getByRole('button', { name: 'Moj pes se je izgubil' }).click();
      const form = page.getByRole('dialog', { name: 'Moj pes se je izgubil' });
      await form.getByLabel('Dan', { exact: true }).fill('');
      await form.getByRole('button', { name: 'Obvesti lastnike v bližini' }).click();
      await form.getByText(/^Vpišite, kdaj ste psa nazadnje videli/).waitFor();
      await record('the report form with an error');
      await page.keyboard.press('Escape');
      await main.getByRole('button', { name: 'Moj pes se je izgubil' }).click();
      await form.getByRole('button', { name: 'Obvesti lastnike v bližini' }).click();
      const mine = main
        .getByRole('region', { name: 'Moja opozorila' })
        .getByRole('article', { name: 'Piki' });
      await mine.getByRole('button', { name: 'Pes je spet doma' }).waitFor();
      await record('my open alert with its actions');
      // Its public page and poster, which need no account.
      await page.goto(
        e2e.server.url +
          (await mine.getByRole('link', { name: 'Deli ali natisni plakat' }).getAttribute('href'))!,
      );
      await page.getByRole('heading', { name: 'Pogrešan pes: Piki' }).waitFor();
      await record('the public page');
      await page.getByRole('link', { name: 'Plakat za tisk (A4)' }).click();
      await page.getByRole('img', { name: /^Koda QR s povezavo na / }).waitFor();
      await record('the poster');
    });
  });

  it('has none on found dogs: the found-dog form with an error, a found dog nearby, its public page', async () => {
    const photo = await uploadedKey(e2e.server.app, cene.token, await jpeg(600, 400), 'lost');
    await cene.api.lost.reportFound.mutate({
      id: crypto.randomUUID(),
      lat: 46.0511,
      lon: 14.5051,
      seenAt: new Date(),
      looks: 'Bel terier, modra ovratnica',
      note: 'Je pri meni.',
      photo,
    });
    await walkWithAxe(ana.token, async (page, record) => {
      await page.goto(`${e2e.server.url}/pogresani`);
      const main = page.getByRole('main');
      const found = main
        .getByRole('region', { name: 'V bližini vaših psov' })
        .getByRole('article', { name: 'Najden pes' })
        .first();
      await found.getByRole('button', { name: 'Je vaš? Pišite najditelju' }).waitFor();
      await record('a found dog nearby');
      await main.getByRole('button', { name: 'Našli ste psa?' }).click();
      const form = page.getByRole('dialog', { name: 'Najden pes brez znanega lastnika' });
      await form.getByRole('button', { name: 'Obvesti lastnike v bližini' }).click();
      await form.getByText('Opišite psa: velikost, barvo, ovratnico.').waitFor();
      await record('the found-dog form with an error');
      await page.keyboard.press('Escape');
      await page.goto(
        e2e.server.url +
          (await found.getByRole('link', { name: 'Deli ali natisni plakat' }).getAttribute('href'))!,
      );
      await page.getByRole('heading', { name: 'Najden pes: okolica kraja Ljubljana' }).waitFor();
      await record('its public page');
    });
  });

  it('has none in the access token dialogs: the form with errors, the new token, revoking', async () => {
    await walkWithAxe(ana.token, async (page, record) => {
      await page.goto(`${e2e.server.url}/profil`);
      const settings = page.getByRole('region', { name: 'Nastavitve', exact: true });
      await settings.getByRole('button', { name: 'Nov žeton' }).click();
      const form = page.getByRole('dialog', { name: 'Nov dostopni žeton' });
      await form.getByRole('button', { name: 'Ustvari žeton' }).click();
      await form.getByText('Vnesite ime žetona.').waitFor();
      await record('new token form with errors');
      await form.getByLabel('Ime', { exact: true }).fill('Preverjanje');
      await form.getByRole('button', { name: 'Ustvari žeton' }).click();
      await page.getByRole('dialog', { name: 'Vaš novi žeton' }).waitFor();
      await record('the new token');
      await page.getByRole('button', { name: 'Končano' }).click();
      await settings.getByRole('button', { name: 'Odvzemi dostop žetonu Preverjanje' }).click();
      await page.getByRole('dialog', { name: 'Odvzamem dostop žetonu »Preverjanje«?' }).waitFor();
      await record('revoke');
    });
  });

  it('has none with the dialogs open: dog details, event details, the event form, the terms, the deck’s, a place’s (checked in too), the places map and form', async () => {
    const [place] = await e2e.server.app.deps.db
      .insert(spots)
      .values({
        countryCode: 'SI',
        location: 'Ljubljana',
        // 2 km apart on the two screens: each its own marker on the map, not a cluster of both.
        lat: 46.0569 + (name === 'desktop' ? 0.02 : 0),
        lon: 14.4973,
        kind: 'vet',
        name: `Ambulanta za axe ${name}`,
        emergency: true,
        hours: [[{ from: '08:00', to: '19:00' }], [], [], [], [], [], []],
        status: 'published',
      })
      .returning({ id: spots.id });
    await walkWithAxe(ana.token, async (page, record) => {
      // A place's page with the rating form, a rating missing.
      await page.goto(`${e2e.server.url}/mesta?kraj=${place!.id}`);
      const details = page.getByRole('dialog', { name: `Ambulanta za axe ${name}` });
      await details.getByRole('button', { name: 'Smo tu' }).waitFor();
      await details.getByRole('button', { name: 'Shrani oceno' }).click();
      await details.getByText('Oceno izberite od 1 do 5.').waitFor();
      await record('place details with the check-in and rating forms');
      // Checked in (then out again, as the next screen size starts from the form).
      await details.getByRole('button', { name: 'Smo tu' }).click();
      await details.getByRole('button', { name: 'Odhajamo' }).waitFor();
      await record('place details, checked in');
      await details.getByRole('button', { name: 'Odhajamo' }).click();
      await details.getByRole('button', { name: 'Smo tu' }).waitFor();
      // Suggesting a correction: the place's form, sent unchanged.
      await details.getByRole('button', { name: 'Predlagaj popravek' }).click();
      const suggesting = page.getByRole('dialog', { name: 'Predlagajte popravek' });
      await suggesting.getByRole('button', { name: 'Pošlji predlog' }).click();
      await suggesting.getByText(/^Nič niste spremenili/).waitFor();
      await record('suggest a correction, nothing changed');
      await page.keyboard.press('Escape');
      await suggesting.waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });
      // The places' map, its markers, and its notice that the tiles (the test server's 404s) did not load.
      await page.getByRole('main').getByRole('button', { name: 'Zemljevid' }).click();
      await page
        .getByRole('main')
        .getByText('Podlage zemljevida ni bilo mogoče naložiti.', { exact: false })
        .waitFor();
      await page
        .getByRole('main')
        .getByRole('button', { name: `Ambulanta za axe ${name}` })
        .waitFor();
      await record('places map');
      // Adding a place: the form with its errors, its map to mark the point.
      await page.getByRole('main').getByRole('button', { name: 'Dodaj kraj' }).click();
      const adding = page.getByRole('dialog', { name: 'Nov kraj za pse' });
      await adding.getByRole('button', { name: 'Dodaj kraj' }).click();
      await adding.getByText('Izberite eno od ponujenih možnosti.').waitFor();
      await record('new place form with errors');
      await page.keyboard.press('Escape');

      await page.goto(`${e2e.server.url}/moji-psi`);
      await page.getByRole('main').getByRole('button', { name: /Piki/ }).first().click();
      await page.getByRole('dialog', { name: 'Piki' }).waitFor();
      await record('dog details');
      await page.keyboard.press('Escape');

      await page.goto(`${e2e.server.url}/events`);
      await page.getByRole('main').getByRole('button', { name: 'Sprehod ob Ljubljanici' }).first().click();
      await page.getByRole('dialog', { name: 'Sprehod ob Ljubljanici' }).waitFor();
      await record('event details');
      await page.keyboard.press('Escape');

      await page.getByRole('main').getByRole('button', { name: 'Ustvari dogodek' }).click();
      const form = page.getByRole('dialog', { name: 'Ustvari dogodek' });
      await form.waitFor();
      await form.getByRole('button', { name: 'Ustvari dogodek', exact: true }).click();
      await form.getByText('Vpišite naslov dogodka.').waitFor();
      await record('event form with errors');
      await page.keyboard.press('Escape');

      await page.getByRole('contentinfo').getByRole('button', { name: 'Pogoji in zasebnost' }).click();
      await page.getByRole('dialog').first().waitFor();
      await record('terms');
      await page.keyboard.press('Escape');

      // Matching (issue 20): the filters, the dogs I liked (Rex, a match), the dog form's playdate fields.
      await page.goto(`${e2e.server.url}/ujemanja`);
      await page
        .getByRole('button', { name: /^Filtri/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Kdo naj se prikaže' }).waitFor();
      await record('deck filters');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Všečkani' }).click();
      await page.getByRole('dialog', { name: 'Psi, ki so mi všeč' }).getByText('Rex').waitFor();
      await record('dogs I liked');
      await page.keyboard.press('Escape');
      await page.goto(`${e2e.server.url}/moji-psi`);
      await page.getByRole('main').getByRole('button', { name: 'Uredi Piki' }).click();
      await page.getByRole('dialog', { name: 'Uredi profil psa' }).getByLabel('Velikost').waitFor();
      await record('dog form with the playdate fields');
      await page.keyboard.press('Escape');
      // Issue 30: the new dog's birth month, gender (none chosen) and weight (not a number) in error.
      await page.getByRole('main').getByRole('button', { name: 'Dodaj psa' }).first().click();
      const add = page.getByRole('dialog', { name: 'Dodaj psa' });
      await add.getByRole('button', { name: 'Dodaj psa', exact: true }).click();
      await add.getByText('Izberite spol psa.').waitFor();
      await add.getByLabel('Teža (kg)').fill('abc');
      await add.getByText('Vpišite število, npr. 12,5.').waitFor();
      await record('new dog form with errors');
    });
  });

  it('has none in the event tools: the chat, the organiser’s list with a request and a line, a removal, the series form, past', async () => {
    const title = `Z odobritvijo ${name}`;
    const event = await ana.api.events.create.mutate({
      title,
      eventDate: dateInDays(4),
      eventTime: '10:00',
      locationName: 'Tivoli',
      country: 'SI',
      location: 'Ljubljana',
      requiresApproval: true,
    });
    // The chat is the organiser's and the seated's: Cene is let in and writes, Ana answers. Bor's request
    // stays open for the organiser's list below.
    await cene.api.events.join.mutate({ id: event.id });
    await ana.api.events.decide.mutate({ eventId: event.id, userId: cene.id, approve: true });
    await cene.api.events.chatSend.mutate({ eventId: event.id, content: 'Živjo, se vidimo pri vhodu!' });
    await ana.api.events.chatSend.mutate({ eventId: event.id, content: 'Super, prinesem vodo za pse.' });
    await bor.api.events.join.mutate({ id: event.id });
    await walkWithAxe(ana.token, async (page, record) => {
      await page.goto(`${e2e.server.url}/events?dogodek=${event.id}`);
      const details = page.getByRole('dialog', { name: title });
      await details.getByRole('button', { name: 'Klepet dogodka' }).click();
      const log = page
        .getByRole('dialog', { name: 'Klepet dogodka' })
        .getByRole('log', { name: 'Sporočila' });
      // Both bubbles, each under its sender's name, Cene's with its report button.
      for (const shown of [
        log.getByRole('listitem').filter({ hasText: 'Cene Zupan' }).getByText('Živjo, se vidimo pri vhodu!'),
        log.getByRole('listitem').filter({ hasText: 'Ana Kos' }).getByText('Super, prinesem vodo za pse.'),
        log.getByRole('button', { name: 'Prijavi sporočilo, ki ga je poslal(a) Cene Zupan' }),
      ])
        await shown.waitFor();
      expect(await loading(page).count()).toBe(0);
      await record('event chat');
      await page.keyboard.press('Escape');
      await details.getByRole('button', { name: /Udeleženci: 2\/20/ }).click();
      await page.getByRole('button', { name: 'Odobri prošnjo: Bor Novak' }).waitFor();
      await record('attendees with a request');
      await page.getByRole('button', { name: 'Odobri prošnjo: Bor Novak' }).click();
      await page.getByRole('button', { name: 'Odstrani z dogodka: Bor Novak' }).click();
      await page.getByRole('dialog', { name: 'Odstranim z dogodka?' }).waitFor();
      await record('the removal’s confirmation');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Odstranim z dogodka?' }).waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      await page.getByRole('main').getByRole('button', { name: 'Ustvari dogodek' }).click();
      const form = page.getByRole('dialog', { name: 'Ustvari dogodek' });
      await form.getByLabel('Ponavljanje').selectOption({ label: 'Vsak teden' });
      await form.getByLabel('Zadnji termin', { exact: true }).waitFor();
      await record('event form with a series');
      await page.keyboard.press('Escape');

      await page.getByRole('main').getByRole('tab', { name: 'Pretekli' }).click();
      await page.getByText('Še ni preteklih dogodkov').waitFor();
      await record('past tab');
    });
  });
});
