import clsx from 'clsx';
import { LIMITS } from '#shared/limits';
import type { Photo } from '#shared/schemas/uploads';
import { photoSources } from '../../lib/photo-sources';
import { DogSilhouette } from './dog-silhouette';

/** A square's intrinsic size; the box's CSS sets the size shown. */
const SIDE = LIMITS.upload.widths.medium;

interface DogPhotoProps {
  /** The photo to show (usually a dog's first, the main one); none shows the silhouette. */
  photo: Photo | undefined;
  alt: string;
  /**
   * The box's CSS width (the `sizes` attribute), e.g. '40px' or '(min-width: 768px) 33vw, 100vw': the
   * browser loads the smallest stored variant that fills it at the screen's density.
   */
  sizes: string;
  /**
   * The largest variant offered: 'medium' (512 px) unless said, so a dog's photo never costs the 1920 px file
   * on a dense phone screen (the deck's card, the app's largest paint, has its own).
   */
  largest?: 'medium' | 'full';
  /** The box: its size or aspect ratio and its corners; the photo covers it. */
  className?: string | undefined;
  /** Pictures in view on the first paint may load eagerly; the rest wait until they are near. */
  loading?: 'lazy' | 'eager';
}

/** A dog's photo in a fixed box (no layout shift while it loads), or a silhouette when it has none. */
export function DogPhoto({
  photo,
  alt,
  sizes,
  largest = 'medium',
  className,
  loading = 'lazy',
}: DogPhotoProps) {
  return (
    // Spans, so the photo may sit inside a button.
    <span className={clsx('relative block overflow-hidden bg-primary-soft', className)}>
      {photo ? (
        <img
          {...photoSources(photo, sizes, largest)}
          alt={alt}
          width={SIDE}
          height={SIDE}
          loading={loading}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <span
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
          className="absolute inset-0 flex items-end justify-center"
        >
          <DogSilhouette className="h-4/5 w-4/5 text-primary/35" />
        </span>
      )}
    </span>
  );
}
