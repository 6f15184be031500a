import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  INTL_TAG,
  isLocale,
  type Locale,
  withFallback,
} from '../../../src/i18n';

const STORAGE_KEY = 'tacke.locale';

function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE; // storage blocked (privacy mode): use the default
  }
}

/** A catalogue as it arrives: messages already parsed at build time (see vite.config.ts). */
type CompiledMessages = Record<string, MessageFormatElement[]>;

/** Each catalogue is its own chunk, so only the active language is downloaded before the first paint. */
async function loadCatalogue(locale: Locale): Promise<CompiledMessages> {
  const module = (await import(`../../../locales/${locale}.json`)) as { default: CompiledMessages };
  return module.default;
}

type LocaleState = readonly [Locale, (locale: Locale) => void];

const LocaleContext = createContext<LocaleState | null>(null);

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale outside LocaleProvider');
  return state;
}

/** The chosen language with its catalogue; children render once the first catalogue has arrived. */
export function LocaleProvider({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(storedLocale);
  // The catalogue shown, with its locale: while a new language loads, the old one stays on screen.
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: CompiledMessages } | null>(null);

  useEffect(() => {
    let current = true;
    const show = (messages: CompiledMessages) => {
      if (!current) return;
      setLoaded({ locale, messages });
      document.documentElement.lang = locale;
    };
    void (async () => {
      try {
        const messages = await loadCatalogue(locale);
        show(messages);
        // English fills any gaps (locale → en → key); it arrives after the first paint.
        if (locale !== FALLBACK_LOCALE) show(withFallback(messages, await loadCatalogue(FALLBACK_LOCALE)));
      } catch {
        // A chunk failed (offline, new deploy): keep what is shown; with nothing yet, keys are shown.
        if (current) setLoaded((previous) => previous ?? { locale, messages: {} });
      }
    })();
    return () => {
      current = false;
    };
  }, [locale]);

  const setLocale = (next: Locale) => {
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // storage blocked: the choice lasts for this page only
    }
    setLocaleState(next);
  };

  if (!loaded) return fallback;
  return (
    <LocaleContext.Provider value={[loaded.locale, setLocale]}>
      <IntlProvider
        locale={INTL_TAG[loaded.locale]}
        messages={loaded.messages}
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
