import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/intl';
import { useAcceptTerms } from './use-terms';

/**
 * The notice: a sentence ending in "read the terms", and "accept" beside it, right under the top bar. Up
 * there it never covers what pages keep at the bottom (the phone's bottom bar, the deck's buttons, the chat
 * composer, a form's submit button above the phone keyboard), and it takes no room in the page, so nothing
 * moves when it comes.
 * Its height is published as --terms-banner-height (styles.css: scrolling and focus stop below it, toasts
 * show under it).
 */
export default function TermsBanner({
  onRead,
  onShown,
  onAccepted,
}: {
  onRead: () => void;
  onShown: () => void;
  onAccepted: () => void;
}) {
  const t = useT();
  const { accept, pending } = useAcceptTerms(onAccepted);
  const banner = useRef<HTMLElement>(null);
  useEffect(onShown, [onShown]);
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = banner.current;
    if (!element) return;
    const publish = () => root.style.setProperty('--terms-banner-height', `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--terms-banner-height');
    };
  }, []);
  return (
    <section
      ref={banner}
      aria-label={t('terms.banner.label')}
      className="fixed inset-x-0 top-16 z-30 border-b border-border bg-surface shadow-card"
    >
      {/* One row at every width, so on a small phone it takes a few lines of the deck's height, not a third. */}
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-1.5 sm:gap-4 sm:py-2.5">
        <p className="min-w-0 flex-1 text-caption max-sm:leading-snug sm:text-label">
          {t('terms.banner.text')}{' '}
          {/* A link at the sentence's end; the ::after widens its tap area without moving the lines. */}
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={onRead}
            className="relative font-semibold whitespace-nowrap text-primary-strong underline underline-offset-2 after:absolute after:-inset-x-1 after:-inset-y-2.5 after:content-[''] hover:text-foreground"
          >
            {t('terms.banner.read')}
          </button>
        </p>
        {/*
         * Phones show the start of the dialog's "I accept the terms" ("I accept"); the name is the whole of it
         * at every width, so it contains the words shown (WCAG 2.5.3).
         */}
        <Button
          className="shrink-0 max-sm:w-min max-sm:min-w-24 max-sm:px-2 max-sm:text-label max-sm:leading-tight"
          aria-label={t('terms.accept')}
          loading={pending}
          onClick={accept}
        >
          <span className="sm:hidden">{t('terms.banner.accept')}</span>
          <span className="max-sm:hidden">{t('terms.accept')}</span>
        </Button>
      </div>
    </section>
  );
}
