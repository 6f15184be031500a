import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { loadResetRequest } from './schemas';
import { EmailField } from './email-field';

/** Asks for a reset link; the server answers the same whether or not the address has an account. */
export function ResetRequestForm() {
  const t = useT();
  const [locale] = useLocale();
  const errorText = useErrorText();
  const { formRef, ...form } = useSchemaForm({
    loadSchema: loadResetRequest,
    initial: () => ({ email: '' }),
  });
  const request = trpc.auth.requestPasswordReset.useMutation({
    onSuccess: () =>
      toast.success(t('auth.reset.success'), { description: t('auth.reset.successDescription') }),
  });

  const submit = form.submitWith((input) => request.mutate({ ...input, locale }));

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-muted-foreground">{t('auth.reset.intro')}</p>
      {request.error && <Alert>{errorText(request.error)}</Alert>}
      <EmailField {...form.field('email')} />
      <Button type="submit" size="lg" loading={request.isPending}>
        {t('auth.reset.submit')}
      </Button>
    </form>
  );
}
