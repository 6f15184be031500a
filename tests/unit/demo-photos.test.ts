import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/limits';
import { DEMO_PORTRAITS, demoPhoto } from '../../server/demo/photos';

describe('the demo set’s photos (server/demo/photos.ts)', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-photos-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are the build’s files where they are, read as they are (round again past the last portrait)', async () => {
    const dir = tempDir();
    for (const variant of ['thumb', 'medium', 'full'])
      fs.writeFileSync(path.join(dir, `5-${variant}.webp`), `built ${variant}`);
    const photo = await demoPhoto(5 + DEMO_PORTRAITS, dir);
    expect(
      Object.fromEntries(Object.entries(photo).map(([variant, data]) => [variant, String(data)])),
    ).toEqual({ thumb: 'built thumb', medium: 'built medium', full: 'built full' });
  });

  it('are drawn and encoded as uploads are where there is no build', async () => {
    const photo = await demoPhoto(5, tempDir());
    const widths = await Promise.all(
      [photo.thumb, photo.medium, photo.full].map(async (data) => {
        const meta = await sharp(data).metadata();
        expect(meta.format).toBe('webp');
        return meta.width;
      }),
    );
    // The portrait is 1024 px wide: the full size is not enlarged.
    expect(widths).toEqual([LIMITS.upload.widths.thumb, LIMITS.upload.widths.medium, 1024]);
  });
});
