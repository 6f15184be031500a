import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { loadCatalogues } from '../../server/locales';
import { INTL_TAG, type Locale } from '#shared/i18n';
import { messageStamp } from '../../web/src/lib/relative-time';

const catalogues = loadCatalogues();
const intlOf = (locale: Locale) =>
  createIntl({ locale: INTL_TAG[locale], messages: catalogues[locale], onError: () => {} });

describe('when a chat message was sent (one stamp for pair and event chats)', () => {
  // 19:30 on 25 November in Ljubljana (UTC+1).
  const now = new Date('2026-11-25T18:30:00Z');
  const stamps = (locale: Locale) =>
    ['2026-11-25T18:09:00Z', '2026-11-24T18:09:00Z', '2026-11-23T18:09:00Z', '2025-03-12T08:05:00Z'].map(
      (sent) => messageStamp(intlOf(locale), new Date(sent), now, 'Europe/Ljubljana'),
    );

  it('today and yesterday by name, then the date (the year only when not this one), in each language', () => {
    expect(stamps('sl')).toEqual(['Danes 19:09', 'Včeraj 19:09', '23. 11. 19:09', '12. 3. 2025 09:05']);
    expect(stamps('en')).toEqual(['Today 19:09', 'Yesterday 19:09', '23/11 19:09', '12/03/2025 09:05']);
    expect(stamps('de')).toEqual(['Heute 19:09', 'Gestern 19:09', '23.11. 19:09', '12.3.2025 09:05']);
    expect(stamps('it')).toEqual(['Oggi 19:09', 'Ieri 19:09', '23/11 19:09', '12/03/2025 09:05']);
  });

  it("counts days in the reader's time zone, where today may not be Ljubljana's", () => {
    const intl = intlOf('sl');
    // 00:30 on the 26th in Ljubljana, still 18:30 on the 25th in New York.
    const late = new Date('2026-11-25T23:30:00Z');
    const sent = new Date('2026-11-25T22:00:00Z');
    expect(messageStamp(intl, sent, late, 'Europe/Ljubljana')).toBe('Včeraj 23:00');
    expect(messageStamp(intl, sent, late, 'America/New_York')).toBe('Danes 17:00');
    // 12:30 on the 26th in Auckland (UTC+13), where it was sent today.
    expect(messageStamp(intl, sent, late, 'Pacific/Auckland')).toBe('Danes 11:00');
    expect(messageStamp(intl, new Date('2026-11-24T20:00:00Z'), late, 'Pacific/Auckland')).toBe(
      'Včeraj 09:00',
    );
  });

  it('yesterday across a new year; the year shown once it differs; a moment ahead is today', () => {
    const intl = intlOf('sl');
    const newYear = new Date('2027-01-01T09:00:00Z');
    expect(messageStamp(intl, new Date('2026-12-31T20:00:00Z'), newYear, 'Europe/Ljubljana')).toBe(
      'Včeraj 21:00',
    );
    expect(messageStamp(intl, new Date('2026-12-30T20:00:00Z'), newYear, 'Europe/Ljubljana')).toBe(
      '30. 12. 2026 21:00',
    );
    expect(messageStamp(intl, new Date('2027-01-01T09:00:05Z'), newYear, 'Europe/Ljubljana')).toBe(
      'Danes 10:00',
    );
  });
});
