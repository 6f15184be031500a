import { describe, expect, it } from 'vitest';
import { openingHoursSchema, spotCreateInput, spotReviewInput, spotsNearInput } from '#shared/schemas/spots';

const day = (...ranges: Array<[string, string]>) => ranges.map(([from, to]) => ({ from, to }));
const week = (monday: ReturnType<typeof day>) => [monday, [], [], [], [], [], []];
const messages = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('opening hours', () => {
  it('takes ranges in order and apart, until midnight at most, and closed days', () => {
    for (const monday of [
      day(['08:00', '12:00'], ['13:00', '19:00']),
      day(['00:00', '24:00']),
      day(['07:30', '09:00'], ['10:00', '11:00'], ['12:00', '23:59']),
      [],
    ])
      expect(openingHoursSchema.safeParse(week(monday)).success, JSON.stringify(monday)).toBe(true);
  });

  it('refuses a range that ends before it starts, overlaps or touches the one before, bad clocks and a short week', () => {
    for (const hours of [
      week(day(['12:00', '08:00'])),
      week(day(['08:00', '08:00'])),
      week(day(['08:00', '12:00'], ['11:59', '13:00'])),
      week(day(['08:00', '12:00'], ['12:00', '13:00'])),
      week(day(['24:00', '24:00'])),
      week(day(['8:00', '12:00'])),
      week(day(['08:00', '12:60'])),
      week(day(['01:00', '02:00'], ['03:00', '04:00'], ['05:00', '06:00'], ['07:00', '08:00'])),
      [[]],
    ])
      expect(messages(openingHoursSchema.safeParse(hours)), JSON.stringify(hours)).toContain(
        'validation.spotHoursInvalid',
      );
  });
});

describe('a place', () => {
  const park = {
    kind: 'dogPark',
    name: ' Park ',
    country: 'si',
    location: 'ljubljana',
    lat: 46.05,
    lon: 14.5,
  };

  it('trims, stores the town as the picker names it, and fills the defaults', () => {
    expect(spotCreateInput.parse(park)).toEqual({
      ...park,
      name: 'Park',
      country: 'SI',
      location: 'Ljubljana',
      description: null,
      amenities: [],
      leashRule: null,
      hours: null,
      emergency: false,
      photos: [],
    });
  });

  it('keeps a point to 7 decimals, so no value PostgreSQL cannot store gets through', () => {
    expect(spotsNearInput.parse({ lat: 5e-324, lon: -1e-300 })).toMatchObject({ point: { lat: 0, lon: 0 } });
    expect(spotsNearInput.parse({ lat: 46.056912345678, lon: 14.5 }).point).toEqual({
      lat: 46.0569123,
      lon: 14.5,
    });
  });

  it('asks for a radius the map offers, 5 km unless said', () => {
    expect(spotsNearInput.parse({ lat: 46, lon: 14 })).toMatchObject({
      radiusKm: 5,
      kinds: [],
      amenities: [],
    });
    expect(messages(spotsNearInput.safeParse({ lat: 46, lon: 14, radiusKm: 7 }))).toEqual([
      'validation.choiceInvalid',
    ]);
  });

  it('rates 1 to 5 in whole stars; a tip is one line', () => {
    const spotId = crypto.randomUUID();
    expect(spotReviewInput.parse({ spotId, rating: 5, tip: '  ' })).toEqual({ spotId, rating: 5, tip: null });
    for (const rating of [0, 6, 4.5])
      expect(messages(spotReviewInput.safeParse({ spotId, rating }))).toContain('validation.ratingInvalid');
    expect(messages(spotReviewInput.safeParse({ spotId, rating: 3, tip: 'a\nb' }))).toContain(
      'validation.oneLine',
    );
  });
});
