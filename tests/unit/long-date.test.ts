import { describe, expect, it } from 'vitest';
import { eventNoticeValues } from '../../server/services/events/event-notices';
import { longDate } from '#shared/domain/long-date';
import { LOCALES } from '#shared/i18n';

const inEvery = (date: Date, options?: Parameters<typeof longDate>[2]) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, longDate(date, locale, options)]));

describe('a date in running text', () => {
  const evening = new Date('2026-11-25T10:00:00Z');

  it('puts the Slovenian month in the genitive and leaves the other languages to Intl', () => {
    expect(inEvery(evening)).toEqual({
      sl: '25. novembra 2026',
      en: '25 November 2026',
      de: '25. November 2026',
      it: '25 novembre 2026',
    });
  });

  it('has the genitive of every Slovenian month', () => {
    const months = Array.from({ length: 12 }, (_, month) =>
      longDate(new Date(Date.UTC(2026, month, 15, 12)), 'sl', { year: false }),
    );
    expect(months).toEqual([
      '15. januarja',
      '15. februarja',
      '15. marca',
      '15. aprila',
      '15. maja',
      '15. junija',
      '15. julija',
      '15. avgusta',
      '15. septembra',
      '15. oktobra',
      '15. novembra',
      '15. decembra',
    ]);
  });

  it('adds the weekday and the 24-hour time when asked', () => {
    expect(inEvery(evening, { weekday: true })).toEqual({
      sl: 'sreda, 25. novembra 2026',
      en: 'Wednesday, 25 November 2026',
      de: 'Mittwoch, 25. November 2026',
      it: 'mercoledì 25 novembre 2026',
    });
    expect(inEvery(new Date('2026-06-05T16:30:00Z'), { time: true })).toEqual({
      sl: '5. junija 2026 ob 18:30',
      en: '5 June 2026 at 18:30',
      de: '5. Juni 2026 um 18:30',
      it: '5 giugno 2026 alle ore 18:30',
    });
  });

  it('reads the day in Ljubljana unless another zone is given', () => {
    // 23:30 UTC on the last of February is already the first of March in Ljubljana.
    const lateUtc = new Date('2026-02-28T23:30:00Z');
    expect(longDate(lateUtc, 'sl')).toBe('1. marca 2026');
    expect(longDate(lateUtc, 'sl', { timeZone: 'UTC' })).toBe('28. februarja 2026');
    expect(longDate(lateUtc, 'en', { timeZone: 'America/New_York' })).toBe('28 February 2026');
  });
});

describe("an event's new date in its change notice", () => {
  it('reads as a day of the week and month, the Slovenian month in the genitive', () => {
    const changed = (locale: (typeof LOCALES)[number]) =>
      eventNoticeValues(locale, { eventChanges: { date: '2026-04-11' }, eventStartsAt: null }).changes;
    expect(Object.fromEntries(LOCALES.map((locale) => [locale, changed(locale)]))).toEqual({
      sl: 'nov datum: sobota, 11. aprila',
      en: 'new date: Saturday 11 April',
      de: 'neues Datum: Samstag, 11. April',
      it: 'nuova data: sabato 11 aprile',
    });
  });
});
