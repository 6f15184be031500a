import { MailCheck, MailX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '../../../../src/limits';
import { MessagePanel } from '../../components/message-panel';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { useErrorText } from '../../lib/errors';
import { useSignedIn } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { tokenErrorKey } from './token-error';

/** Landing page of the confirmation link: confirming signs the user in, then the profile opens. */
export default function EmailConfirmedPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [params] = useSearchParams();
  // The server checks the token's format with the shared schema; only a missing one is caught here.
  const token = params.get('token');
  const signedIn = useSignedIn();
  const errorText = useErrorText();
  const confirm = trpc.auth.confirmEmail.useMutation({ onSuccess: ({ user }) => signedIn(user) });

  // A token works once: StrictMode's second effect run must not send it again.
  const sent = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  if (!token || confirm.error) {
    const key = token ? tokenErrorKey(confirm.error) : 'errors.INVALID_TOKEN';
    return (
      <MessagePanel
        icon={MailX}
        tone="danger"
        title={t('emailConfirmed.errorTitle')}
        actions={
          <Link to="/auth" className={buttonClasses()}>
            {t('emailConfirmed.toAuth')}
          </Link>
        }
      >
        <p>{key ? t(key) : errorText(confirm.error)}</p>
      </MessagePanel>
    );
  }
  if (!confirm.data) return <PageSpinner />;
  return <Confirmed email={confirm.data.user.email} />;
}

function Confirmed({ email }: { email: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState<number>(LIMITS.emailConfirmedRedirectSeconds);

  useEffect(() => {
    if (secondsLeft <= 0) {
      void navigate('/profil', { replace: true });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, navigate]);

  return (
    <MessagePanel
      icon={MailCheck}
      tone="success"
      title={t('emailConfirmed.title')}
      actions={
        <>
          <Link to="/profil" className={buttonClasses()}>
            {t('emailConfirmed.toProfile')}
          </Link>
          <Link to="/" className={buttonClasses({ variant: 'outline' })}>
            {t('common.home')}
          </Link>
        </>
      }
    >
      <p>
        <FormattedMessage
          id="emailConfirmed.signedInAs"
          values={{ email: <strong className="wrap-anywhere text-foreground">{email}</strong> }}
        />
      </p>
      <p>{intl.formatMessage({ id: 'emailConfirmed.redirect' }, { seconds: secondsLeft })}</p>
    </MessagePanel>
  );
}
