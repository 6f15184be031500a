import clsx from 'clsx';
import { Ban, LogIn, UserMinus, UserPlus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { isFull } from '#shared/domain/events';
import { Button } from '../../components/ui/button';
import { appErrorOf, useErrorText } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import type { EventView } from './types';
import { useJoinEvent, useLeaveEvent } from './api';
import { useT } from '../../lib/intl';

interface JoinButtonProps {
  /** Not the creator's own event: they edit it instead. */
  event: EventView;
  className?: string;
}

/**
 * Pridruži se / Zapusti / Dogodek poln. A signed-out visitor is asked to sign in without asking the server.
 */
export function JoinButton({ event, className }: JoinButtonProps) {
  const t = useT();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { user } = useSession();

  const failed = (error: unknown) => {
    const app = appErrorOf(error);
    // The general sentence, and what went wrong when the server said (e.g. 'Dogodek je poln').
    const detail = app?.appCode === 'INTERNAL' ? undefined : errorText(error);
    toast.error(t('events.toast.actionError'), detail ? { description: detail } : undefined);
  };
  const join = useJoinEvent({ onSuccess: () => toast.success(t('events.toast.joined')), onError: failed });
  const leave = useLeaveEvent({ onSuccess: () => toast.success(t('events.toast.left')), onError: failed });
  const busy = join.isPending || leave.isPending;
  const classes = clsx('w-full', className);

  if (event.isAttending && user)
    return (
      <Button
        variant="outline"
        className={classes}
        loading={busy}
        onClick={() => leave.mutate({ id: event.id })}
        aria-label={t('events.leaveNamed', { title: event.title })}
      >
        <UserMinus aria-hidden="true" className="size-5" />
        {t('events.leave')}
      </Button>
    );
  if (isFull(event))
    return (
      <Button variant="outline" className={classes} disabled>
        <Ban aria-hidden="true" className="size-5" />
        {t('events.full')}
      </Button>
    );
  return (
    <Button
      className={classes}
      loading={busy}
      aria-label={t('events.joinNamed', { title: event.title })}
      onClick={() => {
        if (user) return join.mutate({ id: event.id });
        toast.error(t('events.toast.signIn.title'), {
          description: t('events.toast.signIn.text'),
          action: { label: t('events.toast.signIn.action'), onClick: () => void navigate('/auth') },
        });
      }}
    >
      {user ? (
        <UserPlus aria-hidden="true" className="size-5" />
      ) : (
        <LogIn aria-hidden="true" className="size-5" />
      )}
      {t('events.join')}
    </Button>
  );
}
