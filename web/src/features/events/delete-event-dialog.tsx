import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SeriesScope } from '#shared/domain/events';
import { useErrorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { SeriesScopeField } from './series-scope-field';
import type { EventView } from './types';
import { useRemoveEvent } from './api';
import { useT } from '../../lib/intl';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

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
    <ConfirmDialog
      open={event !== null}
      busy={remove.isPending}
      title={t('events.confirm.title')}
      description={event && t('events.confirm.text', { title: event.title })}
      cancelLabel={t('events.confirm.cancel')}
      confirmLabel={t('events.confirm.delete')}
      icon={Trash2}
      onConfirm={() => event && remove.mutate({ id: event.id, scope })}
      onClose={onClose}
    >
      {event?.seriesId && (
        <SeriesScopeField name="delete-scope" value={scope} onChange={setScope} className="mt-4" />
      )}
    </ConfirmDialog>
  );
}
