import type { IntlShape } from 'react-intl';
import { bucketBounds } from '#shared/domain/distance';

/** A distance bucket as the cards say it: '< 5 km', '5–20 km', '> 200 km' (never an exact figure). */
export function distanceText(intl: IntlShape, bucket: number): string {
  const { from, to } = bucketBounds(bucket);
  if (from === 0) return intl.formatMessage({ id: 'matching.distance.under' }, { km: to });
  if (to === undefined) return intl.formatMessage({ id: 'matching.distance.over' }, { km: from });
  return intl.formatMessage({ id: 'matching.distance.between' }, { from, to });
}

/** A radius as the filters and the widening offer name it: '50 km' or 'any distance'. */
export function radiusText(intl: IntlShape, radiusKm: number | null): string {
  return radiusKm === null
    ? intl.formatMessage({ id: 'matching.filters.anyDistance' })
    : intl.formatMessage({ id: 'matching.filters.km' }, { km: radiusKm });
}
