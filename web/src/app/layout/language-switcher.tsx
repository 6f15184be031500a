import { Globe } from 'lucide-react';
import { type ComponentProps, lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { useHydrated } from '../../lib/hydration';
import { useLocale } from '../../lib/intl';

// The Radix menu (with its positioning engine) loads after the first paint, outside the initial bundle.
const LanguageMenu = lazy(() => import('./language-menu'));

/** Globe button with the current language code; the menu lists each language in its own name. */
export function LanguageSwitcher() {
  // The prerendered page has the plain button: no Suspense boundary there (lib/hydration.tsx, AfterHydration).
  if (!useHydrated()) return <LanguageButton />;
  return (
    <Suspense fallback={<LanguageButton disabled />}>
      <LanguageMenu trigger={<LanguageButton />} />
    </Suspense>
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
