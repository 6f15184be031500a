import { LIMITS } from '../limits';

/**
 * Distance between dogs is only ever told in buckets ("< 5 km", "5–20 km", …, "> 200 km"): the index of
 * the bucket, 0 … bucketsKm.length; null when a place has no coordinates (a free-text place abroad).
 */
export type DistanceBucket = number;

/** The bucket of a distance in km: 0 for < 5 km, …, bucketsKm.length for beyond the last bound. */
export function distanceBucket(km: number): DistanceBucket {
  const index = LIMITS.deck.bucketsKm.findIndex((bound) => km < bound);
  return index === -1 ? LIMITS.deck.bucketsKm.length : index;
}

/** The bounds of a bucket in km (`to` undefined for the last): what its label says. */
export function bucketBounds(bucket: DistanceBucket): { from: number; to: number | undefined } {
  const bounds = LIMITS.deck.bucketsKm;
  return { from: bucket === 0 ? 0 : bounds[bucket - 1]!, to: bounds[bucket] };
}

/** The buckets a radius covers: all below it (a radius is one of the bucket bounds), or every one. */
export function bucketsWithin(radiusKm: number | null): number {
  if (radiusKm === null) return LIMITS.deck.bucketsKm.length + 1;
  return LIMITS.deck.bucketsKm.filter((bound) => bound <= radiusKm).length;
}

/** The next wider radius (null: any distance), or undefined when the radius is already any distance. */
export function widerRadius(radiusKm: number | null): number | null | undefined {
  if (radiusKm === null) return undefined;
  return LIMITS.deck.radiusStepsKm.find((step) => step > radiusKm) ?? null;
}
