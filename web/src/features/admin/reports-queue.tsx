import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { LIMITS } from '#shared/limits';
import { REPORT_DECISIONS } from '#shared/domain/safety';
import { CONTROL_CLASSES } from '../../components/pickers/field-parts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Label } from '../../components/ui/label';
import { PageSpinner } from '../../components/ui/spinner';
import { TextareaField } from '../../components/ui/textarea-field';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { ReportItem } from './report-item';
import type { Report } from './types';

type Decision = (typeof REPORT_DECISIONS)[number];

const loadSchema = async () => (await import('#shared/schemas/safety')).decideReportInput;

/** Open reports, oldest first; each with what was reported, by whom, about whom, and the decision form. */
export function ReportsQueue() {
  const t = useT();
  const reports = trpc.admin.reports.useQuery();
  if (reports.isPending) return <PageSpinner />;
  if (!reports.data?.length) return <p className="text-muted-foreground">{t('admin.reports.empty')}</p>;
  return (
    <ul className="flex flex-col gap-4">
      {reports.data.map((report) => (
        <ReportCard key={report.id} report={report} />
      ))}
    </ul>
  );
}

function ReportCard({ report }: { report: Report }) {
  const t = useT();
  const intl = useIntl();
  const titleId = useId();
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card"
      >
        <h3 id={titleId} className="font-bold">
          {t('admin.reports.heading', {
            type: t(`report.type.${report.targetType}`),
            reason: t(`report.reasons.${report.reason}`),
          })}
        </h3>
        <p className="text-caption text-muted-foreground">
          {t('admin.reports.meta', {
            date: intl.formatDate(report.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
            reporter: report.reporter.name ?? report.reporter.contactEmail ?? '',
            same: report.sameItem,
          })}
        </p>
        {report.details && <p className="whitespace-pre-line break-words">{report.details}</p>}
        <ReportItem item={report.item} />
        {report.target && (
          <p className="text-label">
            {t('admin.reports.target', {
              name: report.target.name,
              email: report.target.email,
              prior: report.priorActions,
            })}
          </p>
        )}
        <DecisionForm report={report} />
      </article>
    </li>
  );
}

function DecisionForm({ report }: { report: Report }) {
  const t = useT();
  const id = useId();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const [action, setAction] = useState<Decision>('dismiss');
  const { formRef, values, set, message, ...form } = useSchemaForm({
    loadSchema,
    initial: () => ({ statement: '', suspendDays: '7' }),
    order: ['statement', 'suspendDays'],
    bounds: { statement: { max: LIMITS.moderation.statementMax } },
    toInput: (current) => ({
      reportId: report.id,
      action,
      statement: current.statement,
      suspendDays: action === 'suspend' ? Number(current.suspendDays) : undefined,
    }),
  });
  const decide = trpc.admin.decide.useMutation({
    onSuccess: () => {
      toast.success(t('admin.reports.decided'));
      void utils.admin.invalidate();
    },
    onError: (error) => {
      form.refused(error);
      toast.error(t('admin.reports.decideError'), { description: errorText(error) });
    },
  });
  const submit = form.submitWith((input) => decide.mutate(input), decide.isPending);
  const actionId = `${id}-action`;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 border-t border-border pt-3"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={actionId}>{t('admin.reports.action')}</Label>
        <select
          id={actionId}
          name="action"
          value={action}
          onChange={(event) => setAction(event.target.value as Decision)}
          className={CONTROL_CLASSES}
        >
          {REPORT_DECISIONS.map((option) => (
            <option key={option} value={option}>
              {t(`moderation.action.${option}`)}
            </option>
          ))}
        </select>
      </div>
      {action === 'suspend' && (
        <TextField
          label={t('admin.reports.days')}
          type="number"
          inputMode="numeric"
          min={1}
          max={LIMITS.moderation.suspendDaysMax}
          {...form.field('suspendDays')}
        />
      )}
      <TextareaField
        label={t('admin.reports.statement')}
        name="statement"
        rows={3}
        maxLength={LIMITS.moderation.statementMax}
        value={values.statement}
        onChange={(event) => set('statement', event.target.value)}
        error={message('statement')}
      />
      <Button type="submit" loading={decide.isPending} className="self-start">
        {t('admin.reports.submit')}
      </Button>
    </form>
  );
}
