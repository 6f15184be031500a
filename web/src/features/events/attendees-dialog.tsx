import { Ban, Check, Crown, Flag, RotateCcw, UserX, UsersRound, X } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Avatar } from '../../components/profile/avatar';
import { BlockDialog } from '../../components/safety/block-dialog';
import { ReportDialog } from '../../components/safety/report-dialog';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { useErrorText } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { dateAndTime } from './format';
import type { Attendee, EventView } from './types';
import { useDecideAttendee } from './api';
import { RemoveAttendeeDialog } from './remove-attendee-dialog';
import { toast } from '../../lib/toast';
import { useT } from '../../lib/intl';

interface AttendeesDialogProps {
  event: EventView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Who comes (SPEC Events): a count badge (the creator's seat included), then the creator (labelled) and the
 * others by join time, each with avatar, name and when they joined. The organiser also sees the waitlist
 * and the requests to approve, and can remove anyone or answer a request.
 */
export function AttendeesDialog({ event, open, onOpenChange }: AttendeesDialogProps) {
  const intl = useIntl();
  const t = useT();
  const errorText = useErrorText();
  const { user } = useSession();
  const attendees = trpc.events.attendees.useQuery({ eventId: event.id }, { enabled: open });
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const list = attendees.data;
  const others = list?.filter((person) => !person.isCreator).length ?? 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <div className="flex items-center gap-3 pr-10">
          <DialogTitle className="pr-0!">{t('events.attendees.title')}</DialogTitle>
          <span
            aria-label={t('events.attendees.countLabel', { count: event.currentAttendees })}
            className="inline-flex min-w-8 items-center justify-center rounded-pill bg-accent-soft px-2.5 py-0.5 text-label font-bold text-accent-strong"
          >
            {event.currentAttendees}
          </span>
        </div>
        <DialogDescription className="break-words">
          {t('events.attendees.text', { title: event.title })}
        </DialogDescription>
        <div className="mt-5">
          {attendees.isPending ? (
            <ul role="status" aria-label={t('common.loading')} className="flex flex-col gap-3">
              {[0, 1].map((key) => (
                <li key={key} aria-hidden="true" className="flex items-center gap-3">
                  <span className="size-12 animate-pulse rounded-pill bg-muted" />
                  <span className="flex flex-1 flex-col gap-2">
                    <span className="h-4 w-1/2 animate-pulse rounded-control bg-muted" />
                    <span className="h-3 w-1/3 animate-pulse rounded-control bg-muted" />
                  </span>
                </li>
              ))}
            </ul>
          ) : attendees.isError ? (
            <Alert title={t('events.attendees.loadError')}>
              <p>{errorText(attendees.error)}</p>
              <Button variant="outline" className="mt-2 self-start" onClick={() => void attendees.refetch()}>
                <RotateCcw aria-hidden="true" className="size-5" />
                {t('events.retry')}
              </Button>
            </Alert>
          ) : (
            <>
              <ul className="flex flex-col divide-y divide-border">
                {list?.map((person, index) => {
                  const when = dateAndTime(intl, person.joinedAt);
                  // Someone hidden from me (a block, a suspension) is counted, never named.
                  const name = person.userId ? person.fullName : t('events.attendees.hidden');
                  return (
                    // On a phone the row's buttons go under the name when they would squeeze it.
                    <li
                      key={person.userId ?? `hidden-${index}`}
                      className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 first:pt-0 last:pb-0"
                    >
                      <span className="flex min-w-0 flex-1 basis-48 items-center gap-3">
                        <Avatar fullName={name} photo={person.photo} size="sm" />
                        <span className="flex min-w-0 flex-1 flex-col">
                          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                            <span className="font-bold break-words">{name}</span>
                            {person.isCreator && (
                              <span className="inline-flex items-center gap-1 rounded-pill bg-primary-soft px-2 py-0.5 text-caption font-semibold text-primary-strong">
                                <Crown aria-hidden="true" className="size-3.5" />
                                {t('events.attendees.creator')}
                              </span>
                            )}
                            {person.status !== 'going' && (
                              <span className="rounded-pill bg-accent-soft px-2 py-0.5 text-caption font-semibold text-accent-strong">
                                {t(`events.attendees.status.${person.status}`)}
                              </span>
                            )}
                          </span>
                          <span className="text-caption text-muted-foreground">
                            {t(
                              person.isCreator ? 'events.attendees.created' : 'events.attendees.joined',
                              when,
                            )}
                          </span>
                        </span>
                      </span>
                      {person.userId && !person.isCreator && (
                        <span className="ml-auto flex shrink-0">
                          {event.isMine && (
                            <OrganiserActions
                              eventId={event.id}
                              person={{ id: person.userId, name, status: person.status }}
                              onRemove={setRemoving}
                            />
                          )}
                          {user && person.userId !== user.id && (
                            <PersonSafety person={{ id: person.userId, name }} />
                          )}
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
              {others === 0 && (
                <p className="mt-4 flex items-center gap-2 rounded-control bg-muted px-4 py-3 text-muted-foreground">
                  <UsersRound aria-hidden="true" className="size-5 shrink-0" />
                  {t('events.attendees.empty')}
                </p>
              )}
            </>
          )}
        </div>
        {event.isMine && (
          <RemoveAttendeeDialog eventId={event.id} person={removing} onClose={() => setRemoving(null)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The organiser's answer to a request (approve, decline) or the removal of someone (icons named for whom). */
function OrganiserActions({
  eventId,
  person,
  onRemove,
}: {
  eventId: string;
  person: { id: string; name: string; status: Attendee['status'] };
  /** Asks to confirm the removal (RemoveAttendeeDialog). */
  onRemove: (person: { id: string; name: string }) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const decide = useDecideAttendee({
    onSuccess: () => toast.success(t('events.attendees.decided')),
    onError: (error) => toast.error(t('events.toast.actionError'), { description: errorText(error) }),
  });
  const busy = decide.isPending;
  const icon =
    'inline-flex size-11 shrink-0 items-center justify-center rounded-control hover:bg-muted disabled:opacity-50';
  if (person.status === 'pending')
    return (
      <span className="flex shrink-0">
        <button
          type="button"
          disabled={busy}
          className={`${icon} text-success`}
          aria-label={t('events.attendees.approve', { name: person.name })}
          title={t('events.attendees.approve', { name: person.name })}
          onClick={() => decide.mutate({ eventId, userId: person.id, approve: true })}
        >
          <Check aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          disabled={busy}
          className={`${icon} text-danger`}
          aria-label={t('events.attendees.decline', { name: person.name })}
          title={t('events.attendees.decline', { name: person.name })}
          onClick={() => decide.mutate({ eventId, userId: person.id, approve: false })}
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </span>
    );
  return (
    <button
      type="button"
      disabled={busy}
      className={`${icon} text-danger`}
      aria-label={t('events.attendees.remove', { name: person.name })}
      title={t('events.attendees.remove', { name: person.name })}
      onClick={() => onRemove({ id: person.id, name: person.name })}
    >
      <UserX aria-hidden="true" className="size-5" />
    </button>
  );
}

/** Report or block one attendee, from their row (icons; the names say whom). */
function PersonSafety({ person }: { person: { id: string; name: string } }) {
  const t = useT();
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const icon =
    'inline-flex size-11 shrink-0 items-center justify-center rounded-control text-muted-foreground hover:bg-muted';
  return (
    <span className="flex shrink-0">
      <button
        type="button"
        className={icon}
        aria-label={t('report.openNamed', { name: person.name })}
        title={t('report.open.user')}
        onClick={() => setReporting(true)}
      >
        <Flag aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        className={icon}
        aria-label={t('block.open', { name: person.name })}
        title={t('block.open', { name: person.name })}
        onClick={() => setBlocking(true)}
      >
        <Ban aria-hidden="true" className="size-5" />
      </button>
      <ReportDialog
        target={reporting ? { type: 'user', id: person.id } : null}
        onClose={() => setReporting(false)}
      />
      <BlockDialog user={blocking ? person : null} onClose={() => setBlocking(false)} />
    </span>
  );
}
