import { AppError } from '#shared/errors';
import { LIMITS } from '#shared/limits';

export const VARIANTS = ['thumb', 'medium', 'full'] as const;
export type Variant = (typeof VARIANTS)[number];

/** File-name suffix of each variant (SPEC §7 Storage). */
export const VARIANT_SUFFIX: Record<Variant, string> = { thumb: '_thumb', medium: '_med', full: '_full' };

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/** libvips loads on the first upload, not at start-up (it takes ~0.2 s). */
async function loadSharp() {
  const sharp = (await import('sharp')).default;
  // One thread per image operation: the three encodes already run side by side, and memory stays bounded.
  sharp.concurrency(1);
  return sharp;
}

/**
 * Checks that `input` really is a JPEG, PNG, WebP or HEIC image (by content, not name) and makes the
 * WebP variants. Orientation from EXIF is applied; all metadata (EXIF, GPS, ICC, XMP) is dropped.
 */
export async function makeVariants(input: Buffer): Promise<Record<Variant, Buffer>> {
  const { maxPixels, widths, quality } = LIMITS.upload;
  const sharp = await loadSharp();
  let format: string | undefined;
  let pixels: number;
  try {
    // Only the header is read here; the pixel count is checked below with our own limit.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw new AppError('UPLOAD_NOT_IMAGE');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('UPLOAD_NOT_IMAGE');
  // Refused before decoding: a small file can declare billions of pixels.
  if (pixels > maxPixels) throw new AppError('UPLOAD_DIMENSIONS', { maxMegapixels: maxPixels / 1e6 });
  try {
    // Decoded and rotated once, at the largest size; every variant is encoded from those pixels.
    const { data, info } = await sharp(input, { limitInputPixels: maxPixels, failOn: 'warning' })
      .rotate()
      .resize({ width: widths.full, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const encode = (width: number) =>
      sharp(data, { raw }).resize({ width, withoutEnlargement: true }).webp({ quality }).toBuffer();
    const [thumb, medium, full] = await Promise.all([
      encode(widths.thumb),
      encode(widths.medium),
      encode(widths.full),
    ]);
    return { thumb, medium, full };
  } catch (error) {
    // Truncated or corrupt data that the header check let through.
    throw new AppError('UPLOAD_NOT_IMAGE', undefined, { cause: error });
  }
}
