import { CalendarX, Dog, type LucideIcon, MessagesSquare, Trash2, TriangleAlert, UserX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { useErrorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { queryClient, renewRealtimeConnection, trpc } from '../../lib/trpc';
import { useT } from '../../lib/intl';

/** What goes with the account (SPEC §4 Account deletion, DECISIONS 5). */
const REMOVED: ReadonlyArray<{ key: string; icon: LucideIcon }> = [
  { key: 'dogs', icon: Dog },
  { key: 'events', icon: CalendarX },
  { key: 'chats', icon: MessagesSquare },
  { key: 'personal', icon: UserX },
];

/** Upper case without accents, so 'izbrisi' typed without a Slovenian keyboard counts too. */
const normalise = (text: string) => text.trim().normalize('NFD').replace(/\p{M}/gu, '').toLocaleUpperCase();

/**
 * The confirmation before the account is deleted for good: what goes, then the confirmation word typed
 * out. Afterwards nothing of the old session stays in the tab, and the visitor lands on the home page.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [typed, setTyped] = useState('');
  const word = t('account.delete.confirmWord');
  const confirmed = normalise(typed) === normalise(word);

  const remove = trpc.account.delete.useMutation({
    onSuccess: async () => {
      // Everything cached belonged to the deleted account; the socket still knows it as that user.
      await queryClient.cancelQueries();
      queryClient.clear();
      utils.auth.me.setData(undefined, null);
      renewRealtimeConnection();
      toast.success(t('account.delete.successTitle'), {
        description: t('account.delete.successText'),
        duration: 15_000,
      });
      void navigate('/', { replace: true });
    },
    onError: (error) => toast.error(t('account.delete.error'), { description: errorText(error) }),
  });

  const change = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) setTyped('');
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed && !remove.isPending) remove.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col">
          <span className="mb-4 flex size-14 items-center justify-center rounded-pill bg-danger-soft text-danger-strong">
            <TriangleAlert aria-hidden="true" className="size-7" />
          </span>
          <DialogTitle>{t('account.delete.title')}</DialogTitle>
          <DialogDescription>{t('account.delete.intro')}</DialogDescription>
          <ul className="mt-4 flex flex-col gap-2">
            {REMOVED.map(({ key, icon: Icon }) => (
              <li key={key} className="flex items-center gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-control bg-danger-soft text-danger-strong">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {t(`account.delete.item.${key}`)}
              </li>
            ))}
          </ul>
          <p className="mt-4 rounded-control bg-muted px-4 py-3 text-label">
            {t('account.delete.deletedUser')}
          </p>
          <div className="mt-5">
            <TextField
              label={t('account.delete.confirmLabel', { word })}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              disabled={remove.isPending}
            />
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => change(false)} disabled={remove.isPending}>
              {t('account.delete.cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={!confirmed} loading={remove.isPending}>
              <Trash2 aria-hidden="true" className="size-5" />
              {t('account.delete.confirm')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
