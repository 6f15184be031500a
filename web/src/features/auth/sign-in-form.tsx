import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useErrorText } from '../../lib/errors';
import { useNextPath } from '../../lib/next-path';
import { useLocale, useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { useSignedIn } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { loadSignIn } from './schemas';
import { EmailField } from './email-field';

interface SignInFormProps {
  defaultEmail: string;
  onForgotPassword: () => void;
}

export function SignInForm({ defaultEmail, onForgotPassword }: SignInFormProps) {
  const t = useT();
  const navigate = useNavigate();
  const next = useNextPath();
  const signedIn = useSignedIn();
  const [locale] = useLocale();
  const errorText = useErrorText();
  const { formRef, ...form } = useSchemaForm({
    loadSchema: loadSignIn,
    initial: () => ({ email: defaultEmail, password: '' }),
  });
  const signIn = trpc.auth.signIn.useMutation({
    onSuccess: async ({ user }) => {
      await signedIn(user);
      toast.success(t('auth.signIn.success'));
      void navigate(next, { replace: true });
    },
  });

  const submit = form.submitWith((input) => signIn.mutate({ ...input, locale }));

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {signIn.error && <Alert>{errorText(signIn.error)}</Alert>}
      <EmailField {...form.field('email')} />
      <TextField
        label={t('auth.field.password')}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <Button type="submit" size="lg" loading={signIn.isPending}>
        {t('auth.signIn.submit')}
      </Button>
      <button
        type="button"
        onClick={onForgotPassword}
        className="min-h-11 self-center rounded-control px-2 font-semibold text-primary underline-offset-4 hover:underline"
      >
        {t('auth.signIn.forgotPassword')}
      </button>
    </form>
  );
}
