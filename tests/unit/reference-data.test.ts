import { describe, expect, it } from 'vitest';
import { BREEDS, isBreedLike, resolveBreed } from '#shared/data/breeds';
import { CITIES, citiesOf, resolveLocation, searchCities } from '#shared/data/cities';
import { CAPITALS, CITY_COUNTRIES } from '#shared/data/city-countries';
import {
  COUNTRIES,
  countryName,
  DEFAULT_COUNTRY,
  findCountry,
  searchCountries,
} from '#shared/data/countries';
import { PLACE_COORDINATES } from '#shared/data/coordinates';
import { SI_MUNICIPALITIES } from '#shared/data/municipalities';
import {
  displayName,
  findNamed,
  type Named,
  namedOptions,
  normalizeForSearch,
  searchNamed,
} from '#shared/data/named';
import { resolveTrait, TRAITS } from '#shared/data/traits';
import { LOCALES } from '#shared/i18n';

const nameForms = (item: Named): string[] =>
  [item.name, item.sl, item.en, item.de, item.it].filter((form): form is string => form !== undefined);

/** Normalized name forms shared by two different items of `items`, as "form: a / b". */
function collisions(items: readonly Named[]): string[] {
  const owners = new Map<string, string>();
  const found: string[] = [];
  for (const item of items)
    for (const form of new Set(nameForms(item).map(normalizeForSearch))) {
      const owner = owners.get(form);
      if (owner === undefined) owners.set(form, item.name);
      else found.push(`${form}: ${owner} / ${item.name}`);
    }
  return found;
}

function unsorted(names: readonly string[], tag: string): string[] {
  const problems: string[] = [];
  for (let i = 1; i < names.length; i++) {
    const [before, after] = [names[i - 1] ?? '', names[i] ?? ''];
    if (before.localeCompare(after, tag) > 0) problems.push(`${before} > ${after}`);
  }
  return problems;
}

/** Lists whose locale fields must only be given where they differ from `name`. */
function redundantLocaleNames(items: readonly Named[]): string[] {
  return items.flatMap((item) =>
    LOCALES.filter((locale) => item[locale] === item.name).map((locale) => `${item.name} (${locale})`),
  );
}

describe('named helpers', () => {
  it('normalize diacritics, case and whitespace', () => {
    expect(normalizeForSearch('  Črnomelj ')).toBe('crnomelj');
    expect(normalizeForSearch('Mešanec')).toBe('mesanec');
    expect(normalizeForSearch('Zürich')).toBe('zurich');
    expect(normalizeForSearch('Großer   Münsterländer')).toBe('grosser munsterlander');
    expect(normalizeForSearch('Đakovo')).toBe('dakovo');
    expect(normalizeForSearch('Log - Dragomer')).toBe(normalizeForSearch('log-dragomer'));
  });

  it('show the locale name where one is given, else the name', () => {
    const wien: Named = { name: 'Wien', sl: 'Dunaj', en: 'Vienna' };
    expect(displayName(wien, 'sl')).toBe('Dunaj');
    expect(displayName(wien, 'en')).toBe('Vienna');
    // A select's options are sorted as the language sorts its names: Č after C, Dunaj and Vienna in place.
    const labels = (locale: 'sl' | 'en') =>
      namedOptions([{ name: 'Zagreb' }, wien, { name: 'Celje' }, { name: 'Črnomelj' }], locale).map(
        (option) => option.label,
      );
    expect(labels('sl')).toEqual(['Celje', 'Črnomelj', 'Dunaj', 'Zagreb']);
    expect(labels('en')).toEqual(['Celje', 'Črnomelj', 'Vienna', 'Zagreb']);
    expect(namedOptions([wien], 'sl')).toEqual([{ value: wien.name, label: 'Dunaj' }]);
    expect(namedOptions(SI_MUNICIPALITIES, 'it').findIndex((o) => o.label === 'Aidussina')).toBe(0);
    expect(displayName(wien, 'de')).toBe('Wien');
  });

  it('find an item by any name form', () => {
    const items: Named[] = [
      { name: 'Nemški ovčar', en: 'German Shepherd' },
      { name: 'Mops', en: 'Pug' },
    ];
    expect(findNamed(items, 'nemski OVCAR')?.name).toBe('Nemški ovčar');
    expect(findNamed(items, 'pug')?.name).toBe('Mops');
    expect(findNamed(items, 'pu')).toBeUndefined();
  });

  it('rank exact, display prefix, any-name prefix, word prefix, then substring', () => {
    const items: Named[] = [
      { name: 'Morski pes' }, // word prefix
      { name: 'Kopesa' }, // substring
      { name: 'Pes' }, // exact
      { name: 'Tačka', en: 'Pesky paw' }, // any-name prefix (en) when shown in sl
      { name: 'Pesek' }, // display prefix
    ];
    expect(searchNamed(items, 'pes', 'sl').map((item) => item.name)).toEqual([
      'Pes',
      'Pesek',
      'Tačka',
      'Morski pes',
      'Kopesa',
    ]);
    expect(searchNamed(items, 'pes', 'en').map((item) => item.name)).toEqual([
      'Pes',
      'Pesek',
      'Tačka',
      'Morski pes',
      'Kopesa',
    ]);
  });

  it('sort matches within a group by display name with the locale collation', () => {
    const items: Named[] = [{ name: 'Zebra' }, { name: 'Čebela' }, { name: 'Cebula' }, { name: 'Sova' }];
    expect(searchNamed(items, '', 'sl').map((item) => item.name)).toEqual([
      'Cebula',
      'Čebela',
      'Sova',
      'Zebra',
    ]);
    expect(searchNamed(items, 'e', 'sl').map((item) => item.name)).toEqual(['Cebula', 'Čebela', 'Zebra']);
    expect(searchNamed(items, '', 'sl', 2)).toHaveLength(2);
  });

  it('search diacritic-insensitively', () => {
    expect(searchNamed(BREEDS, 'mesanec', 'sl')[0]?.name).toBe('Mešanec');
    expect(searchNamed(SI_MUNICIPALITIES, 'crnomelj', 'sl')[0]?.name).toBe('Črnomelj');
    expect(searchNamed(BREEDS, 'ovč', 'sl').map((b) => b.name)).toContain('Nemški ovčar');
  });

  it('put prefix matches before substring matches in real data', () => {
    const names = searchNamed(SI_MUNICIPALITIES, 'gor', 'sl').map((m) => m.name);
    const firstSubstring = names.indexOf('Nova Gorica');
    expect(names.slice(0, 4)).toEqual(['Gorenja vas - Poljane', 'Gorišnica', 'Gorje', 'Gornja Radgona']);
    expect(firstSubstring).toBeGreaterThan(names.indexOf('Gornji Petrovci'));
  });
});

describe('municipalities', () => {
  it('are all 212, unique and sorted with Slovenian collation', () => {
    expect(SI_MUNICIPALITIES).toHaveLength(212);
    expect(new Set(SI_MUNICIPALITIES.map((m) => m.name)).size).toBe(212);
    expect(collisions(SI_MUNICIPALITIES)).toEqual([]);
    expect(
      unsorted(
        SI_MUNICIPALITIES.map((m) => m.name),
        'sl-SI',
      ),
    ).toEqual([]);
    expect(redundantLocaleNames(SI_MUNICIPALITIES)).toEqual([]);
  });

  it('include the newest and the double-barrelled ones', () => {
    const names = SI_MUNICIPALITIES.map((m) => m.name);
    for (const name of ['Ljubljana', 'Ankaran', 'Mirna', 'Log - Dragomer', 'Hrpelje - Kozina', 'Novo mesto'])
      expect(names).toContain(name);
    expect(names).toContain('Sveti Andraž v Slovenskih goricah');
  });
});

describe('traits', () => {
  const order = [
    'Zvest', 'Prijazen', 'Pameten', 'Igriv', 'Ljubeč', 'Vesel', 'Zaščitniški', 'Sramežljiv', 'Empatičen',
    'Pozoren', 'Radoveden', 'Nežen', 'Pogumen', 'Plašen', 'Prijeten', 'Spoštljiv', 'Prilagodljiv', 'Zanesljiv',
    'Učen', 'Energičen', 'Miren', 'Prijateljski', 'Samozavesten', 'Neobremenjen', 'Skromen', 'Hvaležen',
    'Družaben', 'Aktivne narave', 'Pustolovski', 'Stanovanjski', 'Tih', 'Glasen', 'Vztrajen', 'Počasen',
    'Hiter', 'Samostojen', 'Občutljiv',
  ]; // prettier-ignore

  it('are the 37 of the spec, in order', () => {
    expect(TRAITS.map((t) => t.name)).toEqual(order);
  });

  it('have distinct translations in every language', () => {
    for (const locale of ['en', 'de', 'it'] as const) {
      const shown = TRAITS.map((t) => t[locale]);
      expect(
        shown.every((value) => typeof value === 'string' && value !== ''),
        locale,
      ).toBe(true);
      expect(new Set(shown.map((value) => normalizeForSearch(value ?? ''))).size, locale).toBe(37);
    }
    expect(collisions(TRAITS)).toEqual([]);
  });

  it('resolve from any language', () => {
    expect(resolveTrait('loyal')).toBe('Zvest');
    expect(resolveTrait('Wohnungstauglich')).toBe('Stanovanjski');
    expect(resolveTrait('spensierato')).toBe('Neobremenjen');
    expect(resolveTrait('obcutljiv')).toBe('Občutljiv');
    expect(resolveTrait('grumpy')).toBeUndefined();
  });
});

describe('breeds', () => {
  it('are at least 290, unique, sorted, with no shared name forms', () => {
    expect(BREEDS.length).toBeGreaterThanOrEqual(290);
    expect(new Set(BREEDS.map((b) => b.name)).size).toBe(BREEDS.length);
    expect(collisions(BREEDS)).toEqual([]);
    expect(
      unsorted(
        BREEDS.map((b) => b.name),
        'sl-SI',
      ),
    ).toEqual([]);
    expect(redundantLocaleNames(BREEDS)).toEqual([]);
  });

  it('include mixed breeds and the Slovenian ones', () => {
    expect(BREEDS).toContainEqual({ name: 'Mešanec', en: 'Mixed breed', de: 'Mischling', it: 'Meticcio' });
    const names = BREEDS.map((b) => b.name);
    for (const name of ['Kraški ovčar', 'Slovenski planinski gonič', 'Posavski gonič', 'Labradorec'])
      expect(names).toContain(name);
  });

  it('resolve any name form to the Slovenian name', () => {
    expect(resolveBreed('labradorec')).toBe('Labradorec');
    expect(resolveBreed('German Shepherd')).toBe('Nemški ovčar');
    expect(resolveBreed('deutscher schaferhund')).toBe('Nemški ovčar');
    expect(resolveBreed('  Pastore tedesco ')).toBe('Nemški ovčar');
    expect(resolveBreed('xyz')).toBeUndefined();
    expect(resolveBreed('')).toBeUndefined();
  });

  it('recognize partial names', () => {
    expect(isBreedLike('ovč')).toBe(true);
    expect(isBreedLike(' labra ')).toBe(true);
    expect(isBreedLike('qqq')).toBe(false);
    expect(isBreedLike('   ')).toBe(false);
  });
});

describe('countries', () => {
  it('cover the world with unique codes, sorted by Slovenian name', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(195);
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(COUNTRIES.length);
    expect(
      unsorted(
        COUNTRIES.map((c) => c.name),
        'sl-SI',
      ),
    ).toEqual([]);
    expect(findCountry(DEFAULT_COUNTRY)?.name).toBe('Slovenija');
    expect(findCountry('XK')?.name).toBe('Kosovo');
    expect(findCountry('xx')).toBeUndefined();
  });

  it('are named in the UI language', () => {
    expect(countryName('DE', 'sl')).toBe('Nemčija');
    expect(countryName('HK', 'sl')).toBe('Hongkong');
    expect(countryName('DE', 'it')).toBe('Germania');
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('AT', 'de')).toBe('Österreich');
    expect(countryName('XX', 'en')).toBe('XX');
  });

  it('are searched in the UI language and in Slovenian', () => {
    expect(searchCountries('germ', 'en')[0]?.code).toBe('DE');
    expect(searchCountries('nemc', 'en')[0]?.code).toBe('DE');
    expect(searchCountries('avstr', 'sl').map((c) => c.code)).toEqual(['AU', 'AT']);
    expect(searchCountries('svica', 'sl')[0]?.code).toBe('CH');
    expect(searchCountries('', 'it', 3)).toHaveLength(3);
  });
});

describe('cities', () => {
  it('have a list for every city country, each a known country', () => {
    for (const code of CITY_COUNTRIES) {
      expect(findCountry(code), code).toBeDefined();
      const list = citiesOf(code);
      expect(list, code).toBe(CITIES[code]);
      if (code === 'SI') expect(list).toBe(SI_MUNICIPALITIES);
      else {
        expect(list?.length, code).toBeGreaterThanOrEqual(40);
        expect(list?.length, code).toBeLessThanOrEqual(80);
        expect(collisions(list ?? []), code).toEqual([]);
        expect(redundantLocaleNames(list ?? []), code).toEqual([]);
      }
    }
    expect(citiesOf('BR')).toBeUndefined();
  });

  it('name each list country’s capital as its list stores it, with its coordinates', () => {
    for (const code of CITY_COUNTRIES) {
      expect(resolveLocation(code, CAPITALS[code]), code).toBe(CAPITALS[code]);
      expect(PLACE_COORDINATES[code][CAPITALS[code]], code).toHaveLength(2);
    }
  });

  it('resolve a place to its stored name', () => {
    expect(resolveLocation('SI', 'ljubljana')).toBe('Ljubljana');
    expect(resolveLocation('SI', 'capodistria')).toBe('Koper');
    expect(resolveLocation('SI', 'Vienna')).toBeUndefined();
    expect(resolveLocation('AT', 'Vienna')).toBe('Wien');
    expect(resolveLocation('AT', 'dunaj')).toBe('Wien');
    expect(resolveLocation('IT', 'Trst')).toBe('Trieste');
    expect(resolveLocation('DE', 'munich')).toBe('München');
    expect(resolveLocation('HR', 'Fiume')).toBe('Rijeka');
  });

  it('keep free text for countries without a list', () => {
    expect(resolveLocation('BR', '  São Paulo ')).toBe('São Paulo');
    expect(resolveLocation('BR', '')).toBeUndefined();
    expect(resolveLocation('BR', '   ')).toBeUndefined();
    expect(resolveLocation('BR', 'x'.repeat(100))).toBe('x'.repeat(100));
    expect(resolveLocation('BR', 'x'.repeat(101))).toBeUndefined();
    expect(resolveLocation('XX', 'a')).toBeUndefined();
  });

  it('search in the UI language', () => {
    expect(searchCities('AT', 'dun', 'sl')[0]?.name).toBe('Wien');
    expect(searchCities('IT', 'venice', 'en')[0]?.name).toBe('Venezia');
    expect(searchCities('CH', 'zurich', 'de')[0]?.name).toBe('Zürich');
    expect(searchCities('BR', 'rio', 'en')).toEqual([]);
  });
});
