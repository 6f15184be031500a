import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { useErrorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import type { ChatSummary } from './types';
import { useT } from '../../lib/intl';
import { useRemoveChat } from './api';

interface DeleteChatDialogProps {
  /** The chat asked about; null keeps the dialog closed. */
  chat: ChatSummary | null;
  onClose: () => void;
  onDeleted?: (chatId: string) => void;
}

/** The confirmation before a chat and its messages are deleted for both people (SPEC §4 Chat). */
export function DeleteChatDialog({ chat, onClose, onDeleted }: DeleteChatDialogProps) {
  const t = useT();
  const errorText = useErrorText();
  const remove = useRemoveChat({
    onSuccess: ({ id }) => {
      toast.success(t('chat.toast.deleted'));
      onClose();
      onDeleted?.(id);
    },
    onError: (error) => toast.error(t('chat.deleteError'), { description: errorText(error) }),
  });

  return (
    <Dialog open={chat !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>{t('chat.confirm.title')}</DialogTitle>
        <DialogDescription>
          {chat && (chat.dog ? t('chat.confirm.text', { dog: chat.dog.name }) : t('chat.confirm.textNoDog'))}
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            {t('chat.confirm.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => chat && remove.mutate({ chatId: chat.id })}
          >
            <Trash2 aria-hidden="true" className="size-5" />
            {t('chat.confirm.delete')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
