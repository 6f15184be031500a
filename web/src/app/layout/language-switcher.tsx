import { Globe } from 'lucide-react';
import { type ComponentProps, type ComponentType, type ReactElement, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useHydrated } from '../../lib/hydration';
import { useLocale } from '../../lib/intl';

// The Radix menu (with its positioning engine) loads after hydration, outside the initial bundle.
type Menu = ComponentType<{ trigger: ReactElement }>;
let loaded: Menu | undefined;
const loadMenu = () => import('./language-menu').then((module) => (loaded = module.default));

/**
 * Globe button with the current language code; the menu lists each language in its own name. The button
 * alone until the menu's code is here, then swapped in one render: no Suspense boundary, which would sit
 * dehydrated in the prerendered page (lib/hydration.tsx) or show both buttons for a frame.
 */
export function LanguageSwitcher() {
  const hydrated = useHydrated();
  const [LanguageMenu, setLanguageMenu] = useState<Menu | undefined>(() => (hydrated ? loaded : undefined));
  useEffect(() => {
    if (hydrated && !LanguageMenu)
      loadMenu().then(
        (menu) => setLanguageMenu(() => menu),
        () => {}, // offline: the button stays disabled; the next page load tries again
      );
  }, [hydrated, LanguageMenu]);
  return LanguageMenu ? (
    <LanguageMenu trigger={<LanguageButton />} />
  ) : (
    <LanguageButton disabled={hydrated} />
  );
}

/** The trigger; Radix passes its menu props and ref through. */
function LanguageButton(props: ComponentProps<'button'>) {
  const intl = useIntl();
  const [locale] = useLocale();
  return (
    <button
      type="button"
      // The name starts with what the button shows (WCAG 2.5.3): "SL – jezik (Slovenščina)".
      aria-label={intl.formatMessage(
        { id: 'language.label' },
        { code: locale.toUpperCase(), name: intl.formatMessage({ id: `language.${locale}` }) },
      )}
      className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-control px-2 font-semibold text-foreground hover:bg-muted data-[state=open]:bg-muted"
      {...props}
    >
      <Globe aria-hidden="true" className="size-5" />
      <span aria-hidden="true" className="text-caption">
        {locale.toUpperCase()}
      </span>
    </button>
  );
}
