import { describe, expect, it } from 'vitest';
import { acceptedLanguages, isTimeZone, pickLocale } from '#shared/i18n';
import { chosenLocale, startLocale } from '../../web/src/lib/locale-choice';

describe("a first visit's language (issue 30)", () => {
  it("starts in the browser's first language the app speaks, whatever its region, else Slovenian", () => {
    expect(startLocale('', ['de-DE', 'de', 'en'])).toBe('de');
    expect(startLocale('', ['de-AT'])).toBe('de');
    expect(startLocale('', ['en-US', 'en'])).toBe('en');
    expect(startLocale('', ['it-CH'])).toBe('it');
    expect(startLocale('', ['EN_gb'])).toBe('en');
    expect(startLocale('', ['fr-FR', 'hr', 'it'])).toBe('it');
    expect(startLocale('', ['sl-SI', 'en'])).toBe('sl');
    expect(startLocale('', ['fr-FR', 'hr'])).toBe('sl');
    expect(startLocale('', [])).toBe('sl');
  });

  it('keeps the language chosen in the app (the cookie) over the browser', () => {
    expect(startLocale('tacke.locale=sl', ['de-DE'])).toBe('sl');
    expect(startLocale('other=1; tacke.locale=it', ['de-DE'])).toBe('it');
    // Not a choice: an unknown value, or a cookie that only ends in the name.
    expect(startLocale('tacke.locale=fr', ['de-DE'])).toBe('de');
    expect(startLocale('xtacke.locale=en', ['de-DE'])).toBe('de');
    expect(chosenLocale('a=b')).toBeNull();
  });

  it("reads Accept-Language the way the server picks the landing page: q-values rank, q=0 is 'not this'", () => {
    expect(acceptedLanguages('de-DE,de;q=0.9,en;q=0.8')).toEqual(['de-DE', 'de', 'en']);
    expect(acceptedLanguages('fr;q=0.9, it;q=0.4, de;q=0.6')).toEqual(['fr', 'de', 'it']);
    expect(acceptedLanguages('en;q=0.5, de;q=0.5, it')).toEqual(['it', 'en', 'de']);
    expect(acceptedLanguages('de;q=0, en;Q=0.1')).toEqual(['en']);
    expect(acceptedLanguages('*, de;q=abc, it;q=1.5, en;q=1.000')).toEqual(['en']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(pickLocale(acceptedLanguages('fr-CH, fr;q=0.9, de-CH;q=0.7'))).toBe('de');
    expect(pickLocale(acceptedLanguages('*'))).toBe('sl');
  });
});

describe("the browser's time zone, as its cookie names it", () => {
  it('takes the zones this runtime knows, under their names and their aliases', () => {
    for (const zone of [
      'Europe/Ljubljana',
      'UTC',
      'America/Argentina/Buenos_Aires',
      'Asia/Kolkata',
      'Etc/GMT+2',
    ])
      expect({ zone, valid: isTimeZone(zone) }).toEqual({ zone, valid: true });
  });

  it('refuses anything else: it sets the process time zone for a render', () => {
    for (const zone of [
      '',
      'Mars/Olympus',
      '../../etc/passwd',
      ':/etc/localtime',
      'EST5EDT,M3.2.0',
      'a'.repeat(80),
      42,
      null,
    ])
      expect({ zone, valid: isTimeZone(zone) }).toEqual({ zone, valid: false });
  });
});
