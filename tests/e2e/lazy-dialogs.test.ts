// Dialogs load their code on the first opening (web/src/components/ui/dialog.tsx): on a slow network the
// dialog's frame shows at once, and the dialog replaces it when its code arrives.
import { describe, expect, it } from 'vitest';
import { signedInContext, useE2e, VIEWPORTS } from '../helpers/e2e';

const e2e = useE2e();

describe('a dialog whose code is still loading', () => {
  it('shows its frame at once, then the dialog', async () => {
    const context = await signedInContext(e2e.browser, e2e.server, VIEWPORTS.phone, {
      fullName: 'Vid Slow',
      email: 'vid.slow@example.com',
    });
    // The dialog's code (the Radix dialog and the dog form) answers 2 s late.
    await context.route(/\/assets\/(dialog-parts|dog-form-dialog)-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.server.url}/moji-psi`);
      const open = page.getByRole('main').getByRole('button', { name: 'Dodaj psa' });
      await open.waitFor();
      const frame = page.getByTestId('dialog-frame');
      expect(await frame.count()).toBe(0);
      await open.click();
      await frame.waitFor({ timeout: 500 });
      await page.screenshot({ path: '/tmp/lazy-dialog-frame.png' });
      await page.getByRole('dialog', { name: 'Dodaj psa' }).waitFor({ timeout: 10_000 });
      expect(await frame.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
