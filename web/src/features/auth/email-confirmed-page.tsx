import { MailCheck, MailX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '#shared/limits';
import { MessagePanel } from '../../components/message-panel';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { appErrorOf, useErrorText } from '../../lib/errors';
import { useSignedIn } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { LinkCard } from './link-card';
import { loadConfirmPassword } from './schemas';
import { tokenErrorKey } from './token-error';
import { useT } from '../../lib/intl';

/**
 * Landing page of the confirmation link. The link alone does not activate the account: the password chosen
 * at sign-up does (a link in someone's mailbox must not activate a password somebody else planted). Then the
 * user is signed in and the profile opens.
 */
export default function EmailConfirmedPage() {
  const t = useT();
  const [params] = useSearchParams();
  // The server checks the token's format with the shared schema; only a missing one is caught here.
  const token = params.get('token');
  const signedIn = useSignedIn();
  const errorText = useErrorText();
  const { formRef, ...form } = useSchemaForm({
    loadSchema: loadConfirmPassword,
    initial: () => ({ password: '' }),
  });
  const confirm = trpc.auth.confirmEmail.useMutation({ onSuccess: ({ user }) => signedIn(user) });

  const badLink = token ? tokenErrorKey(confirm.error) : 'errors.INVALID_TOKEN';
  if (badLink) {
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
        <p>{t(badLink)}</p>
      </MessagePanel>
    );
  }
  if (confirm.data) return <Confirmed email={confirm.data.user.email} />;

  const submit = form.submitWith((input) => {
    if (token) confirm.mutate({ token, password: input.password });
  });

  return (
    <LinkCard
      icon={MailCheck}
      title={t('emailConfirmed.passwordTitle')}
      intro={t('emailConfirmed.passwordIntro')}
    >
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {confirm.error && (
          <Alert>
            {appErrorOf(confirm.error)?.appCode === 'INVALID_CREDENTIALS'
              ? t('emailConfirmed.wrongPassword')
              : errorText(confirm.error)}
          </Alert>
        )}
        <TextField
          label={t('auth.field.password')}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <Button type="submit" size="lg" loading={confirm.isPending}>
          {t('emailConfirmed.submit')}
        </Button>
      </form>
      <p className="text-center text-muted-foreground">
        <Link to="/auth?tab=reset" className="font-semibold text-primary underline-offset-4 hover:underline">
          {t('emailConfirmed.notYourPassword')}
        </Link>
      </p>
    </LinkCard>
  );
}

function Confirmed({ email }: { email: string }) {
  const intl = useIntl();
  const t = useT();
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
