import clsx from 'clsx';
import { Megaphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Empty, LIST_AREA, Loading, LoadError } from '../../components/list-states';
import { useErrorText } from '../../lib/errors';
import { useNow } from '../../lib/relative-time';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { AnnouncementCard } from './announcement-card';
import { AnnouncementForm } from './announcement-form';
import { useT } from '../../lib/intl';

/** The system announcements, newest first (SPEC §2 Posodobitve); an admin gets the form above them. */
export function AnnouncementsList() {
  const t = useT();
  const errorText = useErrorText();
  const now = useNow();
  const { user } = useSession();
  const admin = user?.role === 'admin';
  const list = trpc.announcements.list.useQuery();

  let body: ReactNode;
  if (list.isPending) body = <Loading />;
  else if (list.isError)
    body = (
      <LoadError title={t('announcements.fetchError')} onRetry={() => void list.refetch()}>
        {errorText(list.error)}
      </LoadError>
    );
  else if (!list.data.length)
    body = (
      <Empty icon={<Megaphone aria-hidden="true" className="size-6" />} title={t('announcements.empty')}>
        {t('announcements.emptyText')}
      </Empty>
    );
  else
    body = (
      <ul className="flex flex-col gap-2">
        {list.data.map((announcement) => (
          <AnnouncementCard key={announcement.id} announcement={announcement} now={now} admin={admin} />
        ))}
      </ul>
    );
  return (
    <div className="flex flex-col gap-4">
      {admin && <AnnouncementForm />}
      {/* Focusable only when it has a list to scroll. */}
      <div className={clsx(LIST_AREA, 'mt-0')} tabIndex={list.data?.length ? 0 : undefined}>
        {body}
      </div>
    </div>
  );
}
