import { describe, expect, it } from 'vitest';
import { apiUser, openPage, sessionContext, sidewaysOverflow, useE2e, VIEWPORTS } from '../helpers/e2e';

/** Issue 30: on a wide screen the settings use the width, not a narrow column beside an empty half. */
const e2e = useE2e();

describe('the profile page', () => {
  it('lays the settings out across the width on a desktop, in two columns, and stacks them on a phone', async () => {
    const ana = await apiUser(e2e.server, { fullName: 'Ana Postavitev', email: 'ana.layout@example.com' });
    for (const [name, options] of Object.entries(VIEWPORTS)) {
      const context = await sessionContext(e2e.browser, e2e.server, options, ana.token);
      const errors: string[] = [];
      const page = await openPage(context, e2e.server, '/profil', errors);
      try {
        const settings = page.getByRole('region', { name: 'Nastavitve' });
        const notifications = settings.getByRole('heading', { name: 'Obvestila' });
        const tokens = settings.getByRole('heading', { name: 'Dostopni žetoni za skripte' });
        await tokens.waitFor();
        const [box, main, left, right] = await Promise.all([
          settings.boundingBox(),
          page.getByRole('main').boundingBox(),
          notifications.boundingBox(),
          tokens.boundingBox(),
        ]);
        // The whole width of the page's content.
        expect(box!.width).toBeGreaterThan(main!.width * 0.9);
        if (name === 'desktop') {
          // Side by side: the tokens beside the notifications, not under them.
          expect(right!.x).toBeGreaterThan(left!.x + box!.width / 3);
          expect(Math.abs(right!.y - left!.y)).toBeLessThan(150);
        } else expect(right!.y).toBeGreaterThan(left!.y);
        expect(await sidewaysOverflow(page)).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
    await ana.api.close();
  });
});
