import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { LoadingArea } from './ui/spinner';

/** The scrolling area of a panel's list: at most 400 px (SPEC §9), focusable so keys can scroll it. */
export const LIST_AREA = 'mt-3 max-h-100 overflow-y-auto overscroll-contain rounded-control';

/** An item already drawn, with its date: a list that mixes kinds of items orders them by it (Posodobitve). */
export interface DatedEntry {
  key: string;
  at: Date;
  node: ReactNode;
}

/** A list's states while it loads, when it is empty, and when it failed (with a retry). */
export const Loading = () => <LoadingArea className="min-h-40" iconClassName="size-8" />;

export function Empty({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-40 flex-col items-center justify-center gap-2 px-4 py-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-pill bg-muted text-muted-foreground">
        {icon}
      </span>
      <p className="font-semibold">{title}</p>
      {children && <p className="max-w-sm text-label text-muted-foreground">{children}</p>}
    </div>
  );
}

export function LoadError({
  title,
  onRetry,
  children,
}: {
  title: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert title={title} className="w-full">
        <p>{children}</p>
      </Alert>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="size-5" />
        {intl.formatMessage({ id: 'requests.retry' })}
      </Button>
    </div>
  );
}
