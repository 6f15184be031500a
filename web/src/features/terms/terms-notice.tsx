import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { LIMITS } from '#shared/limits';
import { useSession } from '../../lib/session';
import { acceptTerms, looksLikeCrawler, useTermsAccepted } from '../../lib/terms';
import { useTermsState } from './use-terms';

// The dialog and its text are their own chunk: fetched when the notice shows, or when the link is pointed
// at or focused, so a first visit's initial download stays small.
const loadDialog = () => import('./terms-dialog');
const TermsDialog = lazy(loadDialog);
// The notice too: it shows 2 s into a visit, never in the first paint.
const TermsBanner = lazy(() => import('./terms-banner'));

/**
 * The "Terms & Privacy" link for the layout's footer, and the prompt (SPEC §1, §2 Navigation): on a visit
 * from a browser that has not accepted the terms in force, or by a signed-in user whose account has not, a
 * small notice shows under the top bar after 2 s. It is not a dialog: it never takes the focus or the keys
 * from what the user is doing, and it stays small, so it is never the page's largest paint. Crawlers never
 * see it.
 */
export function TermsNotice() {
  const intl = useIntl();
  const { accepted } = useTermsState();
  useAccountAcceptanceInBrowser();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can animate closed and reopen at once.
  const [used, setUsed] = useState(false);
  const [due, setDue] = useState(false);
  const link = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (accepted !== false || looksLikeCrawler(navigator.userAgent)) return;
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
      {due && accepted === false && (
        <Suspense>
          <TermsBanner
            onRead={read}
            onShown={prefetch}
            // The accept button goes with the notice: a keyboard user continues from the terms link.
            onAccepted={() => link.current?.focus({ preventScroll: true })}
          />
        </Suspense>
      )}
      {used && (
        <Suspense>
          <TermsDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The owner accepted with the account (at sign-up, or in another browser): this browser keeps it too, so
 * the notice does not come back here after signing out.
 */
function useAccountAcceptanceInBrowser() {
  const { user } = useSession();
  const inBrowser = useTermsAccepted();
  const accepted = user?.termsAccepted === true;
  const acceptedAt = user?.termsAcceptedAt;
  useEffect(() => {
    if (accepted && inBrowser === null) acceptTerms(acceptedAt ?? new Date());
  }, [accepted, acceptedAt, inBrowser]);
}
