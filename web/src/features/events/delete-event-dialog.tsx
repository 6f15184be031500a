import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { SERIES_SCOPES, type SeriesScope } from '#shared/domain/events';
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

/**
 * The confirmation before my event is cancelled for everyone taking part; an occurrence of a series asks
 * whether to cancel it alone or every upcoming one.
 */
export function DeleteEventDialog({ event, onClose, onDeleted }: DeleteEventDialogProps) {
  const t = useT();
  const [scope, setScope] = useState<SeriesScope>('one');
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
        {event?.seriesId && (
          <fieldset className="mt-4 flex flex-col gap-2">
            <legend className="font-semibold">{t('events.form.scope')}</legend>
            {SERIES_SCOPES.map((option) => (
              <label key={option} className="flex min-h-10 items-center gap-3">
                <input
                  type="radio"
                  name="delete-scope"
                  value={option}
                  checked={scope === option}
                  onChange={() => setScope(option)}
                  className="size-5 accent-primary"
                />
                {t(`events.form.scope.${option}`)}
              </label>
            ))}
          </fieldset>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            {t('events.confirm.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => event && remove.mutate({ id: event.id, scope })}
          >
            <Trash2 aria-hidden="true" className="size-5" />
            {t('events.confirm.delete')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
