import clsx from 'clsx';
import { Megaphone } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { type DatedEntry, Empty, LIST_AREA, Loading, LoadError } from '../../components/list-states';
import { useErrorText } from '../../lib/errors';
import { useNow } from '../../lib/relative-time';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { AnnouncementCard } from './announcement-card';
import { AnnouncementForm } from './announcement-form';
import { useT } from '../../lib/intl';

/**
 * The system announcements, newest first (SPEC §2 Posodobitve), with `alongside` (the user's notices that
 * belong there, drawn by their own feature) among them by date; an admin gets the form above them.
 */
export function AnnouncementsList({ alongside = [] }: { alongside?: readonly DatedEntry[] }) {
  const t = useT();
  const errorText = useErrorText();
  const now = useNow();
  const { user } = useSession();
  const admin = user?.role === 'admin';
  const list = trpc.announcements.list.useQuery();

  let body: ReactNode;
  let entries = 0;
  if (list.isPending) body = <Loading />;
  else if (list.isError)
    body = (
      <LoadError title={t('announcements.fetchError')} onRetry={() => void list.refetch()}>
        {errorText(list.error)}
      </LoadError>
    );
  else {
    const all = [
      ...list.data.map((announcement) => ({
        key: announcement.id,
        at: announcement.createdAt,
        node: <AnnouncementCard announcement={announcement} now={now} admin={admin} />,
      })),
      ...alongside,
    ].sort((a, b) => b.at.getTime() - a.at.getTime());
    entries = all.length;
    body = entries ? (
      <ul className="flex flex-col gap-2">
        {all.map((entry) => (
          <Fragment key={entry.key}>{entry.node}</Fragment>
        ))}
      </ul>
    ) : (
      <Empty icon={<Megaphone aria-hidden="true" className="size-6" />} title={t('announcements.empty')}>
        {t('announcements.emptyText')}
      </Empty>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {admin && <AnnouncementForm />}
      {/* Focusable only when it has a list to scroll. */}
      <div className={clsx(LIST_AREA, 'mt-0')} tabIndex={entries ? 0 : undefined}>
        {body}
      </div>
    </div>
  );
}
