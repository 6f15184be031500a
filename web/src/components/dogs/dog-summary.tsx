import clsx from 'clsx';
import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../lib/intl';
import { descriptionPreview } from './description-preview';
import { dogAgeText } from './dog-age';
import { breedName, placeName } from './names';
import { PlaydateBadges } from './playdate-facts';
import { TraitBadges } from './trait-badges';
import type { Dog } from './types';

/**
 * What a dog card says about the dog: its name (as the card renders it), age, breed and place, up to
 * three traits, up to four playdate facts (size, energy, …) and the start of the description.
 */
export function DogSummary({
  dog,
  title,
  classNames = {},
}: {
  dog: Pick<Dog, 'birthMonth' | 'breed' | 'location' | 'originCountry' | 'traits' | 'description'> &
    Parameters<typeof PlaydateBadges>[0]['dog'];
  /** The heading with the name: a plain heading, or one with the card's open button. */
  title: ReactNode;
  /** Classes for the parts a card may limit or leave out (the deck on a short phone screen). */
  classNames?: Partial<Record<'place' | 'traits' | 'facts' | 'description', string>>;
}) {
  const intl = useIntl();
  const [locale] = useLocale();
  return (
    <>
      <div>
        <div className="flex items-baseline justify-between gap-3">
          {title}
          <span className="shrink-0 font-semibold text-muted-foreground">
            {dogAgeText(intl, dog.birthMonth)}
          </span>
        </div>
        <p className="font-medium text-primary-strong">{breedName(dog.breed, locale)}</p>
        <p
          className={clsx(
            'mt-1 flex items-center gap-1.5 text-caption text-muted-foreground',
            classNames.place,
          )}
        >
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 truncate">{placeName(dog.location, dog.originCountry, locale)}</span>
        </p>
      </div>
      <TraitBadges traits={dog.traits} className={classNames.traits} />
      <PlaydateBadges dog={dog} max={4} className={classNames.facts} />
      {dog.description && (
        <p className={clsx('text-label break-words text-muted-foreground', classNames.description)}>
          {descriptionPreview(dog.description)}
        </p>
      )}
    </>
  );
}
