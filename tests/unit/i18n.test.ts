import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_ERROR_CODES } from '#shared/errors';
import {
  compareCatalogues,
  isServerOnlyKey,
  LOCALES,
  type Locale,
  type Messages,
  webMessages,
  withFallback,
} from '#shared/i18n';

const catalogues = Object.fromEntries(
  LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(`locales/${l}.json`, 'utf8')) as Messages]),
) as Record<Locale, Messages>;

describe('locale catalogues', () => {
  it('have the same keys in all four languages', () => {
    expect(compareCatalogues(catalogues)).toEqual([]);
  });

  it('translate every error code', () => {
    for (const locale of LOCALES)
      for (const code of APP_ERROR_CODES)
        expect(catalogues[locale][`errors.${code}`], `${locale} ${code}`).toBeTruthy();
  });

  it('translate every validation message the shared schemas use', () => {
    const schemas = fs
      .readdirSync('src/schemas')
      .map((f) => fs.readFileSync(`src/schemas/${f}`, 'utf8'))
      .join('\n');
    const keys = new Set([...schemas.matchAll(/'((?:validation|errors)\.[A-Za-z.]+)'/g)].map((m) => m[1]!));
    expect(keys.size).toBeGreaterThan(5);
    for (const locale of LOCALES)
      for (const key of keys) expect(catalogues[locale][key], `${locale} ${key}`).toBeTruthy();
  });

  it('are real translations, not copies of English', () => {
    for (const locale of ['sl', 'de', 'it'] as const) {
      const same = Object.keys(catalogues.en).filter(
        (k) => catalogues[locale][k] === catalogues.en[k] && /[a-z]{4}/.test(catalogues.en[k]!),
      );
      expect(
        same.length / Object.keys(catalogues.en).length,
        `${locale}: ${same.slice(0, 5).join(', ')}`,
      ).toBeLessThan(0.1);
    }
  });

  it('reports missing, extra and empty keys', () => {
    const broken = {
      sl: { a: 'A', b: 'B' },
      en: { a: 'A', b: 'B' },
      de: { a: 'A' },
      it: { a: 'A', b: 'B', c: '' },
    };
    expect(compareCatalogues(broken)).toEqual(['de: missing "b"', 'it: extra "c"', 'it: empty "c"']);
  });

  it('reach the browser without the keys only the server says, which the web never uses', () => {
    const web = webMessages(catalogues.sl);
    expect(Object.keys(web).some(isServerOnlyKey)).toBe(false);
    expect(Object.keys(web).length).toBe(
      Object.keys(catalogues.sl).filter((k) => !isServerOnlyKey(k)).length,
    );
    expect(web['lost.title']).toBe(catalogues.sl['lost.title']);
    for (const key of ['mail.lostAlert.subject', 'push.lost.title', 'unsubscribe.title'])
      expect(key in catalogues.sl && !(key in web), key).toBe(true);
    const sources = fs
      .readdirSync('web/src', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => fs.readFileSync(`web/src/${file}`, 'utf8'))
      .join('\n');
    const used = [...sources.matchAll(/['"`]([a-zA-Z]+\.[A-Za-z0-9_.]+)['"`]/g)].map((m) => m[1]!);
    expect(used.filter(isServerOnlyKey)).toEqual([]);
  });

  it('fall back to English for missing keys', () => {
    expect(withFallback({ a: 'sl-a' }, { a: 'en-a', b: 'en-b' })).toEqual({ a: 'sl-a', b: 'en-b' });
  });
});
