import { ShieldCheck, ShieldX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';
import { MessagePanel } from '../../components/message-panel';
import { SignInRequired } from '../../components/sign-in-required';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { PageSpinner } from '../../components/ui/spinner';
import { useT } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { AppealsQueue } from './appeals-queue';
import { ReportsQueue } from './reports-queue';
import { SuggestionsQueue } from './suggestions-queue';

/**
 * The moderation console (/admin, admins only): the reports queue with each report's snapshot and context,
 * appeals, suggested changes to places, the audit log, and the announcements (`announcements`, composed in by
 * the app).
 */
export function AdminPage({ announcements }: { announcements: ReactNode }) {
  const t = useT();
  const { user, isLoading } = useSession();
  const [tab, setTab] = useState('reports');
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInRequired icon={ShieldCheck} messages="admin.signedOut" />;
  if (user.role !== 'admin')
    return (
      <MessagePanel icon={ShieldX} title={t('admin.forbidden.title')}>
        <p>{t('admin.forbidden.text')}</p>
      </MessagePanel>
    );
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-headline font-extrabold">{t('admin.title')}</h1>
        <p className="mt-1 text-lead text-muted-foreground">{t('admin.subtitle')}</p>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="reports">{t('admin.tabs.reports')}</TabsTrigger>
          <TabsTrigger value="appeals">{t('admin.tabs.appeals')}</TabsTrigger>
          <TabsTrigger value="suggestions">{t('admin.tabs.suggestions')}</TabsTrigger>
          <TabsTrigger value="log">{t('admin.tabs.log')}</TabsTrigger>
          <TabsTrigger value="announcements">{t('admin.tabs.announcements')}</TabsTrigger>
        </TabsList>
        <TabsContent value="reports" className="mt-4">
          <ReportsQueue />
        </TabsContent>
        <TabsContent value="appeals" className="mt-4">
          <AppealsQueue />
        </TabsContent>
        <TabsContent value="suggestions" className="mt-4">
          <SuggestionsQueue />
        </TabsContent>
        <TabsContent value="log" className="mt-4">
          <AuditLog />
        </TabsContent>
        <TabsContent value="announcements" className="mt-4">
          {announcements}
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** Every moderator action, newest first. */
function AuditLog() {
  const t = useT();
  const intl = useIntl();
  const log = trpc.admin.auditLog.useQuery();
  if (log.isPending) return <PageSpinner />;
  if (!log.data?.length) return <p className="text-muted-foreground">{t('admin.log.empty')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {log.data.map((entry) => (
        <li key={entry.id} className="rounded-control border border-border bg-surface p-3">
          <p className="text-label">
            <strong>{t(`moderation.action.${entry.action}`)}</strong>
            {' · '}
            {t('admin.log.line', {
              admin: entry.admin || t('requests.unknownUser'),
              target: entry.target ?? t('requests.unknownUser'),
              date: intl.formatDate(entry.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </p>
          <p className="text-label whitespace-pre-line text-muted-foreground break-words">
            {entry.statement}
          </p>
        </li>
      ))}
    </ul>
  );
}
