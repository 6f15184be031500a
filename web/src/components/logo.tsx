import { PawPrint } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';

/** "Tačke" with a paw; links home. */
export function Logo() {
  const intl = useIntl();
  return (
    <Link
      to="/"
      className="flex min-h-11 items-center gap-2 rounded-control text-title font-extrabold text-foreground"
    >
      <span className="flex size-9 items-center justify-center rounded-control bg-primary text-primary-foreground">
        <PawPrint aria-hidden="true" className="size-5" />
      </span>
      {/* Between md and lg the top bar needs the room for its links; the name stays for screen readers. */}
      <span className="md:max-lg:sr-only">{intl.formatMessage({ id: 'common.appName' })}</span>
    </Link>
  );
}
