import { describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/i18n';
import { PAGE_MODULES } from '../../web/src/app/page-modules';
import { apiOwner, apiUser, sessionContext, sidewaysOverflow, useE2e } from '../helpers/e2e';

// "Works" means on the narrowest phone too, in every language: no page is wider than a 320 px screen once
// its content (and what it loads after the first screen) is there. Long German and Italian words found the
// profile's grid sized to its widest word instead of the screen (a new member's, with no dog yet).

const e2e = useE2e();

describe('every page on a 320 px phone, signed in', () => {
  it.each(LOCALES.flatMap((locale) => [[locale, 'a new member'] as const, [locale, 'an owner'] as const]))(
    'fits the width in %s, for %s',
    async (locale, who) => {
      const email = `ozka.${locale}.${who.length}@example.com`;
      const owner =
        who === 'an owner'
          ? await apiOwner(e2e.server, 'Mojca Ozka', email, 'Piki')
          : await apiUser(e2e.server, { fullName: 'Mojca Ozka', email });
      const context = await sessionContext(
        e2e.browser,
        e2e.server,
        { viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true, locale },
        owner.token,
      );
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const wider: string[] = [];
      try {
        for (const route of Object.keys(PAGE_MODULES)) {
          await page.goto(`${e2e.server.url}${route}`);
          await page.waitForLoadState('networkidle');
          await page.locator('#root fieldset[disabled]').waitFor({ state: 'detached' });
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) wider.push(`${route}: ${overflow} px`);
        }
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
        expect(wider).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await owner.api.close();
      }
    },
  );
});
