import { UserX } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  focusHeadingUnder,
} from '../../components/ui/dialog';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { useRemoveAttendee } from './api';

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
    <Dialog open={person !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!removed.current) return;
          removed.current = false;
          event.preventDefault();
          focusHeadingUnder();
        }}
      >
        <DialogTitle>{t('events.attendees.removeTitle')}</DialogTitle>
        <DialogDescription className="break-words">
          {person && t('events.attendees.removeConfirm', { name: person.name })}
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            {t('events.confirm.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => person && remove.mutate({ eventId, userId: person.id })}
          >
            <UserX aria-hidden="true" className="size-5" />
            {t('events.attendees.removeAction')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
