import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../server/locales';
import { LOCALES } from '#shared/i18n';

const inEvery = (key: string, values: Record<string, number>) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, formatMessage(locale, key, values)]));

describe('numbers in the texts', () => {
  it('write a decimal with the language’s separator', () => {
    expect(inEvery('validation.weightRange', { min: 0.5, max: 120 })).toEqual({
      sl: 'Teža mora biti med 0,5 in 120 kg.',
      en: 'Weight must be between 0.5 and 120 kg.',
      de: 'Das Gewicht muss zwischen 0,5 und 120 kg liegen.',
      it: 'Il peso deve essere tra 0,5 e 120 kg.',
    });
  });

  it('give a counted noun its plural form', () => {
    const limits = (max: number) => inEvery('errors.EVENT_LIMIT', { max });
    expect(limits(1)).toEqual({
      sl: 'Hkrati imate lahko največ 1 prihajajoči dogodek.',
      en: 'You can have at most 1 upcoming event at a time.',
      de: 'Du kannst höchstens 1 anstehende Veranstaltung gleichzeitig haben.',
      it: 'Puoi avere al massimo 1 evento in programma alla volta.',
    });
    expect(limits(2).sl).toBe('Hkrati imate lahko največ 2 prihajajoča dogodka.');
    expect(limits(3).sl).toBe('Hkrati imate lahko največ 3 prihajajoče dogodke.');
    expect(limits(5).sl).toBe('Hkrati imate lahko največ 5 prihajajočih dogodkov.');
    expect(inEvery('mail.confirm.body', { hours: 1, link: 0 }).sl).toContain('Povezava velja 1 uro.');
    expect(inEvery('mail.confirm.body', { hours: 24, link: 0 }).en).toContain(
      'The link is valid for 24 hours.',
    );
  });
});
