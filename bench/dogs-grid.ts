// Budget (issue 3): the /dogs grid with 50 dogs loads thumbnails only — never a full-size image.
// Reports the photo requests by variant and their bytes, on a phone and a desktop viewport.
import sharp from 'sharp';
import WebSocket from 'ws';
import { createApiClient } from '#shared/client';
import { launchBrowser, startServer, VIEWPORTS } from '../tests/helpers/e2e';
import type { Row } from './lib';
import { signedInToken, uploadPhoto } from './signed-in';

const DOGS = 50;

export async function benchDogsGrid(): Promise<Row[]> {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const rows: Row[] = [];
  try {
    const token = await signedInToken(server, 'bench-grid@example.com');
    const api = createApiClient({ url: server.url, token, WebSocket: WebSocket as never });
    for (let i = 0; i < DOGS; i++) {
      // Photo-like detail, so the byte counts are realistic.
      const photo = await sharp({
        create: {
          width: 1920,
          height: 1440,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 100 + i, sigma: 50 },
        },
      })
        .blur(1.5)
        .jpeg()
        .toBuffer();
      const key = await uploadPhoto(server, token, photo);
      await api.dogs.create.mutate({
        name: `Pes ${i + 1}`,
        breed: 'Mešanec',
        birthMonth: '2023-05',
        gender: 'female',
        location: 'Ljubljana',
        photos: [key],
      });
    }
    api.close();

    for (const [name, options] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext(options);
      await context.addCookies([{ name: 'tacke_session', value: token, url: server.url }]);
      const page = await context.newPage();
      const photos: Array<{ variant: string; bytes: number }> = [];
      page.on('response', (response) => {
        const variant = /_(thumb|med|full)\.webp$/.exec(response.url())?.[1];
        if (variant)
          void response.body().then(
            (body) => photos.push({ variant, bytes: body.length }),
            () => {},
          );
      });
      await page.goto(`${server.url}/dogs`);
      await page.getByText(`Pes ${DOGS}`, { exact: true }).waitFor({ timeout: 15_000 });
      // Scroll through the whole grid so every lazy image is requested.
      for (let y = 0; y < 40; y++) {
        await page.mouse.wheel(0, 800);
        await page.waitForTimeout(50);
      }
      await page.waitForLoadState('networkidle');
      const by = (variant: string) => photos.filter((photo) => photo.variant === variant);
      const kb = photos.reduce((sum, photo) => sum + photo.bytes, 0) / 1024;
      console.log(
        `/dogs grid of ${DOGS} dogs on a ${name}: ${photos.length} photo requests ` +
          `(thumb ${by('thumb').length}, medium ${by('med').length}, full ${by('full').length}), ${kb.toFixed(0)} KB (budget: no full)`,
      );
      rows.push({
        metric: `/dogs grid (${DOGS} dogs, ${name}): full-size photos`,
        value: by('full').length,
        unit: 'requests',
        budget: '0 requests',
        ok: by('full').length === 0,
        note: `${photos.length} photos, ${kb.toFixed(0)} KB`,
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}
