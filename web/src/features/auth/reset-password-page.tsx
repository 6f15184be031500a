import { KeyRound, LinkIcon } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '#shared/limits';
import { MessagePanel } from '../../components/message-panel';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useErrorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useSignedIn } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { LinkCard } from './link-card';
import { loadNewPassword } from './schemas';
import { tokenErrorKey } from './token-error';
import { useT } from '../../lib/intl';

/** Landing page of the reset link: a new password signs the user in. */
export default function ResetPasswordPage() {
  const intl = useIntl();
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The server checks the token's format with the shared schema; only a missing one is caught here.
  const token = params.get('token');
  const signedIn = useSignedIn();
  const errorText = useErrorText();
  const { formRef, ...form } = useSchemaForm({
    loadSchema: loadNewPassword,
    initial: () => ({ password: '' }),
  });
  const reset = trpc.auth.resetPassword.useMutation({
    onSuccess: async ({ user }) => {
      toast.success(t('resetPassword.success'));
      await signedIn(user);
      void navigate('/profil', { replace: true });
    },
  });

  const badLink = token ? tokenErrorKey(reset.error) : 'errors.INVALID_TOKEN';
  if (badLink) {
    return (
      <MessagePanel
        icon={LinkIcon}
        tone="danger"
        title={t('resetPassword.badLinkTitle')}
        actions={
          <Link to="/auth?tab=reset" className={buttonClasses()}>
            {t('resetPassword.requestNew')}
          </Link>
        }
      >
        <p>{t(badLink)}</p>
      </MessagePanel>
    );
  }

  const submit = form.submitWith((input) => {
    if (token) reset.mutate({ token, password: input.password });
  });

  return (
    <LinkCard icon={KeyRound} title={t('resetPassword.title')} intro={t('resetPassword.intro')}>
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {reset.error && <Alert>{errorText(reset.error)}</Alert>}
        <TextField
          label={t('resetPassword.password')}
          type="password"
          autoComplete="new-password"
          hint={intl.formatMessage({ id: 'auth.passwordHint' }, { min: LIMITS.password.min })}
          {...form.field('password')}
        />
        <Button type="submit" size="lg" loading={reset.isPending}>
          {t('resetPassword.submit')}
        </Button>
      </form>
    </LinkCard>
  );
}
