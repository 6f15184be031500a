import { Trash2 } from 'lucide-react';
import { useErrorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import type { ChatSummary } from './types';
import { useT } from '../../lib/intl';
import { useRemoveChat } from './api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

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
    <ConfirmDialog
      open={chat !== null}
      busy={remove.isPending}
      title={t('chat.confirm.title')}
      description={
        chat && (chat.dog ? t('chat.confirm.text', { dog: chat.dog.name }) : t('chat.confirm.textNoDog'))
      }
      cancelLabel={t('chat.confirm.cancel')}
      confirmLabel={t('chat.confirm.delete')}
      icon={Trash2}
      onConfirm={() => chat && remove.mutate({ chatId: chat.id })}
      onClose={onClose}
    />
  );
}
