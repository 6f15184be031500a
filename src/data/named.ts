import { INTL_TAG, LOCALES, type Locale } from '../i18n';

/** A reference value: `name` is what gets stored; a locale field only where the display differs from `name`. */
export interface Named {
  readonly name: string;
  readonly sl?: string;
  readonly en?: string;
  readonly de?: string;
  readonly it?: string;
}

export function displayName(item: Named, locale: Locale): string {
  return item[locale] ?? item.name;
}

/** A list as a select's options: stored names, shown and sorted as the UI language names and sorts them. */
export function namedOptions(items: readonly Named[], locale: Locale) {
  const collator = new Intl.Collator(INTL_TAG[locale]);
  return items
    .map((item) => ({ value: item.name, label: displayName(item, locale) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** Letters that Unicode does not decompose into a base letter and a mark. */
const FOLDED: Readonly<Record<string, string>> = {
  ß: 'ss',
  đ: 'd',
  ł: 'l',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  ð: 'd',
  þ: 'th',
};
const FOLDED_PATTERN = /[ßđłøæœıðþ]/g;

/**
 * The form used to compare names: without diacritics (č→c, ü→u, ß→ss, đ→d), lower case,
 * typographic apostrophes and dashes made plain, spaces around a hyphen dropped
 * ("Log - Dragomer" and "Log-Dragomer" compare equal), whitespace collapsed and trimmed.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(FOLDED_PATTERN, (letter) => FOLDED[letter] ?? letter)
    .replace(/[‘’ʼ`´]/g, "'")
    .replace(/\s*[-‐‑‒–—]\s*/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Normalized name forms of one item, computed once. */
interface Keys {
  /** Distinct normalized forms: `name` first, then the locale names. */
  readonly all: readonly string[];
  /** The normalized display name per locale. */
  readonly display: Readonly<Record<Locale, string>>;
}

const keysCache = new WeakMap<Named, Keys>();

function keysOf(item: Named): Keys {
  let keys = keysCache.get(item);
  if (!keys) {
    const name = normalizeForSearch(item.name);
    const display = { sl: name, en: name, de: name, it: name };
    const all = new Set([name]);
    for (const locale of LOCALES) {
      const value = item[locale];
      if (value === undefined) continue;
      const normalized = normalizeForSearch(value);
      display[locale] = normalized;
      all.add(normalized);
    }
    keys = { all: [...all], display };
    keysCache.set(item, keys);
  }
  return keys;
}

const lookupCache = new WeakMap<readonly Named[], ReadonlyMap<string, Named>>();

/** The item whose name or any locale name equals `text` (normalized), or undefined. */
export function findNamed<T extends Named>(items: readonly T[], text: string): T | undefined {
  let lookup = lookupCache.get(items);
  if (!lookup) {
    const map = new Map<string, Named>();
    for (const item of items) for (const key of keysOf(item).all) if (!map.has(key)) map.set(key, item);
    lookup = map;
    lookupCache.set(items, lookup);
  }
  return lookup.get(normalizeForSearch(text)) as T | undefined;
}

const collators = new Map<Locale, Intl.Collator>();

/** The collator of the UI language, as `localeCompare(…, INTL_TAG[locale])` would use. */
function collatorFor(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(INTL_TAG[locale]);
    collators.set(locale, collator);
  }
  return collator;
}

const sortedCache = new WeakMap<readonly Named[], Map<Locale, readonly Named[]>>();

/** `items` sorted by display name in `locale` (stable: equal names keep list order), computed once per list and locale. */
function sortedByDisplay<T extends Named>(items: readonly T[], locale: Locale): readonly T[] {
  let perLocale = sortedCache.get(items);
  if (!perLocale) {
    perLocale = new Map();
    sortedCache.set(items, perLocale);
  }
  let sorted = perLocale.get(locale);
  if (!sorted) {
    const collator = collatorFor(locale);
    sorted = [...items].sort((a, b) => collator.compare(displayName(a, locale), displayName(b, locale)));
    perLocale.set(locale, sorted);
  }
  return sorted as readonly T[];
}

const WORD_SEPARATOR = /[\s\-/'.,()]/;

/** Whether `query` occurs in `text` at the start of a word (not at the very start of `text`). */
function startsWord(text: string, query: string): boolean {
  for (let at = text.indexOf(query, 1); at > 0; at = text.indexOf(query, at + 1))
    if (WORD_SEPARATOR.test(text.charAt(at - 1))) return true;
  return false;
}

const EXACT = 0;
const DISPLAY_PREFIX = 1;
const ANY_PREFIX = 2;
const WORD_PREFIX = 3;
const SUBSTRING = 4;
const NO_MATCH = -1;

function rank(keys: Keys, query: string, locale: Locale): number {
  if (keys.all.includes(query)) return EXACT;
  if (keys.display[locale].startsWith(query)) return DISPLAY_PREFIX;
  if (keys.all.some((key) => key.startsWith(query))) return ANY_PREFIX;
  if (keys.all.some((key) => startsWord(key, query))) return WORD_PREFIX;
  if (keys.all.some((key) => key.includes(query))) return SUBSTRING;
  return NO_MATCH;
}

/**
 * Items matching `query` (normalized substring of name or any locale name), best first:
 * exact, then display-name prefix, then any-name prefix, then word-prefix, then substring.
 * Within each group the items are sorted by display name (`localeCompare` with the INTL tag of `locale`);
 * equal display names keep list order. Empty query → all items sorted by display name.
 */
export function searchNamed<T extends Named>(
  items: readonly T[],
  query: string,
  locale: Locale,
  limit = Number.POSITIVE_INFINITY,
): T[] {
  const sorted = sortedByDisplay(items, locale);
  const normalized = normalizeForSearch(query);
  if (normalized === '') return sorted.slice(0, Math.max(0, limit));
  const groups: T[][] = [[], [], [], [], []];
  for (const item of sorted) {
    const group = rank(keysOf(item), normalized, locale);
    if (group !== NO_MATCH) groups[group]?.push(item);
  }
  return groups.flat().slice(0, Math.max(0, limit));
}
