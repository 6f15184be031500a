import { CalendarSync, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { localLongDate } from '../../lib/long-date';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/**
 * Settings → my calendar (issue 21): a private feed of every event I organise or have a seat at, for any
 * calendar app (webcal://). Its secret address is shown once, when made; a new one replaces it, and
 * revoking ends it.
 */
export function CalendarFeedSettings() {
  const t = useT();
  const [locale] = useLocale();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const status = trpc.events.calendarFeed.useQuery();
  const [made, setMade] = useState<{ url: string; webcal: string } | null>(null);
  const failed = (error: unknown) => toast.error(t('calendar.error'), { description: errorText(error) });
  const create = trpc.events.createCalendarFeed.useMutation({
    onSuccess: (feed) => {
      setMade(feed);
      void utils.events.calendarFeed.invalidate();
    },
    onError: failed,
  });
  const revoke = trpc.events.revokeCalendarFeed.useMutation({
    onSuccess: () => {
      setMade(null);
      toast.success(t('calendar.revoked'));
      void utils.events.calendarFeed.invalidate();
    },
    onError: failed,
  });
  const since = status.data?.createdAt;
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-4">
      <h3 className="flex items-center gap-2 font-bold">
        <CalendarSync aria-hidden="true" className="size-4.5 text-muted-foreground" />
        {t('calendar.title')}
      </h3>
      <p className="text-label text-muted-foreground">{t('calendar.intro')}</p>
      {made ? (
        <div className="flex flex-col gap-2 rounded-control border border-border bg-background p-3">
          <p className="text-label font-semibold">{t('calendar.onlyNow')}</p>
          <code className="text-caption break-all">{made.url}</code>
          <div className="flex flex-wrap gap-2">
            <a
              href={made.webcal}
              className="inline-flex min-h-11 items-center gap-2 rounded-control bg-primary px-4 font-semibold text-primary-foreground"
            >
              <CalendarSync aria-hidden="true" className="size-4.5" />
              {t('calendar.subscribe')}
            </a>
            <Button
              variant="outline"
              onClick={() =>
                void navigator.clipboard.writeText(made.url).then(
                  () => toast.success(t('calendar.copied')),
                  () => toast.error(t('calendar.copyFailed')),
                )
              }
            >
              <Copy aria-hidden="true" className="size-4.5" />
              {t('calendar.copy')}
            </Button>
          </div>
        </div>
      ) : since ? (
        <p className="text-label">{t('calendar.active', { date: localLongDate(since, locale) })}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant={since ? 'outline' : undefined}
          loading={create.isPending}
          onClick={() => create.mutate()}
        >
          {since ? (
            <RefreshCw aria-hidden="true" className="size-4.5" />
          ) : (
            <CalendarSync aria-hidden="true" className="size-4.5" />
          )}
          {t(since ? 'calendar.regenerate' : 'calendar.create')}
        </Button>
        {since && (
          <Button variant="outline" loading={revoke.isPending} onClick={() => revoke.mutate()}>
            <Trash2 aria-hidden="true" className="size-4.5" />
            {t('calendar.revoke')}
          </Button>
        )}
      </div>
    </div>
  );
}
