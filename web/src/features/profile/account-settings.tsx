import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useErrorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { AccessTokens } from './access-tokens';
import { BlockedUsers } from './blocked-users';
import { DeleteAccountDialog } from './delete-account-dialog';
import { NotificationSettings } from './notification-settings';
import { CalendarFeedSettings } from './calendar-feed-settings';
import { useT } from '../../lib/intl';

/** `tacke-izvoz-YYYY-MM-DD.json`, with today's local date. */
export function exportFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `tacke-izvoz-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** Hands the browser a file to save, through a temporary object URL and link. */
function download(data: unknown, fileName: string) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Profile settings: take my data with me, notifications, access tokens for scripts, blocked people, or delete
 * the account (SPEC Profile, DECISIONS 5). The section and its heading are the profile page's, shown while
 * this (its own chunk) loads.
 */
export function AccountSettings() {
  const t = useT();
  const errorText = useErrorText();
  const [deleting, setDeleting] = useState(false);
  const exportData = trpc.account.export.useMutation({
    onSuccess: (data) => {
      download(data, exportFileName());
      toast.success(t('account.export.success'));
    },
    onError: (error) => toast.error(t('account.export.error'), { description: errorText(error) }),
  });
  return (
    <>
      {/* Wide screens: the notifications beside the rest, each column as long as it needs. */}
      <div className="grid grid-cols-1 items-start gap-x-10 gap-y-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-2">
            <p className="text-label text-muted-foreground">{t('account.export.text')}</p>
            <Button
              variant="outline"
              className="sm:self-start"
              loading={exportData.isPending}
              onClick={() => exportData.mutate()}
            >
              <Download aria-hidden="true" className="size-5" />
              {t('account.export.button')}
            </Button>
          </div>
          <NotificationSettings />
        </div>
        <div className="flex min-w-0 flex-col gap-4 max-lg:border-t max-lg:border-border max-lg:pt-4 lg:[&>*:first-child]:border-t-0 lg:[&>*:first-child]:pt-0">
          <AccessTokens />
          <CalendarFeedSettings />
          <BlockedUsers />
          <div className="flex flex-col gap-2 border-t border-border pt-4">
            <p className="text-label text-muted-foreground">{t('account.delete.text')}</p>
            <button
              type="button"
              onClick={() => setDeleting(true)}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-control border border-danger/40 bg-surface px-5 font-semibold text-danger transition-colors hover:bg-danger-soft"
            >
              <Trash2 aria-hidden="true" className="size-5" />
              {t('account.delete.button')}
            </button>
          </div>
        </div>
      </div>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </>
  );
}
