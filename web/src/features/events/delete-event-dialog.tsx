import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { useErrorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import type { EventView } from './types';
import { useRemoveEvent } from './api';
import { useT } from '../../lib/intl';

interface DeleteEventDialogProps {
  /** The event asked about; null keeps the dialog closed. */
  event: EventView | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** The confirmation before my event is deleted for everyone who joined it. */
export function DeleteEventDialog({ event, onClose, onDeleted }: DeleteEventDialogProps) {
  const t = useT();
  const errorText = useErrorText();
  const remove = useRemoveEvent({
    onSuccess: () => {
      toast.success(t('events.toast.deleted'));
      onClose();
      onDeleted();
    },
    onError: (error) => toast.error(t('events.toast.deleteError'), { description: errorText(error) }),
  });

  return (
    <Dialog open={event !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>{t('events.confirm.title')}</DialogTitle>
        <DialogDescription className="break-words">
          {event && t('events.confirm.text', { title: event.title })}
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            {t('events.confirm.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => event && remove.mutate({ id: event.id })}
          >
            <Trash2 aria-hidden="true" className="size-5" />
            {t('events.confirm.delete')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
