import { type FormEvent, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useIntl } from 'react-intl';
import { TERMS_VERSION } from '#shared/domain/terms';
import { LIMITS } from '#shared/limits';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { acceptTerms, useTermsAccepted } from '../../lib/terms';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { loadSignUp } from './schemas';
import { EmailField } from './email-field';

/** Registration; the account works once the e-mailed link is opened (DECISIONS 10). */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const intl = useIntl();
  const t = useT();
  const [locale] = useLocale();
  const errorText = useErrorText();
  const { formRef, ...form } = useSchemaForm({
    loadSchema: loadSignUp,
    initial: () => ({ fullName: '', email: '', password: '', dogName: '' }),
  });
  // Nobody signs up without the terms: asked here unless this browser accepted them already.
  const termsAccepted = useTermsAccepted() !== null;
  const [agreed, setAgreed] = useState(false);
  const [termsMissing, setTermsMissing] = useState(false);
  const termsBox = useRef<HTMLInputElement>(null);
  const termsId = useId();
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
    const input = await form.validate();
    const termsOk = termsAccepted || agreed;
    if (!termsOk) {
      // Shown with every other error at once; rendered before the box takes the focus, so a screen reader
      // reads the box as invalid with the reason as its description.
      flushSync(() => setTermsMissing(true));
      if (input) termsBox.current?.focus();
    }
    if (!input || !termsOk) return;
    if (!termsAccepted) acceptTerms();
    // The account records the acceptance with the version shown (src/domain/terms.ts).
    signUp.mutate({ ...input, locale, termsVersion: TERMS_VERSION });
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
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
      {!termsAccepted && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={termsId} className="flex items-start gap-3 text-label">
            <input
              ref={termsBox}
              id={termsId}
              type="checkbox"
              checked={agreed}
              onChange={(change) => {
                setAgreed(change.target.checked);
                setTermsMissing(false);
              }}
              aria-invalid={termsMissing || undefined}
              aria-describedby={termsMissing ? `${termsId}-error` : undefined}
              className="mt-0.5 size-5 shrink-0 accent-primary"
            />
            {intl.formatMessage({ id: 'auth.signUp.terms' }, { minAge: LIMITS.profileAge.min })}
          </label>
          {termsMissing && (
            <p id={`${termsId}-error`} className="text-caption font-medium text-danger">
              {t('auth.signUp.termsRequired')}
            </p>
          )}
        </div>
      )}
      <Button type="submit" size="lg" loading={signUp.isPending}>
        {t('auth.signUp.submit')}
      </Button>
    </form>
  );
}
