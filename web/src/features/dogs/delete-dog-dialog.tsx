import { Trash2 } from 'lucide-react';
import type { Dog } from '../../components/dogs/types';
import { useT } from '../../lib/intl';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

interface DeleteDogDialogProps {
  /** The dog asked about; null keeps the dialog closed. */
  dog: Dog | null;
  pending: boolean;
  onConfirm: (dog: Dog) => void;
  onClose: () => void;
}

/** Deleting a dog takes its photos, requests and chats with it: asked once more, never one tap. */
export function DeleteDogDialog({ dog, pending, onConfirm, onClose }: DeleteDogDialogProps) {
  const t = useT();
  return (
    <ConfirmDialog
      open={dog !== null}
      busy={pending}
      title={dog && t('dogs.confirm.title', { name: dog.name })}
      description={t('dogs.confirm.text')}
      cancelLabel={t('dogs.confirm.cancel')}
      confirmLabel={t('dogs.confirm.delete')}
      icon={Trash2}
      onConfirm={() => dog && onConfirm(dog)}
      onClose={onClose}
    />
  );
}
