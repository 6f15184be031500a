import clsx from 'clsx';
import { LIMITS } from '#shared/limits';
import type { Photo } from '#shared/schemas/uploads';
import { DogSilhouette } from './dog-silhouette';

const WIDTHS = LIMITS.upload.widths;

interface DogPhotoProps {
  /** The photo to show (usually a dog's first, the main one); none shows the silhouette. */
  photo: Photo | undefined;
  alt: string;
  /**
   * Which variant to load: 'thumb' (200 px) for small avatars, 'medium' (512 px). With `sizes`, the
   * browser picks between the two for the slot's width and the screen's density instead. Never 'full'.
   */
  variant?: 'thumb' | 'medium';
  /** The slot's width (the `sizes` attribute), e.g. '(min-width: 768px) 33vw, 100vw'. */
  sizes?: string | undefined;
  /** The box: its size or aspect ratio and its corners; the photo covers it. */
  className?: string | undefined;
  /** Pictures in view on the first paint may load eagerly; the rest wait until they are near. */
  loading?: 'lazy' | 'eager';
}

/** A dog's photo in a fixed box (no layout shift while it loads), or a silhouette when it has none. */
export function DogPhoto({
  photo,
  alt,
  variant = 'thumb',
  sizes,
  className,
  loading = 'lazy',
}: DogPhotoProps) {
  const width = WIDTHS[variant];
  return (
    // Spans, so the photo may sit inside a button.
    <span className={clsx('relative block overflow-hidden bg-primary-soft', className)}>
      {photo ? (
        <img
          src={photo[variant]}
          srcSet={sizes ? `${photo.thumb} ${WIDTHS.thumb}w, ${photo.medium} ${WIDTHS.medium}w` : undefined}
          sizes={sizes}
          alt={alt}
          width={width}
          height={width}
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
