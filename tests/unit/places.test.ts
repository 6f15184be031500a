import { describe, expect, it } from 'vitest';
import { CITIES } from '#shared/data/cities';
import { PLACE_COORDINATES } from '#shared/data/coordinates';
import { CITY_COUNTRIES } from '#shared/data/city-countries';
import { bucketBounds, bucketsWithin, distanceBucket, widerRadius } from '#shared/domain/distance';
import { activeFilters, covers, DEFAULT_DECK_FILTERS } from '#shared/domain/deck-filters';
import { LIMITS } from '#shared/limits';
import { deckFiltersSchema } from '#shared/schemas/deck';

/** Great-circle distance in km (the check of the table, independent of the database's earthdistance). */
function km([lat1, lon1]: readonly [number, number], [lat2, lon2]: readonly [number, number]) {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/** Rough boxes [south, west, north, east] around each country (the contiguous US, Alaska and Hawaii). */
const BOXES: Record<string, Array<[number, number, number, number]>> = {
  SI: [[45.4, 13.3, 46.9, 16.7]],
  AT: [[46.3, 9.5, 49.1, 17.2]],
  IT: [[36.6, 6.6, 47.1, 18.6]],
  DE: [[47.2, 5.8, 55.1, 15.1]],
  HR: [[42.3, 13.4, 46.6, 19.5]],
  HU: [[45.7, 16.1, 48.6, 22.9]],
  CH: [[45.8, 5.9, 47.9, 10.5]],
  FR: [[41.3, -5.2, 51.1, 9.6]],
  GB: [[49.8, -8.7, 60.9, 1.8]],
  US: [
    [24.5, -125, 49.5, -66.9],
    [51, -180, 71.5, -129],
    [18.9, -160.3, 22.3, -154.8],
  ],
};

describe('place coordinates', () => {
  it('cover every place the pickers offer: the 212 municipalities and the ten countries’ cities', () => {
    expect(CITIES.SI).toHaveLength(212);
    for (const country of CITY_COUNTRIES) {
      const missing = CITIES[country].filter((place) => !PLACE_COORDINATES[country][place.name]);
      expect(
        missing.map((place) => place.name),
        country,
      ).toEqual([]);
      // Nothing beyond the lists.
      expect(Object.keys(PLACE_COORDINATES[country]).sort()).toEqual(
        CITIES[country].map((place) => place.name).sort(),
      );
    }
  });

  it('lie in their own country', () => {
    for (const country of CITY_COUNTRIES)
      for (const [name, [lat, lon]] of Object.entries(PLACE_COORDINATES[country]))
        expect(
          BOXES[country]!.some(([s, w, n, e]) => lat >= s && lat <= n && lon >= w && lon <= e),
          `${name} (${country}) at ${lat}, ${lon}`,
        ).toBe(true);
  });

  it('put known pairs at their real distance (bilingual names and seats included)', () => {
    const si = PLACE_COORDINATES.SI;
    expect(km(si.Ljubljana!, si.Maribor!)).toBeCloseTo(103, -1);
    expect(km(si.Koper!, si.Izola!)).toBeLessThan(10);
    // Brda's seat is Dobrovo, Loški Potok's Hrib: each in its own municipality, far from the capital.
    expect(km(si.Brda!, si['Nova Gorica']!)).toBeLessThan(15);
    expect(km(PLACE_COORDINATES.AT.Wien!, PLACE_COORDINATES.AT.Graz!)).toBeCloseTo(145, -1);
  });
});

describe('distance buckets', () => {
  it('tell distance only as a bucket, bounds included in the next one', () => {
    expect(LIMITS.deck.bucketsKm).toEqual([5, 20, 50, 100, 200]);
    expect([0, 4.9, 5, 19.9, 20, 49, 50, 99, 100, 199, 200, 5000].map(distanceBucket)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
    expect(bucketBounds(0)).toEqual({ from: 0, to: 5 });
    expect(bucketBounds(2)).toEqual({ from: 20, to: 50 });
    expect(bucketBounds(5)).toEqual({ from: 200, to: undefined });
  });

  it('cover the buckets below a radius, and widen a step at a time up to any distance', () => {
    expect([5, 20, 50, 100, 200, null].map(bucketsWithin)).toEqual([1, 2, 3, 4, 5, 6]);
    expect([5, 20, 50, 100, 200, null].map(widerRadius)).toEqual([20, 50, 100, 200, null, undefined]);
  });
});

describe('deck filters', () => {
  it('default to the schema’s defaults: the default radius, nothing else narrowed', () => {
    expect(deckFiltersSchema.parse({})).toEqual(DEFAULT_DECK_FILTERS);
    expect(activeFilters(DEFAULT_DECK_FILTERS)).toBe(0);
    expect(
      activeFilters(
        deckFiltersSchema.parse({
          radiusKm: null,
          sizes: ['small'],
          ageMin: 3,
          vaccinated: true,
          gender: 'male',
        }),
      ),
    ).toBe(4);
  });

  it('are stored in one form: choices deduplicated in a fixed order, breeds by their Slovenian names', () => {
    const parsed = deckFiltersSchema.parse({
      sizes: ['giant', 'small', 'giant'],
      playStyles: ['fetch', 'gentle'],
      breeds: ['Great Dane', 'Nemška doga', 'Labrador Retriever'],
    });
    expect(parsed).toMatchObject({
      sizes: ['small', 'giant'],
      playStyles: ['gentle', 'fetch'],
      breeds: ['Labradorec', 'Nemška doga'],
    });
  });

  it('refuse what no filter may be, with a locale key per field', () => {
    const issues = (input: unknown) =>
      deckFiltersSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ radiusKm: 30 })).toEqual([['radiusKm', 'validation.choiceInvalid']]);
    expect(issues({ ageMin: 8, ageMax: 4 })).toEqual([['ageMax', 'validation.ageRangeOrder']]);
    expect(issues({ ageMin: -1 })).toEqual([['ageMin', 'validation.dogAgeRange']]);
    expect(issues({ breeds: ['a', 'b', 'c', 'd', 'e', 'f'] })?.[0]).toEqual([
      'breeds',
      'validation.tooManyBreeds',
    ]);
    expect(issues({ energies: ['hyper'] })?.[0]?.[1]).toBe('validation.choiceInvalid');
  });

  it('tell when one set lets through every dog another does (the radius aside)', () => {
    const f = (input: object) => deckFiltersSchema.parse(input);
    const none = f({});
    const narrowings = [
      { sizes: ['medium'] },
      { breeds: ['Labradorec'] },
      { energies: ['high'] },
      { playStyles: ['fetch'] },
      { gender: 'female' },
      { ageMin: 3 },
      { ageMax: 12 },
      { vaccinated: true },
      { neutered: true },
      { goodWithSmallDogs: true },
    ];
    for (const narrowing of narrowings) {
      const narrower = f(narrowing);
      expect(covers(none, narrower), JSON.stringify(narrowing)).toBe(true);
      expect(covers(narrower, none), JSON.stringify(narrowing)).toBe(false);
      expect(covers(narrower, narrower)).toBe(true);
    }
    expect(covers(f({ sizes: ['medium', 'large'] }), f({ sizes: ['large'] }))).toBe(true);
    expect(covers(f({ sizes: ['medium'] }), f({ sizes: ['large'] }))).toBe(false);
    expect(covers(f({ ageMin: 2, ageMax: 10 }), f({ ageMin: 3, ageMax: 9 }))).toBe(true);
    expect(covers(f({ ageMin: 2, ageMax: 10 }), f({ ageMin: 1, ageMax: 9 }))).toBe(false);
    expect(covers(f({ gender: 'male' }), f({ gender: 'female' }))).toBe(false);
    expect(covers(f({ radiusKm: 5 }), f({ radiusKm: null }))).toBe(true);
  });
});
