import clsx from 'clsx';
import { Ban, Hourglass, ListPlus, LogIn, UserMinus, UserPlus } from 'lucide-react';
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
 * Pridruži se / Zapusti, and when the event is full, the waitlist: join it, see my place, leave it. An event
 * that needs approval takes a request. A signed-out visitor is asked to sign in without asking the server.
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
  const join = useJoinEvent({
    onSuccess: (joined) =>
      toast.success(
        joined.myStatus === 'waiting'
          ? t('events.toast.waiting', { position: joined.waitlistPosition ?? 1 })
          : joined.myStatus === 'pending'
            ? t('events.toast.requested')
            : t('events.toast.joined'),
      ),
    onError: failed,
  });
  const leave = useLeaveEvent({
    onSuccess: () => toast.success(t(event.isAttending ? 'events.toast.left' : 'events.toast.leftLine')),
    onError: failed,
  });
  const busy = join.isPending || leave.isPending;
  const classes = clsx('w-full', className);
  const status = user ? event.myStatus : null;

  if (status === 'going' || status === 'waiting' || status === 'pending')
    return (
      <div className={clsx('flex flex-col gap-2', className)}>
        {status !== 'going' && (
          <p className="flex items-center gap-2 rounded-control bg-accent-soft px-3 py-2 text-label font-semibold text-accent-strong">
            <Hourglass aria-hidden="true" className="size-4.5 shrink-0" />
            {status === 'waiting'
              ? event.waitlistPosition
                ? t('events.waitlist.position', { position: event.waitlistPosition })
                : t('events.waitlist.on')
              : t('events.approval.pending')}
          </p>
        )}
        <Button
          variant="outline"
          className="w-full"
          loading={busy}
          onClick={() => leave.mutate({ id: event.id })}
          aria-label={t(status === 'going' ? 'events.leaveNamed' : `events.leaveNamed.${status}`, {
            title: event.title,
          })}
        >
          <UserMinus aria-hidden="true" className="size-5" />
          {t(status === 'going' ? 'events.leave' : `events.leave.${status}`)}
        </Button>
      </div>
    );
  if (status === 'removed')
    return (
      <Button variant="outline" className={classes} disabled>
        <Ban aria-hidden="true" className="size-5" />
        {t('events.removed')}
      </Button>
    );
  const full = isFull(event) && !event.requiresApproval;
  return (
    <Button
      variant={full ? 'outline' : undefined}
      className={classes}
      loading={busy}
      aria-label={t(
        full
          ? 'events.waitlist.joinNamed'
          : event.requiresApproval
            ? 'events.askToJoinNamed'
            : 'events.joinNamed',
        { title: event.title },
      )}
      onClick={() => {
        if (user) return join.mutate({ id: event.id, waitlist: full });
        toast.error(t('events.toast.signIn.title'), {
          description: t('events.toast.signIn.text'),
          action: { label: t('events.toast.signIn.action'), onClick: () => void navigate('/auth') },
        });
      }}
    >
      {!user ? (
        <LogIn aria-hidden="true" className="size-5" />
      ) : full ? (
        <ListPlus aria-hidden="true" className="size-5" />
      ) : (
        <UserPlus aria-hidden="true" className="size-5" />
      )}
      {t(full ? 'events.waitlist.join' : event.requiresApproval ? 'events.askToJoin' : 'events.join')}
    </Button>
  );
}
