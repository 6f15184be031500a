import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { IntlProvider, type MessageFormatElement, useIntl } from 'react-intl';
import { DEFAULT_LOCALE, INTL_TAG, type Locale, LOCALE_COOKIE } from '#shared/i18n';
import type { DisplayNames } from '#shared/data/display-names';
import { setDisplayNames } from '../components/dogs/names';
import { startLocale } from './locale-choice';

/** The language chosen in this browser, else the browser's own where the app speaks it, else Slovenian. */
export function initialLocale(): Locale {
  return startLocale(
    document.cookie,
    navigator.languages?.length ? navigator.languages : [navigator.language],
  );
}

function storeLocale(locale: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * formatjs checks the locale with `Intl.NumberFormat/DateTimeFormat.supportedLocalesOf` whenever it builds
 * its formatters. The browser's first such call loads its whole locale list, one long task (≈ 100 ms on a
 * phone-class CPU) on the way to an interactive page. The four UI languages ship with every browser's
 * ICU, so those are answered here; anything else still goes to the browser.
 */
const OUR_TAGS = new Set(Object.values(INTL_TAG));
type SupportedLocalesOf = (locales?: string | readonly string[], options?: object) => string[];
for (const format of [Intl.NumberFormat, Intl.DateTimeFormat] as {
  supportedLocalesOf: SupportedLocalesOf;
}[]) {
  const browser = format.supportedLocalesOf.bind(format);
  format.supportedLocalesOf = (locales, options) =>
    typeof locales === 'string' && OUR_TAGS.has(locales) ? [locales] : browser(locales, options);
}

/** A catalogue as it arrives: messages already parsed at build time (see vite.config.ts). */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

/** The names of stored breeds, places, … in each language (components/dogs/names.ts, web/vite.config.ts). */
const DISPLAY_NAMES: Record<Locale, () => Promise<{ default: DisplayNames }>> = {
  sl: () => import('virtual:display-names/sl'),
  en: () => import('virtual:display-names/en'),
  de: () => import('virtual:display-names/de'),
  it: () => import('virtual:display-names/it'),
};

/**
 * Each catalogue is its own chunk, so only the active language is downloaded; with it, the language's names
 * of stored values, ready before anything shows them.
 */
export async function loadCatalogue(locale: Locale): Promise<CompiledMessages> {
  const [module, names] = await Promise.all([
    import(`../../../locales/${locale}.json`) as Promise<{ default: CompiledMessages }>,
    DISPLAY_NAMES[locale](),
  ]);
  setDisplayNames(locale, names.default);
  return module.default;
}

export interface Catalogue {
  locale: Locale;
  messages: CompiledMessages;
}

type LocaleState = readonly [Locale, (locale: Locale) => void];

const LocaleContext = createContext<LocaleState | null>(null);

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale outside LocaleProvider');
  return state;
}

/**
 * The language shown, starting from a catalogue loaded before the first render (main.tsx, prerender.tsx).
 * While a newly chosen language loads, the old one stays on screen. `npm run check:i18n` (part of CI)
 * guarantees every catalogue has every key, so no fallback catalogue is needed.
 */
export function LocaleProvider({ initial, children }: { initial: Catalogue; children: ReactNode }) {
  const [shown, setShown] = useState(initial);
  const [wanted, setWanted] = useState(initial.locale);

  useEffect(() => {
    if (wanted === shown.locale) return;
    let current = true;
    loadCatalogue(wanted).then(
      (messages) => current && setShown({ locale: wanted, messages }),
      () => {}, // a chunk failed (offline, new deploy): keep the language shown
    );
    return () => {
      current = false;
    };
  }, [wanted, shown.locale]);

  useEffect(() => {
    document.documentElement.lang = shown.locale;
  }, [shown.locale]);

  const setLocale = (next: Locale) => {
    storeLocale(next);
    setWanted(next);
  };

  return (
    <LocaleContext.Provider value={[shown.locale, setLocale]}>
      <IntlProvider
        locale={INTL_TAG[shown.locale]}
        messages={shown.messages}
        defaultLocale={INTL_TAG[DEFAULT_LOCALE]}
        onError={ignoreMissingTranslations}
      >
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

/** A missing key renders as the key itself (react-intl's behaviour); only real formatting errors are logged. */
function ignoreMissingTranslations(error: { code: string }) {
  if (error.code !== 'MISSING_TRANSLATION') console.error(error);
}

type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

/** The page's text by key, in the chosen language: `t('requests.title')`, `t('events.count', { count })`. */
export function useT() {
  const intl = useIntl();
  return useCallback((id: string, values?: MessageValues) => intl.formatMessage({ id }, values), [intl]);
}
