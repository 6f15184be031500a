import { TERMS_VERSION } from '#shared/domain/terms';
import { useErrorText } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { acceptTerms, useTermsAccepted } from '../../lib/terms';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/**
 * Whether the terms in force are accepted: by the account when signed in (auth.me), else in this browser.
 * `accepted` is undefined while the session is loading; `acceptedAt` is when (ms), or null.
 */
export function useTermsState(): { accepted: boolean | undefined; acceptedAt: number | null } {
  const { user, isLoading } = useSession();
  const inBrowser = useTermsAccepted();
  if (isLoading) return { accepted: undefined, acceptedAt: null };
  if (!user) return { accepted: inBrowser !== null, acceptedAt: inBrowser };
  // `=== true`: a session kept offline from before the account said so counts as not accepted.
  const accepted = user.termsAccepted === true;
  return { accepted, acceptedAt: accepted ? (user.termsAcceptedAt?.getTime() ?? null) : null };
}

/**
 * Accepting the terms in force: in this browser, and on the account when signed in (account.acceptTerms),
 * where `onAccepted` waits for the server's answer; a refusal is said in a toast and the prompt stays.
 */
export function useAcceptTerms(onAccepted?: () => void) {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const errorText = useErrorText();
  const record = trpc.account.acceptTerms.useMutation({
    onSuccess: (me) => {
      utils.auth.me.setData(undefined, me);
      onAccepted?.();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  return {
    pending: record.isPending,
    accept() {
      acceptTerms();
      if (user) record.mutate({ termsVersion: TERMS_VERSION });
      else onAccepted?.();
    },
  };
}
