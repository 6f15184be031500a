import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { eventInstant } from '#shared/domain/event-time';
import { INTL_TAG, type Locale } from '#shared/i18n';
import { durationLabel, timeRange } from '../../web/src/features/events/format';

const intlOf = (locale: Locale) => createIntl({ locale: INTL_TAG[locale] });

describe("an event's length and time range", () => {
  it('names the form’s lengths in each language', () => {
    const labels = (locale: Locale) =>
      [30, 60, 90, 120, 240].map((minutes) => durationLabel(intlOf(locale), minutes));
    expect(labels('sl')).toEqual(['30 minut', '1 ura', '1 ura in 30 minut', '2 uri', '4 ure']);
    expect(labels('en')).toEqual(['30 minutes', '1 hour', '1 hour, 30 minutes', '2 hours', '4 hours']);
    expect(labels('de')).toEqual([
      '30 Minuten',
      '1 Stunde',
      '1 Stunde, 30 Minuten',
      '2 Stunden',
      '4 Stunden',
    ]);
    expect(labels('it')).toEqual(['30 minuti', '1 ora', '1 ora e 30 minuti', '2 ore', '4 ore']);
  });

  it('shows start and end in Ljubljana, with the end’s day when it ends on another', () => {
    const start = eventInstant('2026-06-13', '17:30');
    expect(timeRange(intlOf('sl'), start, 120)).toBe('17:30–19:30');
    expect(timeRange(intlOf('en'), start, 90)).toBe('17:30–19:00');
    expect(timeRange(intlOf('de'), start, 60)).toBe('17:30–18:30 Uhr');
    // Past midnight the end says its day; the start's is the date shown above it.
    expect(timeRange(intlOf('sl'), eventInstant('2026-06-13', '22:00'), 240)).toBe(
      '22:00 – ned., 14. 6., 02:00',
    );
    expect(timeRange(intlOf('en'), start, 24 * 60)).toBe('17:30 – Sun 14/06, 17:30');
  });
});
