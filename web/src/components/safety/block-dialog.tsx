import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../ui/confirm-dialog';

/** Everything a block can take out of view: read again after one. */
export function useBlockedRefresh() {
  const utils = trpc.useUtils();
  return () => {
    void utils.dogs.deck.invalidate();
    void utils.requests.list.invalidate();
    void utils.requests.unreadCount.invalidate();
    void utils.chats.list.invalidate();
    void utils.events.invalidate();
    void utils.profiles.byUserId.invalidate();
    void utils.dogs.byId.invalidate();
    void utils.safety.blocked.invalidate();
    // The profile counts only matches with people not hidden.
    void utils.profiles.stats.invalidate();
  };
}

/** The confirmation before blocking someone: what it does, and that it can be undone in the settings. */
export function BlockDialog({
  user,
  onClose,
  onBlocked,
}: {
  user: { id: string; name: string } | null;
  onClose: () => void;
  onBlocked?: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const refresh = useBlockedRefresh();
  const block = trpc.safety.block.useMutation({
    onSuccess: () => {
      toast.success(t('block.done', { name: user?.name ?? '' }));
      refresh();
      onClose();
      onBlocked?.();
    },
    onError: (error) => toast.error(t('block.error'), { description: errorText(error) }),
  });
  return (
    <ConfirmDialog
      open={user !== null}
      busy={block.isPending}
      title={user && t('block.title', { name: user.name })}
      description={t('block.text')}
      cancelLabel={t('block.cancel')}
      confirmLabel={t('block.confirm')}
      onConfirm={() => user && block.mutate({ userId: user.id })}
      onClose={onClose}
    />
  );
}
