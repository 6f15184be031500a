import { Ban } from 'lucide-react';
import { Avatar } from '../../components/profile/avatar';
import { useBlockedRefresh } from '../../components/safety/block-dialog';
import { Button } from '../../components/ui/button';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/** The people I blocked, each with "Odblokiraj" (issue 18). Who blocked me is never shown. */
export function BlockedUsers() {
  const t = useT();
  const errorText = useErrorText();
  const blocked = trpc.safety.blocked.useQuery();
  const refresh = useBlockedRefresh();
  const unblock = trpc.safety.unblock.useMutation({
    onSuccess: () => {
      toast.success(t('block.undone'));
      refresh();
    },
    onError: (error) => toast.error(t('block.unblockError'), { description: errorText(error) }),
  });
  return (
    <div className="flex flex-col gap-2 border-t border-border pt-4">
      <h3 className="flex items-center gap-2 font-bold">
        <Ban aria-hidden="true" className="size-4.5 text-muted-foreground" />
        {t('block.listTitle')}
      </h3>
      {blocked.data?.length ? (
        <ul className="flex flex-col gap-2">
          {blocked.data.map((person) => (
            <li key={person.userId} className="flex items-center gap-3">
              <Avatar fullName={person.fullName} photo={person.photo} size="sm" />
              <span className="min-w-0 flex-1 font-semibold break-words">{person.fullName}</span>
              <Button
                variant="outline"
                loading={unblock.isPending && unblock.variables?.userId === person.userId}
                onClick={() => unblock.mutate({ userId: person.userId })}
                aria-label={t('block.unblockNamed', { name: person.fullName })}
              >
                {t('block.unblock')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-label text-muted-foreground">
          {blocked.isPending ? t('common.loading') : t('block.none')}
        </p>
      )}
    </div>
  );
}
