import clsx from 'clsx';
import { LoaderCircle, WifiOff } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useOnline } from '../../lib/connectivity';

/** A decorative spinning icon; pair it with visible text or use PageSpinner. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={clsx('animate-spin', className)} />;
}

/**
 * An area whose content is loading, announced to screen readers as 'Nalaganje...'. Offline nothing is on its
 * way: it says so, and what happens next, instead of spinning.
 */
export function LoadingArea({ className, iconClassName }: { className?: string; iconClassName?: string }) {
  const intl = useIntl();
  const online = useOnline();
  return (
    <div
      role="status"
      className={clsx(
        'flex items-center justify-center',
        online ? 'text-primary' : 'flex-col gap-2 px-4 text-center text-muted-foreground',
        className,
      )}
    >
      {online ? (
        <Spinner className={iconClassName} />
      ) : (
        <WifiOff aria-hidden="true" className="size-6 shrink-0" />
      )}
      <span className={online ? 'sr-only' : 'max-w-sm text-label'}>
        {intl.formatMessage({ id: online ? 'common.loading' : 'pwa.notLoaded' })}
      </span>
    </div>
  );
}

/** Whole-page loading state. */
export const PageSpinner = () => <LoadingArea className="min-h-[40vh]" iconClassName="size-10" />;
