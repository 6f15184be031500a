import { ArrowRight, Lightbulb, Plus } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LIMITS } from '#shared/limits';
import { dogAgeText } from '../../components/dogs/dog-age';
import { DogDetailsDialog } from '../../components/lazy-dialogs';
import { DogPhoto } from '../../components/dogs/dog-photo';
import { GenderBadge } from '../../components/dogs/gender-badge';
import { breedName } from '../../components/dogs/names';
import { TraitBadges } from '../../components/dogs/trait-badges';
import type { Dog } from '../../components/dogs/types';
import { profilePlace } from '../../components/profile/avatar';
import { buttonClasses } from '../../components/ui/button';
import { useLocale, useT } from '../../lib/intl';
import type { MyProfile } from './types';

interface ProfileDogsProps {
  profile: MyProfile;
  dogs: Dog[] | undefined;
  loading: boolean;
}

/** The first LIMITS.dogsOnProfile of my dogs, or a hint to add one. */
export function ProfileDogs({ profile, dogs, loading }: ProfileDogsProps) {
  const intl = useIntl();
  const t = useT();
  const [locale] = useLocale();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = dogs?.find((dog) => dog.id === openId) ?? null;
  const shown = dogs?.slice(0, LIMITS.dogsOnProfile) ?? [];

  return (
    <section className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-card md:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-title font-bold">{t('profile.dogs.title')}</h2>
        {dogs && dogs.length > 0 && (
          <Link
            to="/moji-psi"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-control px-2 font-semibold text-primary-strong hover:bg-primary-soft"
          >
            {t('profile.dogs.all', { count: dogs.length })}
            <ArrowRight aria-hidden="true" className="size-4.5" />
          </Link>
        )}
      </div>
      {loading ? (
        <div role="status" className="grid gap-3 sm:grid-cols-2">
          <span className="sr-only">{intl.formatMessage({ id: 'common.loading' })}</span>
          {[0, 1].map((key) => (
            <div key={key} aria-hidden="true" className="h-28 animate-pulse rounded-card bg-muted" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-card bg-accent-soft p-4 text-accent-strong sm:flex-row sm:items-center">
          <Lightbulb aria-hidden="true" className="size-6 shrink-0" />
          <p className="flex-1 font-medium">{t('profile.dogs.hint')}</p>
          <Link to="/moji-psi" className={buttonClasses({ variant: 'accent' }, 'w-full shrink-0 sm:w-auto')}>
            <Plus aria-hidden="true" className="size-5" />
            {t('profile.dogs.add')}
          </Link>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {shown.map((dog) => (
            <li key={dog.id} className="grid">
              <button
                type="button"
                onClick={() => setOpenId(dog.id)}
                className="flex gap-3 rounded-card border border-border bg-background p-3 text-left transition-colors hover:bg-muted"
              >
                <DogPhoto
                  photo={dog.photos[0]}
                  alt=""
                  sizes="80px"
                  className="size-20 shrink-0 rounded-control"
                />
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="min-w-0 text-lead font-bold break-words">{dog.name}</span>
                    <GenderBadge gender={dog.gender} />
                  </span>
                  <span className="text-caption text-muted-foreground">
                    {breedName(dog.breed, locale)} · {dogAgeText(intl, dog.birthMonth)}
                  </span>
                  <TraitBadges traits={dog.traits} className="mt-1" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <DogDetailsDialog
        dog={open}
        onOpenChange={(isOpen) => !isOpen && setOpenId(null)}
        owner={{
          fullName: profile.fullName,
          photo: profile.photo,
          place: profilePlace(profile, locale),
        }}
      />
    </section>
  );
}
