import { PLACE_COORDINATES } from '#shared/data/coordinates';

export interface Point {
  lat: number;
  lon: number;
}

const coordinates: Readonly<Record<string, Readonly<Record<string, readonly [number, number]>> | undefined>> =
  PLACE_COORDINATES;

/** A listed town's centre (where a map starts), or null for a town or country the lists do not have. */
export function centreOf(town: string, country = 'SI'): Point | null {
  const centre = coordinates[country]?.[town];
  return centre ? { lat: centre[0], lon: centre[1] } : null;
}
