import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { LIMITS } from '../../../../src/limits';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import { loadSignUp } from './schemas';
import { EmailField } from './email-field';

/** Registration; the account works once the e-mailed link is opened (DECISIONS 10). */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [locale] = useLocale();
  const errorText = useErrorText();
  const form = useZodForm(loadSignUp, { fullName: '', email: '', password: '', dogName: '' });
  const signUp = trpc.auth.signUp.useMutation({
    onSuccess: ({ email }) => {
      toast.success(t('auth.signUp.success'), {
        description: t('auth.signUp.successDescription'),
        duration: LIMITS.signUpToastMs,
      });
      onSignedUp(email);
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = await form.validate(event.currentTarget);
    if (input) signUp.mutate({ ...input, locale });
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {signUp.error && <Alert>{errorText(signUp.error)}</Alert>}
      <TextField label={t('auth.field.fullName')} autoComplete="name" {...form.field('fullName')} />
      <EmailField {...form.field('email')} />
      <TextField
        label={t('auth.field.password')}
        type="password"
        autoComplete="new-password"
        hint={intl.formatMessage({ id: 'auth.passwordHint' }, { min: LIMITS.password.min })}
        {...form.field('password')}
      />
      <TextField label={t('auth.field.dogName')} autoComplete="off" {...form.field('dogName')} />
      <Button type="submit" size="lg" loading={signUp.isPending}>
        {t('auth.signUp.submit')}
      </Button>
    </form>
  );
}
