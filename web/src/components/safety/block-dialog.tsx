import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog';

/** Everything a block can take out of view: read again after one. */
export function useBlockedRefresh() {
  const utils = trpc.useUtils();
  return () => {
    void utils.dogs.deck.invalidate();
    void utils.likes.requests.invalidate();
    void utils.likes.unreadCount.invalidate();
    void utils.chats.list.invalidate();
    void utils.events.invalidate();
    void utils.profiles.byUserId.invalidate();
    void utils.dogs.byId.invalidate();
    void utils.safety.blocked.invalidate();
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
    <Dialog open={user !== null} onOpenChange={(open) => !open && !block.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>{user && t('block.title', { name: user.name })}</DialogTitle>
        <DialogDescription>{t('block.text')}</DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={block.isPending}>
            {t('block.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={block.isPending}
            onClick={() => user && block.mutate({ userId: user.id })}
          >
            {t('block.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
