import fs from 'node:fs/promises';
import path from 'node:path';
import { makeVariants, VARIANTS, type Variant } from '../media/images';
import { ROOT } from '../paths';
import { dogPortraitSvg } from './portrait';

/** How many portraits the demo set's dogs have: the k-th dog gets portrait k (round again past the last). */
export const DEMO_PORTRAITS = 32;

/** Where `npm run build` keeps the portraits, encoded as stored (scripts/demo-photos.ts). */
export const DEMO_PHOTOS_DIR = path.join(ROOT, 'dist', 'demo-photos');

type Variants = Record<Variant, Buffer>;

const fileOf = (dir: string, n: number, variant: Variant) => path.join(dir, `${n}-${variant}.webp`);

/** Portrait `n` drawn and encoded as an upload is (the image library: ~0.2 s and tens of MB of memory). */
export async function drawDemoPhoto(n: number): Promise<Variants> {
  const { default: sharp } = await import('sharp');
  return makeVariants(
    await sharp(Buffer.from(dogPortraitSvg(n)))
      .png()
      .toBuffer(),
  );
}

/**
 * The k-th demo dog's photo as its stored variants: the build's files, so that the first start of a new
 * server (which seeds the demo set) loads no image library at all (RSS after the seed 280 → ~220 MB, the
 * seed ~10 s → ~2 s); drawn here where there is no build (a run from source).
 */
export async function demoPhoto(k: number, dir = DEMO_PHOTOS_DIR): Promise<Variants> {
  const n = k % DEMO_PORTRAITS;
  try {
    const files = await Promise.all(VARIANTS.map((variant) => fs.readFile(fileOf(dir, n, variant))));
    return Object.fromEntries(VARIANTS.map((variant, i) => [variant, files[i]])) as Variants;
  } catch {
    return drawDemoPhoto(n);
  }
}

/** The build's part: every portrait, drawn and written to `dir`. */
export async function writeDemoPhotos(dir = DEMO_PHOTOS_DIR) {
  await fs.mkdir(dir, { recursive: true });
  for (let n = 0; n < DEMO_PORTRAITS; n++) {
    const variants = await drawDemoPhoto(n);
    await Promise.all(VARIANTS.map((variant) => fs.writeFile(fileOf(dir, n, variant), variants[variant])));
  }
}
