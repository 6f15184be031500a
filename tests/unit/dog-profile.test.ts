import fs from 'node:fs';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '#shared/domain/decimal';
import {
  acceptedBirthMonths,
  bornOnBounds,
  dogAge,
  monthIndexOf,
  monthOfIndex,
} from '#shared/domain/dog-age';
import { LOCALES, type Locale } from '#shared/i18n';
import { dogAgeText } from '../../web/src/components/dogs/dog-age';
import { initialsOf } from '../../web/src/components/profile/avatar';

const intlOf = (locale: Locale) =>
  createIntl({ locale, messages: JSON.parse(fs.readFileSync(`locales/${locale}.json`, 'utf8')) });

/** This month as the tests count: May 2026. */
const today = monthIndexOf('2026-05');
/** The birth month of a dog `months` old today. */
const born = (months: number) => monthOfIndex(today - months);

describe('a dog’s age', () => {
  it('is months under a year (0 in the month of birth), whole years from then on', () => {
    expect(dogAge('2026-05', today)).toEqual({ months: 0 });
    expect(dogAge('2026-01', today)).toEqual({ months: 4 });
    expect(dogAge('2025-06', today)).toEqual({ months: 11 });
    expect(dogAge('2025-05', today)).toEqual({ years: 1 });
    expect(dogAge('2024-06', today)).toEqual({ years: 1 });
    expect(dogAge('2024-05', today)).toEqual({ years: 2 });
    // A birth month ahead of this device's month (another time zone's) is no age below 0.
    expect(dogAge('2026-06', today)).toEqual({ months: 0 });
  });

  it('is said with each language’s plural forms', () => {
    const cases: Record<Locale, Array<[number, string]>> = {
      sl: [
        [0, '0 mesecev'],
        [1, '1 mesec'],
        [2, '2 meseca'],
        [3, '3 mesece'],
        [4, '4 mesece'],
        [5, '5 mesecev'],
        [11, '11 mesecev'],
        [12, '1 leto'],
        [24, '2 leti'],
        [36, '3 leta'],
        [48, '4 leta'],
        [60, '5 let'],
        [101 * 12, '101 leto'],
        [102 * 12, '102 leti'],
      ],
      en: [
        [0, '0 months'],
        [1, '1 month'],
        [4, '4 months'],
        [12, '1 year'],
        [24, '2 years'],
      ],
      de: [
        [0, '0 Monate'],
        [1, '1 Monat'],
        [4, '4 Monate'],
        [12, '1 Jahr'],
        [60, '5 Jahre'],
      ],
      it: [
        [0, '0 mesi'],
        [1, '1 mese'],
        [4, '4 mesi'],
        [12, '1 anno'],
        [24, '2 anni'],
      ],
    };
    for (const locale of LOCALES) {
      const intl = intlOf(locale);
      for (const [months, text] of cases[locale])
        expect(dogAgeText(intl, born(months), today), `${locale} ${months}`).toBe(text);
    }
  });
});

describe('birth months', () => {
  it('are taken from this month back 20 years, with a day’s leeway for time zones', () => {
    const range = (now: string) => {
      const { earliest, latest } = acceptedBirthMonths(new Date(now));
      return [monthOfIndex(earliest), monthOfIndex(latest)];
    };
    expect(range('2026-05-15T12:00:00Z')).toEqual(['2006-05', '2026-05']);
    // 30 April, 22:00 UTC: already May in Ljubljana (a puppy born this May is taken), still April in the
    // west (a dog born in April 2006 is 20 there).
    expect(range('2026-04-30T22:00:00Z')).toEqual(['2006-04', '2026-05']);
  });

  it('bound a deck age filter in whole years; the oldest age takes in all its months', () => {
    expect(bornOnBounds(0, 20, today)).toEqual({ latestBornOn: undefined, bornAfter: undefined });
    // 1–2 years old: born from June 2023 (2 years 11 months) up to May 2025 (1 year).
    expect(bornOnBounds(1, 2, today)).toEqual({ latestBornOn: '2025-05-01', bornAfter: '2023-05-01' });
    // Puppies only.
    expect(bornOnBounds(0, 0, today)).toEqual({ latestBornOn: undefined, bornAfter: '2025-05-01' });
  });
});

describe('a weight as typed', () => {
  it('takes a decimal point or comma, and is NaN for anything else', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal(' 0,5 ')).toBe(0.5);
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('7')).toBe(7);
    expect(parseDecimal('12,')).toBe(12);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('  ')).toBeNull();
    for (const text of ['abc', '12kg', '1,2,3', '1.2.3', '-3', '1e3', '0x10', ',', 'Infinity'])
      expect(parseDecimal(text), text).toBeNaN();
  });
});

describe('avatar initials', () => {
  it('are letters only: never emoji, digits or symbols', () => {
    expect(initialsOf('Ana 🐶')).toBe('A');
    expect(initialsOf('🐶 Ana Novak')).toBe('AN');
    expect(initialsOf('🐶Ana Novak 🐾')).toBe('AN');
    expect(initialsOf('ana-marija kos')).toBe('AK');
    expect(initialsOf('Špela Žagar')).toBe('ŠŽ');
    // A letter with a combining accent keeps it.
    expect(initialsOf('C\u030cebela Z\u030cagar')).toBe('C\u030cZ\u030c');
    expect(initialsOf('李 小龙')).toBe('李小');
    expect(initialsOf('"Maja" (Novak)')).toBe('MN');
    expect(initialsOf('🐶 🐾', 'luka@example.com')).toBe('L');
    expect(initialsOf('', '42ana@example.com')).toBe('A');
    expect(initialsOf('007', '123@example.com')).toBe('?');
  });
});
