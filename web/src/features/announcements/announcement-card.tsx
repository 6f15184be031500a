import clsx from 'clsx';
import { Megaphone, Sparkles, Trash2, Wrench, type LucideIcon, Info } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useIntl } from 'react-intl';
import { INTL_TAG } from '#shared/i18n';
import type { UpdateType } from '#shared/schemas/announcements';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { localLongDate } from '../../lib/long-date';
import { relativeTime } from '../../lib/relative-time';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { SafetyActions } from '../../components/safety/safety-actions';
import { useRemoveAnnouncement } from './api';
import type { Announcement } from './types';

/** Each announcement type's badge: its icon and colours. */
const TYPES: Record<UpdateType, { icon: LucideIcon; tone: string }> = {
  general: { icon: Info, tone: 'bg-muted text-muted-foreground' },
  feature: { icon: Sparkles, tone: 'bg-accent-soft text-accent-strong' },
  maintenance: { icon: Wrench, tone: 'bg-danger-soft text-danger-strong' },
  announcement: { icon: Megaphone, tone: 'bg-primary-soft text-primary-strong' },
};

/** A system announcement: type badge, title, when, the text; the admin may take it down. */
export function AnnouncementCard({
  announcement,
  now,
  admin,
}: {
  announcement: Announcement;
  now: number;
  admin: boolean;
}) {
  const intl = useIntl();
  const [locale] = useLocale();
  const { icon: Icon, tone } = TYPES[announcement.updateType];
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  // Back to the button that asked, so the keyboard focus is not lost with the question.
  const cancel = () => {
    flushSync(() => setConfirming(false));
    removeButton.current?.focus();
  };
  return (
    <li>
      <article className="flex flex-col gap-2 rounded-control border border-border bg-surface p-4">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span
            className={clsx(
              'inline-flex items-center gap-1 rounded-pill px-2 py-0.5 text-caption font-semibold',
              tone,
            )}
          >
            <Icon aria-hidden="true" className="size-3.5" />
            {intl.formatMessage({ id: `announcements.type.${announcement.updateType}` })}
          </span>
          <time
            dateTime={announcement.createdAt.toISOString()}
            title={localLongDate(announcement.createdAt, locale, { time: true })}
            className="text-caption text-muted-foreground"
          >
            {relativeTime(announcement.createdAt, now, INTL_TAG[locale])}
          </time>
          {admin && !confirming && (
            <button
              ref={removeButton}
              type="button"
              onClick={() => setConfirming(true)}
              aria-label={intl.formatMessage(
                { id: 'announcements.removeNamed' },
                { title: announcement.title },
              )}
              className="-my-2 -mr-2 ml-auto inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-control px-3 text-label font-semibold text-danger hover:bg-danger-soft"
            >
              <Trash2 aria-hidden="true" className="size-5 sm:size-4" />
              {/* Phones: the icon alone (the button's name says what it removes). */}
              <span className="hidden sm:inline">{intl.formatMessage({ id: 'announcements.remove' })}</span>
            </button>
          )}
        </div>
        <h3 className="text-body font-bold break-words">{announcement.title}</h3>
        <p className="text-label whitespace-pre-line text-muted-foreground break-words">
          {announcement.content}
        </p>
        {confirming && <ConfirmRemoval announcement={announcement} onCancel={cancel} />}
        {!admin && (
          <SafetyActions target={{ type: 'announcement', id: announcement.id }} className="-mb-2 -ml-3" />
        )}
      </article>
    </li>
  );
}

/** The admin's second, explicit click that takes an announcement down (a soft delete). */
function ConfirmRemoval({ announcement, onCancel }: { announcement: Announcement; onCancel: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const remove = useRemoveAnnouncement({
    onSuccess: () => {
      toast.success(t('announcements.toast.removed'));
    },
    onError: (error) => {
      onCancel();
      toast.error(t('announcements.toast.removeError'), { description: errorText(error) });
    },
  });

  return (
    <div
      role="group"
      aria-label={t('announcements.removeNamed', { title: announcement.title })}
      className="flex flex-col gap-3 rounded-control bg-danger-soft p-3 sm:flex-row sm:items-center"
    >
      <p className="flex-1 text-label font-medium text-danger-strong">{t('announcements.removeConfirm')}</p>
      <div className="flex gap-2">
        {/* The question takes the focus from the button that asked it. */}
        <Button variant="outline" onClick={onCancel} disabled={remove.isPending} autoFocus>
          {t('announcements.cancel')}
        </Button>
        <Button
          variant="danger"
          loading={remove.isPending}
          onClick={() => remove.mutate({ id: announcement.id })}
        >
          {t('announcements.remove')}
        </Button>
      </div>
    </div>
  );
}
