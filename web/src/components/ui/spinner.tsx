import clsx from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { useIntl } from 'react-intl';

/** A decorative spinning icon; pair it with visible text or use PageSpinner. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={clsx('animate-spin', className)} />;
}

/** Whole-area loading state, announced to screen readers as 'Nalaganje...'. */
export function PageSpinner() {
  const intl = useIntl();
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center text-primary">
      <Spinner className="size-10" />
      <span className="sr-only">{intl.formatMessage({ id: 'common.loading' })}</span>
    </div>
  );
}
