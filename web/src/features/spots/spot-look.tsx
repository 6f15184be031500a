import {
  BedDouble,
  Coffee,
  Footprints,
  GraduationCap,
  type LucideIcon,
  Scissors,
  Star,
  Stethoscope,
  Store,
  Trees,
  Waves,
} from 'lucide-react';
import clsx from 'clsx';
import type { SpotKind } from '#shared/domain/spots';
import type { SpotSummary } from '#shared/schemas/spots';
import { useT } from '../../lib/intl';

/** Monday to Sunday, as opening hours list them (1 January 2024 was a Monday), to name in a language. */
export const WEEK = Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2024, 0, 1 + day)));

export const KIND_ICONS: Record<SpotKind, LucideIcon> = {
  dogPark: Trees,
  trail: Footprints,
  water: Waves,
  vet: Stethoscope,
  petShop: Store,
  groomer: Scissors,
  training: GraduationCap,
  cafe: Coffee,
  stay: BedDouble,
};

/** A place's kind as its icon in a tile. */
export function KindTile({ kind, className }: { kind: SpotKind; className?: string }) {
  const Icon = KIND_ICONS[kind];
  return (
    <span
      className={clsx(
        'flex size-12 shrink-0 items-center justify-center rounded-control bg-primary-soft text-primary-strong',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}

/** The mean rating and how many rated, or that nobody has yet. */
export function RatingText({ spot }: { spot: Pick<SpotSummary, 'rating' | 'ratings'> }) {
  const t = useT();
  return spot.rating === null ? (
    <span className="text-muted-foreground">{t('spots.noRatings')}</span>
  ) : (
    <span className="inline-flex items-center gap-1 font-semibold">
      <Star aria-hidden="true" className="size-4 fill-current text-accent" />
      {t('spots.rating', { rating: spot.rating, count: spot.ratings })}
    </span>
  );
}

/** What a place has, as small labels. */
export function AmenityList({ amenities }: { amenities: SpotSummary['amenities'] }) {
  const t = useT();
  if (amenities.length === 0) return null;
  return (
    <ul aria-label={t('spots.amenities')} className="flex flex-wrap gap-1.5">
      {amenities.map((amenity) => (
        <li key={amenity} className="rounded-pill bg-muted px-2.5 py-0.5 text-caption font-semibold">
          {t(`spots.amenity.${amenity}`)}
        </li>
      ))}
    </ul>
  );
}

/** Stars for a rating of 1–5 (hidden from screen readers: the text next to them says it). */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span aria-hidden="true" className={clsx('inline-flex text-accent', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={clsx('size-4', n <= rating ? 'fill-current' : 'opacity-40')} />
      ))}
    </span>
  );
}
