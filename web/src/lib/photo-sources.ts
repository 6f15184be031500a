import { LIMITS } from '#shared/limits';
import type { PhotoUrls } from '#shared/schemas/uploads';

const WIDTHS = LIMITS.upload.widths;
/** Smallest first: a URL that several variants share keeps the smallest width. */
const VARIANTS = ['thumb', 'medium', 'full'] as const;

export interface PhotoSources {
  src: string;
  srcSet: string | undefined;
  sizes: string | undefined;
}

/**
 * An <img>'s sources for an uploaded photo: the stored variants with their widths, so the browser loads the
 * smallest one that fills `sizes` (the slot's CSS width, e.g. '40px' or '(min-width: 768px) 448px, 100vw')
 * at the screen's density, never the 1920 px one for an avatar. `src` (medium) serves browsers without
 * srcset. `largest: 'medium'` leaves the full one out (a grid of many photos on a 3× phone would otherwise
 * load 1920 px each). A photo with a single URL gets just `src`: one file has no choice to offer.
 */
export function photoSources(
  photo: PhotoUrls,
  sizes: string,
  largest: 'medium' | 'full' = 'full',
): PhotoSources {
  const seen = new Set<string>();
  const candidates: string[] = [];
  for (const variant of VARIANTS.slice(0, VARIANTS.indexOf(largest) + 1)) {
    const url = photo[variant];
    if (!url || seen.has(url)) continue;
    seen.add(url);
    candidates.push(`${url} ${WIDTHS[variant]}w`);
  }
  const src = photo.medium || photo.full || photo.thumb;
  return candidates.length > 1
    ? { src, srcSet: candidates.join(', '), sizes }
    : { src, srcSet: undefined, sizes: undefined };
}

/**
 * Starts loading the photo an <img> with the same sources will show (e.g. a page's first data arrived
 * before its code, app/route-data.ts): the browser picks the same variant for both and loads it once.
 */
export function preloadPhoto({ src, srcSet, sizes }: PhotoSources) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  if (srcSet) link.imageSrcset = srcSet;
  if (sizes) link.imageSizes = sizes;
  link.fetchPriority = 'high';
  document.head.append(link);
}
