import { UserX } from 'lucide-react';
import { useRef } from 'react';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { useRemoveAttendee } from './api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { focusHeadingUnder } from '../../components/ui/dialog';

interface RemoveAttendeeDialogProps {
  eventId: string;
  /** The person asked about; null keeps the dialog closed. */
  person: { id: string; name: string } | null;
  onClose: () => void;
}

/**
 * The organiser's confirmation before someone is removed from the event (they are told and cannot join
 * again): asked once more, never one tap.
 */
export function RemoveAttendeeDialog({ eventId, person, onClose }: RemoveAttendeeDialogProps) {
  const t = useT();
  const errorText = useErrorText();
  // Removed: their row (the opener) is gone, so the focus goes to the attendee list's heading.
  const removed = useRef(false);
  const remove = useRemoveAttendee({
    onSuccess: () => {
      if (person) toast.success(t('events.attendees.removedToast', { name: person.name }));
      removed.current = true;
      onClose();
    },
    onError: (error) => toast.error(t('events.toast.actionError'), { description: errorText(error) }),
  });
  return (
    <ConfirmDialog
      open={person !== null}
      busy={remove.isPending}
      title={t('events.attendees.removeTitle')}
      description={person && t('events.attendees.removeConfirm', { name: person.name })}
      cancelLabel={t('events.confirm.cancel')}
      confirmLabel={t('events.attendees.removeAction')}
      icon={UserX}
      onConfirm={() => person && remove.mutate({ eventId, userId: person.id })}
      onClose={onClose}
      onCloseAutoFocus={(event) => {
        if (!removed.current) return;
        removed.current = false;
        event.preventDefault();
        focusHeadingUnder();
      }}
    />
  );
}
