import { CalendarHeart, Clock, MapPin, RotateCcw, UserRound, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { INTL_TAG, type Locale } from '#shared/i18n';
import { appErrorOf } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { localLongDate } from '../../lib/long-date';
import { trpc } from '../../lib/trpc';
import { dogAgeText } from '../dogs/dog-age';
import { DogPhoto } from '../dogs/dog-photo';
import { GenderBadge } from '../dogs/gender-badge';
import { breedName, placeName } from '../dogs/names';
import type { Dog } from '../dogs/types';
import { SafetyActions } from '../safety/safety-actions';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogTitle } from '../ui/dialog';
import { Avatar } from './avatar';

interface UserProfileDialogProps {
  /** Whose profile; null keeps the dialog empty (closed). */
  userId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Another owner's public profile: photo, name, place, age, last activity and their dogs (SPEC Matching). */
export function UserProfileDialog({ userId, open, onOpenChange }: UserProfileDialogProps) {
  return (
    <Dialog open={open && userId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-xl!">
        {userId && <UserProfile userId={userId} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function UserProfile({ userId, onClose }: { userId: string; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const [locale] = useLocale();
  const profile = trpc.profiles.byUserId.useQuery({ userId });

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    const notPublic = appErrorOf(profile.error)?.appCode === 'NOT_FOUND';
    return (
      <div className="flex flex-col items-center gap-4 py-6 text-center">
        <span className="flex size-16 items-center justify-center rounded-pill bg-muted text-muted-foreground">
          <UserX aria-hidden="true" className="size-8" />
        </span>
        <DialogTitle className="pr-0! text-balance">
          {t(notPublic ? 'userProfile.notPublic' : 'userProfile.unavailable')}
        </DialogTitle>
        {!notPublic && (
          <Button variant="outline" onClick={() => void profile.refetch()} loading={profile.isFetching}>
            <RotateCcw aria-hidden="true" className="size-5" />
            {t('userProfile.retry')}
          </Button>
        )}
      </div>
    );
  }

  const user = profile.data;
  const place = placeName(user.location, user.countryCode, locale);
  const memberSince = localLongDate(user.createdAt, locale);
  return (
    <div className="flex flex-col gap-6 pt-6 md:pt-0">
      <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        <Avatar fullName={user.fullName} photo={user.photo} size="lg" className="shadow-card" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <DialogTitle className="text-headline font-extrabold break-words max-sm:pr-0!">
            {user.fullName}
          </DialogTitle>
          <ul className="flex flex-col items-center gap-1.5 sm:items-start">
            {place && <Detail icon={MapPin}>{place}</Detail>}
            {user.age !== null && <Detail icon={UserRound}>{t('userProfile.age', { age: user.age })}</Detail>}
            {user.lastActive && (
              <Detail icon={Clock}>
                {t('userProfile.lastActive', { time: relativeTime(user.lastActive, locale) })}
              </Detail>
            )}
            <Detail icon={CalendarHeart}>{t('userProfile.memberSince', { date: memberSince })}</Detail>
          </ul>
        </div>
      </header>
      <section className="flex flex-col gap-3" aria-labelledby="user-profile-dogs">
        <h3 id="user-profile-dogs" className="flex items-center gap-2 text-lead font-bold">
          {t('userProfile.dogs')}
          {user.dogs.length > 0 && (
            <span className="rounded-pill bg-primary-soft px-2 text-caption font-bold text-primary-strong tabular-nums">
              {intl.formatNumber(user.dogs.length)}
            </span>
          )}
        </h3>
        {user.dogs.length === 0 ? (
          <p className="rounded-card bg-muted p-4 text-muted-foreground">{t('userProfile.noDogs')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {user.dogs.map((dog) => (
              <DogItem key={dog.id} dog={dog} locale={locale} />
            ))}
          </ul>
        )}
      </section>
      <SafetyActions
        target={{ type: 'user', id: userId }}
        author={{ id: userId, name: user.fullName }}
        onBlocked={onClose}
        className="flex flex-wrap gap-2 border-t border-border pt-4"
      />
    </div>
  );
}

function Detail({ icon: Icon, children }: { icon: typeof MapPin; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2 text-muted-foreground">
      <Icon aria-hidden="true" className="size-4.5 shrink-0" />
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

function DogItem({ dog, locale }: { dog: Dog; locale: Locale }) {
  const intl = useIntl();
  return (
    <li className="flex items-center gap-3 rounded-card border border-border bg-background p-3">
      <DogPhoto photo={dog.photos[0]} alt="" sizes="64px" className="size-16 shrink-0 rounded-control" />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 font-bold break-words">{dog.name}</span>
          <GenderBadge gender={dog.gender} />
        </span>
        <span className="text-caption text-muted-foreground">
          {breedName(dog.breed, locale)} · {dogAgeText(intl, dog.birthMonth)}
        </span>
      </span>
    </li>
  );
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "pred 3 dnevi", "včeraj", "2 hours ago": how long ago, in the UI language, in the largest whole unit. */
function relativeTime(date: Date, locale: Locale, now = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(INTL_TAG[locale], { numeric: 'auto' });
  const seconds = Math.min(0, Math.round((date.getTime() - now) / 1000));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}

function ProfileSkeleton() {
  const intl = useIntl();
  return (
    <div role="status" className="flex flex-col gap-6 pt-6 md:pt-0">
      <DialogTitle className="sr-only">{intl.formatMessage({ id: 'userProfile.title' })}</DialogTitle>
      <span className="sr-only">{intl.formatMessage({ id: 'common.loading' })}</span>
      <div aria-hidden="true" className="flex flex-col items-center gap-4 sm:flex-row">
        <div className="size-24 animate-pulse rounded-pill bg-muted md:size-28" />
        <div className="flex w-full flex-1 flex-col items-center gap-3 sm:items-start">
          <div className="h-8 w-2/3 animate-pulse rounded-control bg-muted" />
          <div className="h-5 w-1/2 animate-pulse rounded-control bg-muted" />
          <div className="h-5 w-2/5 animate-pulse rounded-control bg-muted" />
        </div>
      </div>
      <div aria-hidden="true" className="grid gap-3 sm:grid-cols-2">
        <div className="h-22 animate-pulse rounded-card bg-muted" />
        <div className="h-22 animate-pulse rounded-card bg-muted" />
      </div>
    </div>
  );
}
