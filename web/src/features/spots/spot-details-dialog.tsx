import { Clock, LogIn, MapPin, PawPrint, PencilLine, Siren } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { useIntl } from 'react-intl';
import { isCityCountry } from '#shared/data/city-countries';
import { spotMapLink } from '#shared/domain/spots';
import type { SpotSummary, SpotView } from '#shared/schemas/spots';
import { cityName } from '../../components/dogs/names';
import { SafetyActions } from '../../components/safety/safety-actions';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTitle, lazyDialog } from '../../components/ui/dialog';
import { Fact } from '../../components/ui/fact';
import { MapLink } from '../../components/ui/map-link';
import { PageSpinner } from '../../components/ui/spinner';
import { useErrorText } from '../../lib/errors';
import { photoSources } from '../../lib/photo-sources';
import { useLocale, useT } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { AmenityList, KindTile, RatingText, Stars, WEEK } from './spot-look';
import { SpotHereNow } from './spot-here-now';
import { SpotReviewForm } from './spot-review-form';

/** The form to suggest a change loads when it is first opened. */
const SpotFormDialog = lazyDialog(
  () => import('./spot-form-dialog').then((module) => module.SpotFormDialog),
  ({ open }) => open,
);

/** One place's page, over the list: what it is and has, when it is open, its reviews and mine. */
export function SpotDetailsDialog({
  spotId,
  initial,
  onClose,
}: {
  /** The place shown; null keeps the dialog closed. */
  spotId: string | null;
  /** The place as the list has it, its heading shown until the rest arrives. */
  initial: SpotSummary | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const details = trpc.spots.byId.useQuery({ id: spotId ?? '' }, { enabled: spotId !== null });
  return (
    <Dialog open={spotId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="md:max-w-2xl!" aria-describedby={undefined}>
        {details.data ? (
          <SpotDetails key={details.data.id} spot={details.data} />
        ) : details.isError ? (
          <div className="flex flex-col gap-4">
            <DialogTitle>{t('spots.details.unavailable')}</DialogTitle>
            <Alert>{errorText(details.error)}</Alert>
          </div>
        ) : (
          <>
            <DialogTitle className={initial ? undefined : 'sr-only'}>
              {initial?.name ?? t('common.loading')}
            </DialogTitle>
            <PageSpinner />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function SpotDetails({ spot }: { spot: SpotView }) {
  const t = useT();
  const intl = useIntl();
  const [locale] = useLocale();
  const { user } = useSession();
  const [suggesting, setSuggesting] = useState(false);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <div className="flex items-start gap-3 pr-10">
        <KindTile kind={spot.kind} />
        <div className="min-w-0">
          <p className="text-label text-muted-foreground">{t(`spots.kind.${spot.kind}`)}</p>
          <DialogTitle className="wrap-anywhere">{spot.name}</DialogTitle>
        </div>
      </div>
      {(spot.demo || spot.status === 'pending') && (
        <p className="text-caption font-semibold text-accent-strong">
          {t(spot.demo ? 'spots.demo' : 'spots.pending')}
        </p>
      )}
      {spot.photos.length > 0 && (
        <ul
          aria-label={t('spots.details.photos')}
          className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 pb-1"
        >
          {spot.photos.map((photo, i) => (
            <li key={photo.key} className="w-4/5 max-w-80 shrink-0 snap-start">
              <img
                {...photoSources(photo, '(min-width: 768px) 320px, 80vw', 'medium')}
                alt={t('spots.details.photoAlt', { name: spot.name, n: i + 1 })}
                width={4}
                height={3}
                loading={i === 0 ? 'eager' : 'lazy'}
                className="aspect-4/3 w-full rounded-card bg-muted object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      <dl className="grid gap-2">
        <Fact icon={MapPin} label={t('spots.details.where')}>
          <span className="flex flex-wrap items-center gap-x-3">
            {cityName(spot.location, spot.country, locale)}
            <MapLink href={spotMapLink(spot)}>{t('spots.details.map')}</MapLink>
          </span>
        </Fact>
        {spot.leashRule && (
          <Fact icon={PawPrint} label={t('spots.details.leash')}>
            {t(`spots.leash.${spot.leashRule}`)}
          </Fact>
        )}
        {spot.emergency && (
          <Fact icon={Siren} label={t('spots.details.emergency')}>
            <span className="font-semibold text-danger">{t('spots.emergency')}</span>
          </Fact>
        )}
      </dl>
      <AmenityList amenities={spot.amenities} />
      {spot.description && <p className="break-words whitespace-pre-line">{spot.description}</p>}
      {spot.status === 'published' && <SpotHereNow spotId={spot.id} />}
      {spot.hours && (
        <section aria-labelledby="spot-hours" className="flex flex-col gap-2">
          <h3 id="spot-hours" className="flex items-center gap-2 text-lead font-bold">
            <Clock aria-hidden="true" className="size-5 text-primary-strong" />
            {t('spots.details.hours')}
          </h3>
          <table className="w-full max-w-sm text-label">
            <tbody>
              {WEEK.map((day, i) => (
                <tr key={i} className="border-b border-border last:border-0">
                  <th scope="row" className="py-1.5 pr-4 text-left font-semibold capitalize">
                    {weekday.format(day)}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">
                    {spot.hours![i]!.length === 0
                      ? t('spots.details.closed')
                      : spot.hours![i]!.map((range, n, all) => (
                          // A range never breaks inside; ranges wrap at the space between them.
                          <Fragment key={n}>
                            <span className="whitespace-nowrap">
                              {range.from}–{range.to}
                              {n < all.length - 1 && ','}
                            </span>{' '}
                          </Fragment>
                        ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section aria-labelledby="spot-reviews" className="flex flex-col gap-3">
        <h3 id="spot-reviews" className="flex flex-wrap items-center gap-x-3 text-lead font-bold">
          {t('spots.details.reviews')}
          <span className="text-label font-normal">
            <RatingText spot={spot} />
          </span>
        </h3>
        {user ? (
          spot.status === 'published' && <SpotReviewForm spot={spot} />
        ) : (
          <Link to="/auth" className={buttonClasses({ variant: 'outline' }, 'self-start')}>
            <LogIn aria-hidden="true" className="size-5" />
            {t('spots.review.signIn')}
          </Link>
        )}
        {spot.reviews.length > 0 && (
          <ul className="flex flex-col gap-3">
            {spot.reviews.map((review) => (
              <li key={review.userId} className="rounded-card bg-muted/60 p-3">
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-label">
                  <span className="font-semibold">{review.fullName}</span>
                  <Stars rating={review.rating} />
                  <span className="sr-only">{t('spots.review.stars', { rating: review.rating })}</span>
                  <time dateTime={review.updatedAt.toISOString()} className="text-muted-foreground">
                    {intl.formatDate(review.updatedAt, { dateStyle: 'medium' })}
                  </time>
                </p>
                {review.tip && <p className="mt-1 break-words">{review.tip}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
      {user && spot.status === 'published' && (
        // Anyone signed in says what is wrong; a moderator applies it (issue 33 §2).
        <Button variant="outline" className="self-start" onClick={() => setSuggesting(true)}>
          <PencilLine aria-hidden="true" className="size-5" />
          {t('spots.suggest.open')}
        </Button>
      )}
      {!spot.isMine && <SafetyActions target={{ type: 'spot', id: spot.id }} />}
      <SpotFormDialog
        open={suggesting}
        town={spot.location}
        country={isCityCountry(spot.country) ? spot.country : 'SI'}
        suggestFor={spot}
        onClose={() => setSuggesting(false)}
      />
    </div>
  );
}
