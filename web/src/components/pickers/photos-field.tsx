import { Star, X } from 'lucide-react';
import type { Photo } from '#shared/schemas/uploads';
import type { UploadKind } from '#shared/schemas/uploads';
import { useT } from '../../lib/intl';
import { DogPhoto } from '../dogs/dog-photo';
import { PhotoUpload } from './photo-upload';

/** A cell of the grid: a third of the sheet on phones, a sixth from sm, of the 38rem dialog from md. */
const PHOTO_SIZES =
  '(min-width: 768px) 95px, (min-width: 640px) calc((100vw - 5rem) / 6), calc((100vw - 3.5rem) / 3)';

interface PhotosFieldProps {
  /** What the photos are of (the upload's kind). */
  kind: UploadKind;
  /** How many it takes (LIMITS.dogPhotos.max, LIMITS.spot.photosMax). */
  max: number;
  /** The photos in order; the first is the main one. */
  value: Photo[];
  /** Gets an update of the latest list (an upload may finish after other changes). */
  onChange: (update: (photos: Photo[]) => Photo[]) => void;
  /** Tells the form while a photo is on its way, so it is not saved without it. */
  onBusyChange: (busy: boolean) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * Up to `max` photos (a dog's, a place's): thumbnails to remove or make the main one, and an upload box. With
 * `max` 1 (a lost dog's), just the photo and its remove button.
 */
export function PhotosField({ kind, max, value, onChange, onBusyChange, error, disabled }: PhotosFieldProps) {
  const t = useT();
  const full = value.length >= max;

  const remove = (key: string) => onChange((photos) => photos.filter((photo) => photo.key !== key));
  const makeMain = (photo: Photo) =>
    onChange((photos) => [photo, ...photos.filter((item) => item.key !== photo.key)]);

  return (
    <div className="flex flex-col gap-3">
      {value.length > 0 && (
        <div className="flex flex-col gap-1.5">
          {max > 1 && (
            <p className="text-body font-semibold text-foreground">
              {t('photos.photos', { count: value.length, max })}
            </p>
          )}
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {value.map((photo, index) => {
              const number = { index: index + 1 };
              return (
                <li key={photo.key} className="relative">
                  <DogPhoto
                    photo={photo}
                    alt={t('photos.photoAlt', number)}
                    sizes={PHOTO_SIZES}
                    className="aspect-square rounded-control"
                  />
                  {max === 1 ? null : index === 0 ? (
                    <span className="absolute bottom-1 left-1 rounded-pill bg-primary px-2 py-0.5 text-caption font-semibold text-primary-foreground">
                      {t('photos.mainPhoto')}
                    </span>
                  ) : (
                    <button
                      type="button"
                      disabled={disabled}
                      onClick={() => makeMain(photo)}
                      aria-label={t('photos.makeMain', number)}
                      title={t('photos.makeMain', number)}
                      className="absolute bottom-1 left-1 flex size-9 items-center justify-center rounded-pill bg-surface/90 text-primary-strong shadow-sm hover:bg-surface disabled:opacity-60"
                    >
                      <Star aria-hidden="true" className="size-4.5" />
                    </button>
                  )}
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => remove(photo.key)}
                    aria-label={t('photos.removePhoto', number)}
                    title={t('photos.removePhoto', number)}
                    className="absolute top-1 right-1 flex size-9 items-center justify-center rounded-pill bg-surface/90 text-danger shadow-sm hover:bg-surface disabled:opacity-60"
                  >
                    <X aria-hidden="true" className="size-4.5" />
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {full ? (
        // One photo: removing it is the way to another, which needs no words.
        max > 1 && (
          <p className="rounded-control bg-muted px-4 py-3 text-caption text-muted-foreground">
            {t('photos.photosFull', { max })}
          </p>
        )
      ) : (
        <PhotoUpload
          kind={kind}
          label={value.length > 0 ? t('photos.addPhoto') : t('photos.photo')}
          error={error}
          disabled={disabled}
          onBusyChange={onBusyChange}
          onUploaded={({ key, urls }) => onChange((photos) => [...photos, { key, ...urls }].slice(0, max))}
        />
      )}
    </div>
  );
}
