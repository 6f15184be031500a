import clsx from 'clsx';
import { Cake, Check, ChevronRight, MapPin, Navigation } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Photo } from '#shared/schemas/uploads';
import { useLocale, useT } from '../../lib/intl';
import { Avatar } from '../profile/avatar';
import { Fact } from '../ui/fact';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog';
import { dogAgeText } from './dog-age';
import { DogPhoto } from './dog-photo';
import { GenderBadge } from './gender-badge';
import { breedName, placeName } from './names';
import { playdateFacts } from './playdate-facts';
import { TraitBadges } from './trait-badges';
import { SafetyActions } from '../safety/safety-actions';
import type { ShownDog } from './types';

/** The owner as the dog's detail shows them. */
export interface DogOwnerCard {
  fullName: string;
  photo: Photo | null;
  /** Place and country, already in the UI language ('' when unknown). */
  place: string;
}

interface DogDetailsDialogProps {
  /** The dog shown; null keeps the dialog closed. */
  dog: ShownDog | null;
  onOpenChange: (open: boolean) => void;
  owner?: DogOwnerCard | undefined;
  /** Makes the owner card a button ('show full profile'), e.g. to open the owner's profile dialog. */
  onOwnerClick?: (() => void) | undefined;
  /** How far the dog is, as a bucket's text ('5–20 km'); never an exact figure. */
  distance?: string | undefined;
}

/** Everything about one dog: a compact sheet on phones, photos beside the details on wider screens. */
export function DogDetailsDialog({
  dog,
  onOpenChange,
  owner,
  onOwnerClick,
  distance,
}: DogDetailsDialogProps) {
  return (
    <Dialog open={dog !== null} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-4xl!">
        {/* Keyed by dog, so the gallery starts at the main photo for each dog. */}
        {dog && (
          <DogDetails
            key={dog.id}
            dog={dog}
            owner={owner}
            onOwnerClick={onOwnerClick}
            distance={distance}
            onClose={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DogDetails({
  dog,
  owner,
  onOwnerClick,
  distance,
  onClose,
}: Omit<DogDetailsDialogProps, 'onOpenChange'> & { dog: ShownDog; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const [locale] = useLocale();
  const place = placeName(dog.location, dog.originCountry, locale);
  const facts = playdateFacts(intl, dog);
  return (
    // Room at the top on phones for the dialog's close button, which would sit on the photo.
    <div className="grid gap-5 pt-9 md:grid-cols-2 md:gap-8 md:pt-0">
      <Gallery dog={dog} />
      <div className="flex min-w-0 flex-col gap-4">
        <div>
          <GenderBadge gender={dog.gender} />
          <DialogTitle className="mt-2 break-words">{dog.name}</DialogTitle>
          <DialogDescription className="text-lead">{breedName(dog.breed, locale)}</DialogDescription>
        </div>
        <dl className="grid gap-2">
          <Fact icon={Cake} label={t('dog.ageLabel')}>
            {dogAgeText(intl, dog.birthMonth)}
          </Fact>
          <Fact icon={MapPin} label={t('dog.location')}>
            {place}
          </Fact>
          {distance && (
            <Fact icon={Navigation} label={t('dog.distance')}>
              {distance}
            </Fact>
          )}
        </dl>
        {facts.length > 0 && (
          <section className="flex flex-col gap-2">
            <h3 className="text-label font-bold">{t('dog.playdate')}</h3>
            <ul className="grid gap-1.5 sm:grid-cols-2">
              {facts.map((fact) => (
                <li key={fact.key} className="flex items-center gap-2">
                  <Check aria-hidden="true" className="size-4 shrink-0 text-primary-strong" />
                  {fact.text}
                </li>
              ))}
            </ul>
          </section>
        )}
        {dog.traits.length > 0 && (
          <section className="flex flex-col gap-2">
            <h3 className="text-label font-bold">{t('dog.traits')}</h3>
            <TraitBadges traits={dog.traits} max={Infinity} />
          </section>
        )}
        {dog.description && (
          <section className="flex flex-col gap-2">
            <h3 className="text-label font-bold">{t('dog.about')}</h3>
            <p className="whitespace-pre-line break-words text-foreground">{dog.description}</p>
          </section>
        )}
        {owner && <OwnerCard owner={owner} onClick={onOwnerClick} />}
        {/* Someone else's dog (only those come with their owner): it may be reported, its owner blocked. */}
        {owner && (
          <SafetyActions
            target={{ type: 'dog', id: dog.id }}
            author={{ id: dog.userId, name: owner.fullName }}
            onBlocked={onClose}
          />
        )}
      </div>
    </div>
  );
}

/**
 * The main photo's slot: the sheet's width less its padding on phones; from md half of the dialog (56rem
 * less padding and gap, 400 px once the screen is that wide).
 */
const GALLERY_SIZES = '(min-width: 896px) 400px, (min-width: 768px) calc(50vw - 3rem), calc(100vw - 2.5rem)';

/** The main photo large, the others as thumbnails that switch it. */
function Gallery({ dog }: { dog: ShownDog }) {
  const intl = useIntl();
  const [index, setIndex] = useState(0);
  const photo = dog.photos[index] ?? dog.photos[0];
  return (
    <div className="flex flex-col gap-3">
      <DogPhoto
        photo={photo}
        sizes={GALLERY_SIZES}
        loading="eager"
        alt={intl.formatMessage({ id: 'dog.photoAlt' }, { name: dog.name })}
        className="aspect-4/3 max-h-[40dvh] rounded-card md:aspect-square md:max-h-none"
      />
      {dog.photos.length > 1 && (
        <ul className="flex flex-wrap gap-2">
          {dog.photos.map((item, i) => (
            <li key={item.key}>
              <button
                type="button"
                aria-pressed={i === index}
                aria-label={intl.formatMessage(
                  { id: 'dog.showPhoto' },
                  { index: i + 1, count: dog.photos.length },
                )}
                onClick={() => setIndex(i)}
                className={clsx(
                  'block rounded-control ring-offset-2 transition',
                  i === index ? 'ring-2 ring-primary' : 'opacity-75 hover:opacity-100',
                )}
              >
                <DogPhoto
                  photo={item}
                  alt=""
                  sizes="(min-width: 768px) 64px, 56px"
                  className="size-14 rounded-control md:size-16"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OwnerCard({ owner, onClick }: { owner: DogOwnerCard; onClick?: (() => void) | undefined }) {
  const intl = useIntl();
  const body = (
    <>
      <Avatar fullName={owner.fullName} photo={owner.photo} size="sm" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-caption font-semibold text-muted-foreground">
          {intl.formatMessage({ id: 'dog.owner' })}
        </span>
        <span className="font-bold break-words">{owner.fullName}</span>
        {owner.place && <span className="text-caption text-muted-foreground">{owner.place}</span>}
        {onClick && (
          <span className="text-caption font-semibold text-primary-strong">
            {intl.formatMessage({ id: 'dog.showOwnerProfile' })}
          </span>
        )}
      </span>
      {onClick && <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />}
    </>
  );
  const box = 'flex w-full items-center gap-3 rounded-card border border-border bg-background p-3 text-left';
  return onClick ? (
    <button type="button" onClick={onClick} className={clsx(box, 'transition-colors hover:bg-muted')}>
      {body}
    </button>
  ) : (
    <div className={box}>{body}</div>
  );
}
