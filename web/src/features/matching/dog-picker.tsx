import clsx from 'clsx';
import { ArrowLeft, Check } from 'lucide-react';
import { useIntl } from 'react-intl';
import { dogAgeText } from '../../components/dogs/dog-age';
import { DogPhoto } from '../../components/dogs/dog-photo';
import { breedName } from '../../components/dogs/names';
import type { Dog } from '../../components/dogs/types';
import { Button } from '../../components/ui/button';
import { useLocale, useT } from '../../lib/intl';

/** Photo slot in the grid: 2 columns on phones, 3 from sm, 4 from lg (inside max-w-6xl). */
const PHOTO_SIZES = '(min-width: 1024px) 270px, (min-width: 640px) 33vw, 50vw';

interface DogPickerProps {
  dogs: readonly Dog[];
  /** The dog swiping so far, when switching. */
  currentId: string | null;
  onPick: (dogId: string) => void;
  /** Back to the deck without changing (when a dog was chosen before). */
  onBack?: (() => void) | undefined;
}

/** "Choose your dog": likes and requests go out in the chosen dog's name (DECISIONS 2). */
export function DogPicker({ dogs, currentId, onPick, onBack }: DogPickerProps) {
  const intl = useIntl();
  const t = useT();
  const [locale] = useLocale();
  return (
    <section className="flex flex-col gap-6" aria-labelledby="matching-pick-title">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="matching-pick-title" className="text-headline font-extrabold">
            {t('matching.pick.title')}
          </h1>
          <p className="mt-1 max-w-2xl text-lead text-muted-foreground">{t('matching.pick.text')}</p>
        </div>
        {onBack && (
          <Button variant="outline" onClick={onBack} className="w-full shrink-0 sm:w-auto">
            <ArrowLeft aria-hidden="true" className="size-5" />
            {t('matching.pick.back')}
          </Button>
        )}
      </header>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-5 lg:grid-cols-4">
        {dogs.map((dog, index) => {
          const current = dog.id === currentId;
          return (
            <li key={dog.id} className="grid">
              <button
                type="button"
                onClick={() => onPick(dog.id)}
                aria-current={current || undefined}
                className={clsx(
                  'group flex flex-col overflow-hidden rounded-card border bg-surface text-left shadow-card transition',
                  'hover:-translate-y-0.5 hover:shadow-lg motion-reduce:hover:translate-y-0',
                  current ? 'border-primary ring-2 ring-primary' : 'border-border',
                )}
              >
                <span className="relative block">
                  <DogPhoto
                    photo={dog.photos[0]}
                    alt=""
                    sizes={PHOTO_SIZES}
                    largest="medium"
                    loading={index < 8 ? 'eager' : 'lazy'}
                    className="aspect-square"
                  />
                  {current && (
                    <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-pill bg-primary px-2.5 py-0.5 text-caption font-bold text-primary-foreground shadow-sm">
                      <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
                      {t('matching.pick.current')}
                    </span>
                  )}
                </span>
                <span className="flex flex-col gap-0.5 p-3 md:p-4">
                  <span className="text-lead font-bold break-words group-hover:text-primary-strong">
                    {dog.name}
                  </span>
                  <span className="text-caption text-muted-foreground">
                    {breedName(dog.breed, locale)} · {dogAgeText(intl, dog.birthMonth)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
