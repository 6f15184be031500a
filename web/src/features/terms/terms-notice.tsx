import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { LIMITS } from '#shared/limits';
import { Button } from '../../components/ui/button';
import { acceptTerms, looksLikeCrawler, useTermsAccepted } from '../../lib/terms';
import { useT } from '../../lib/intl';

// The dialog and its text are their own chunk: fetched when the notice shows, or when the link is pointed
// at or focused, so a first visit's initial download stays small.
const loadDialog = () => import('./terms-dialog');
const TermsDialog = lazy(loadDialog);

/**
 * The "Terms & Privacy" link for the layout's footer, and the prompt (SPEC §1, §2 Navigation): on a visit
 * from a browser that has not accepted the terms, a small notice slides in at the bottom after 2 s. It is
 * not a dialog: it never takes the focus or the keys from what the user is doing, and it stays small, so
 * it is never the page's largest paint. Crawlers never see it.
 */
export function TermsNotice() {
  const intl = useIntl();
  const accepted = useTermsAccepted();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can animate closed and reopen at once.
  const [used, setUsed] = useState(false);
  const [due, setDue] = useState(false);
  const link = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (accepted || looksLikeCrawler(navigator.userAgent)) return;
    const prompt = setTimeout(() => setDue(true), LIMITS.termsPromptDelayMs);
    return () => clearTimeout(prompt);
  }, [accepted]);

  const read = () => {
    setUsed(true);
    setOpen(true);
  };
  const prefetch = () => void loadDialog();
  return (
    <>
      <button
        ref={link}
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={read}
        className="inline-flex min-h-11 items-center rounded-control px-2 font-semibold text-muted-foreground underline underline-offset-4 hover:text-foreground"
      >
        {intl.formatMessage({ id: 'nav.terms' })}
      </button>
      {due && !accepted && (
        <TermsBanner
          onRead={read}
          onShown={prefetch}
          // The accept button goes with the notice: a keyboard user continues from the terms link.
          onAccepted={() => link.current?.focus({ preventScroll: true })}
        />
      )}
      {used && (
        <Suspense>
          <TermsDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

/** The notice: one line of text, "read them" and "accept", above the phone's bottom bar. */
function TermsBanner({
  onRead,
  onShown,
  onAccepted,
}: {
  onRead: () => void;
  onShown: () => void;
  onAccepted: () => void;
}) {
  const t = useT();
  useEffect(onShown, [onShown]);
  return (
    <section
      aria-label={t('terms.banner.label')}
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 border-t border-border bg-surface shadow-bar md:bottom-0"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:gap-4">
        <p className="flex-1 text-label">{t('terms.banner.text')}</p>
        <div className="flex gap-2">
          <Button variant="outline" className="flex-1 sm:flex-none" onClick={onRead}>
            {t('terms.banner.read')}
          </Button>
          <Button
            className="flex-1 sm:flex-none"
            onClick={() => {
              acceptTerms();
              onAccepted();
            }}
          >
            {t('terms.accept')}
          </Button>
        </div>
      </div>
    </section>
  );
}
