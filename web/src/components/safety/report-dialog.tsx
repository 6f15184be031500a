import { CircleCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { LIMITS } from '#shared/limits';
import { REPORT_REASONS, type ReportReason, type ReportTarget } from '#shared/domain/safety';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FieldError } from '../pickers/field-parts';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog';
import { TextField } from '../ui/field';
import { TextareaField } from '../ui/textarea-field';

export interface ReportTargetRef {
  type: ReportTarget;
  id: string;
}

const loadSchema = async () => (await import('#shared/schemas/safety')).reportInput;

/**
 * Report an item (DSA Art. 16), signed in or not: a reason, what is wrong, a contact address for the
 * decision (a signed-in user's own), and the good-faith statement; then an acknowledgement with its number.
 */
export function ReportDialog({ target, onClose }: { target: ReportTargetRef | null; onClose: () => void }) {
  const t = useT();
  const [received, setReceived] = useState<string | null>(null);
  const close = () => {
    setReceived(null);
    onClose();
  };
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="md:max-w-lg">
        {received ? (
          <div className="flex flex-col items-center gap-4 py-4 text-center">
            <CircleCheck aria-hidden="true" className="size-12 text-success" />
            <DialogTitle className="pr-0!">{t('report.received.title')}</DialogTitle>
            <DialogDescription>{t('report.received.text', { reference: received })}</DialogDescription>
            <Button onClick={close}>{t('report.received.close')}</Button>
          </div>
        ) : (
          <>
            <DialogTitle>{target && t(`report.title.${target.type}`)}</DialogTitle>
            <DialogDescription>{t('report.text')}</DialogDescription>
            {target && <ReportForm target={target} onReceived={setReceived} onCancel={close} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({
  target,
  onReceived,
  onCancel,
}: {
  target: ReportTargetRef;
  onReceived: (reference: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const errorText = useErrorText();
  const { user } = useSession();
  const { formRef, values, set, message, ...form } = useSchemaForm({
    loadSchema,
    initial: () => ({ reason: '' as ReportReason | '', details: '', contactEmail: '', goodFaith: false }),
    order: ['reason', 'details', 'contactEmail', 'goodFaith'],
    bounds: { details: { max: LIMITS.report.detailsMax } },
    toInput: (current) => ({
      targetType: target.type,
      targetId: target.id,
      reason: current.reason || undefined,
      details: current.details,
      // Signed in: the decision comes to the account (and its address) unless another is given.
      contactEmail: current.contactEmail.trim() || undefined,
      goodFaith: current.goodFaith,
    }),
    moreIssues: (current, found) => {
      if (!user && !current.contactEmail.trim())
        found.contactEmail ??= { key: 'validation.emailRequired', values: {} };
    },
  });
  const report = trpc.safety.report.useMutation({
    onSuccess: ({ id: reportId }) => onReceived(reportId.slice(0, 8)),
    onError: (error) => {
      form.refused(error);
      toast.error(t('report.error'), { description: errorText(error) });
    },
  });

  const submit = form.submitWith((input) => {
    if (!user && !input.contactEmail)
      form.showIssues({ contactEmail: { key: 'validation.emailRequired', values: {} } });
    else report.mutate(input);
  }, report.isPending);

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-5 flex flex-col gap-5">
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={message('reason') ? `${id}-reason` : undefined}
      >
        <legend className="mb-1 font-semibold">{t('report.reason')}</legend>
        {REPORT_REASONS.map((reason, index) => (
          <label key={reason} className="flex min-h-11 items-center gap-3 rounded-control px-1">
            <input
              type="radio"
              name={index === 0 ? 'reason' : undefined}
              value={reason}
              checked={values.reason === reason}
              onChange={() => set('reason', reason)}
              className="size-5 shrink-0 accent-primary"
            />
            {t(`report.reasons.${reason}`)}
          </label>
        ))}
        {message('reason') && <FieldError id={`${id}-reason`}>{message('reason')!}</FieldError>}
      </fieldset>
      <TextareaField
        label={t('report.details')}
        name="details"
        rows={3}
        maxLength={LIMITS.report.detailsMax}
        value={values.details}
        onChange={(event) => set('details', event.target.value)}
        error={message('details')}
      />
      <TextField
        label={t(user ? 'report.contactOptional' : 'report.contact')}
        hint={user ? t('report.contactHint', { email: user.email }) : undefined}
        type="email"
        autoComplete="email"
        {...form.field('contactEmail')}
      />
      <div className="flex flex-col gap-1.5">
        <label className="flex items-start gap-3 text-label">
          <input
            type="checkbox"
            name="goodFaith"
            checked={values.goodFaith}
            onChange={(event) => set('goodFaith', event.target.checked)}
            aria-invalid={message('goodFaith') ? true : undefined}
            aria-describedby={message('goodFaith') ? `${id}-faith` : undefined}
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          {t('report.goodFaith')}
        </label>
        {message('goodFaith') && <FieldError id={`${id}-faith`}>{message('goodFaith')!}</FieldError>}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('report.cancel')}
        </Button>
        <Button type="submit" loading={report.isPending}>
          {t('report.submit')}
        </Button>
      </div>
    </form>
  );
}
