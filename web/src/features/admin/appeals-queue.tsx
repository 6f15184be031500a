import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LIMITS } from '#shared/limits';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { TextareaField } from '../../components/ui/textarea-field';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import type { Appeal } from './types';

/** Open appeals, oldest first: the decision, the user's reasons, and the answer (keep it or reverse it). */
export function AppealsQueue() {
  const t = useT();
  const appeals = trpc.admin.appeals.useQuery();
  if (appeals.isPending) return <PageSpinner />;
  if (!appeals.data?.length) return <p className="text-muted-foreground">{t('admin.appeals.empty')}</p>;
  return (
    <ul className="flex flex-col gap-4">
      {appeals.data.map((appeal) => (
        <AppealCard key={appeal.id} appeal={appeal} />
      ))}
    </ul>
  );
}

function AppealCard({ appeal }: { appeal: Appeal }) {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const [statement, setStatement] = useState('');
  const decide = trpc.admin.decideAppeal.useMutation({
    onSuccess: () => {
      toast.success(t('admin.appeals.decided'));
      void utils.admin.invalidate();
    },
    onError: (error) => toast.error(t('admin.appeals.decideError'), { description: errorText(error) }),
  });
  const answer = (reverse: boolean) => decide.mutate({ appealId: appeal.id, reverse, statement });
  return (
    <li className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card">
      <h3 className="font-bold">
        {t('admin.appeals.heading', {
          name: appeal.user.name,
          action: t(`moderation.action.${appeal.decision.action}`),
        })}
      </h3>
      <p className="text-caption text-muted-foreground">
        {intl.formatDate(appeal.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
      </p>
      <blockquote className="border-l-2 border-border pl-3 text-label text-muted-foreground">
        {appeal.decision.statement}
      </blockquote>
      <p className="whitespace-pre-line break-words">{appeal.text}</p>
      <TextareaField
        label={t('admin.appeals.statement')}
        name="statement"
        rows={3}
        maxLength={LIMITS.moderation.statementMax}
        value={statement}
        onChange={(event) => setStatement(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={!statement.trim() || decide.isPending}
          onClick={() => answer(false)}
        >
          {t('admin.appeals.uphold')}
        </Button>
        <Button disabled={!statement.trim() || decide.isPending} onClick={() => answer(true)}>
          {t('admin.appeals.reverse')}
        </Button>
      </div>
    </li>
  );
}
