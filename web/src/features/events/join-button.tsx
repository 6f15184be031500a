import clsx from 'clsx';
import { Ban, LogIn, UserMinus, UserPlus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { appErrorOf, useErrorText } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import type { EventView } from './types';
import { useEventCache } from './use-event-cache';

/** Whether nobody else may join (SPEC §4: full when current ≥ max, unless already attending). */
export const isFull = (event: EventView) => event.currentAttendees >= event.maxAttendees;

interface JoinButtonProps {
  /** Not the creator's own event: they edit it instead. */
  event: EventView;
  className?: string;
}

/**
 * Pridruži se / Zapusti / Dogodek poln. A signed-out visitor is asked to sign in without asking the server.
 */
export function JoinButton({ event, className }: JoinButtonProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { user } = useSession();
  const cache = useEventCache();

  const failed = (error: unknown) => {
    const app = appErrorOf(error);
    // The general sentence, and what went wrong when the server said (e.g. 'Dogodek je poln').
    const detail = app?.appCode === 'INTERNAL' ? undefined : errorText(error);
    toast.error(t('events.toast.actionError'), detail ? { description: detail } : undefined);
    cache.refresh(event.id);
  };
  const join = trpc.events.join.useMutation({
    onSuccess: (joined) => {
      cache.saved(joined);
      toast.success(t('events.toast.joined'));
    },
    onError: failed,
  });
  const leave = trpc.events.leave.useMutation({
    onSuccess: (left) => {
      cache.saved(left);
      toast.success(t('events.toast.left'));
    },
    onError: failed,
  });
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
