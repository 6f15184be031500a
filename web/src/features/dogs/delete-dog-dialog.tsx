import { Trash2 } from 'lucide-react';
import type { Dog } from '../../components/dogs/types';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { useT } from '../../lib/intl';

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
    <Dialog open={dog !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <DialogTitle>{dog && t('dogs.confirm.title', { name: dog.name })}</DialogTitle>
        <DialogDescription>{t('dogs.confirm.text')}</DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t('dogs.confirm.cancel')}
          </Button>
          <Button variant="danger" loading={pending} onClick={() => dog && onConfirm(dog)}>
            <Trash2 aria-hidden="true" className="size-5" />
            {t('dogs.confirm.delete')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
