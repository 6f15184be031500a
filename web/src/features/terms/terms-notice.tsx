import { lazy, Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { LIMITS } from '../../../../src/limits';
import { looksLikeCrawler, termsAcceptedAt } from './terms-storage';

// The dialog and its text are their own chunk: fetched halfway through the delay, or when the link is
// pointed at or focused, so a first visit's initial download stays small.
const loadDialog = () => import('./terms-dialog');
const TermsDialog = lazy(loadDialog);

/**
 * The "Terms & Privacy" link for the layout's footer, and the prompt (SPEC §4 Terms): on a visit from a
 * browser that has not accepted the terms, the dialog opens by itself after 2 s. Crawlers never see it.
 */
export function TermsNotice() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can animate closed and reopen at once.
  const [used, setUsed] = useState(false);

  useEffect(() => {
    if (termsAcceptedAt() || looksLikeCrawler(navigator.userAgent)) return;
    const prefetch = setTimeout(() => void loadDialog(), LIMITS.termsPromptDelayMs / 2);
    const prompt = setTimeout(() => {
      setUsed(true);
      setOpen(true);
    }, LIMITS.termsPromptDelayMs);
    return () => {
      clearTimeout(prefetch);
      clearTimeout(prompt);
    };
  }, []);

  const prefetch = () => void loadDialog();
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="inline-flex min-h-11 items-center rounded-control px-2 font-semibold text-muted-foreground underline underline-offset-4 hover:text-foreground"
      >
        {intl.formatMessage({ id: 'nav.terms' })}
      </button>
      {used && (
        <Suspense>
          <TermsDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
