import { Pencil, Trash2 } from 'lucide-react';
import { CardOpenButton } from '../../components/ui/card';
import { DogPhoto } from '../../components/dogs/dog-photo';
import { GenderBadge } from '../../components/dogs/gender-badge';
import type { Dog } from '../../components/dogs/types';
import { buttonClasses } from '../../components/ui/button';
import { DogSummary } from '../../components/dogs/dog-summary';
import { useT } from '../../lib/intl';
import { DOG_CARD_PHOTO_SIZES } from './photo-sizes';

interface DogCardProps {
  dog: Dog;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** The first cards are in view at once: their photos load without waiting. */
  eager?: boolean;
}

/** One of my dogs in the grid; the name is a button that covers the card and opens the details. */
export function DogCard({ dog, onOpen, onEdit, onDelete, eager = false }: DogCardProps) {
  const t = useT();
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-card border border-border bg-surface shadow-card transition-shadow hover:shadow-lg">
      <div className="relative">
        <DogPhoto
          photo={dog.photos[0]}
          alt={t('dog.photoAlt', { name: dog.name })}
          sizes={DOG_CARD_PHOTO_SIZES}
          largest="medium"
          loading={eager ? 'eager' : 'lazy'}
          className="aspect-4/3"
        />
        <GenderBadge gender={dog.gender} className="absolute top-3 left-3 shadow-sm" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4 md:p-5">
        <DogSummary
          dog={dog}
          title={
            <h2 className="min-w-0 text-title font-bold break-words">
              <CardOpenButton onOpen={onOpen}>{dog.name}</CardOpenButton>
            </h2>
          }
        />
        {/* Above the name's cover, so these stay their own buttons. */}
        <div className="relative z-10 mt-auto grid grid-cols-2 gap-2 pt-1">
          <button
            type="button"
            onClick={onEdit}
            aria-label={t('dogs.card.editNamed', { name: dog.name })}
            className={buttonClasses({ variant: 'outline' })}
          >
            <Pencil aria-hidden="true" className="size-4.5" />
            {t('dogs.card.edit')}
          </button>
          <button
            type="button"
            onClick={onDelete}
            aria-label={t('dogs.card.deleteNamed', { name: dog.name })}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-control border border-danger/30 px-5 font-semibold text-danger transition-colors hover:bg-danger-soft"
          >
            <Trash2 aria-hidden="true" className="size-4.5" />
            {t('dogs.card.delete')}
          </button>
        </div>
      </div>
    </article>
  );
}
