import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../lib/intl';

/** A link to a place on an outside map, opening in a new window (and saying so to screen readers). */
export function MapLink({ href, children }: { href: string; children: ReactNode }) {
  const t = useT();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-9 items-center gap-1 font-semibold text-primary-strong underline-offset-2 hover:underline"
    >
      {children}
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{t('events.details.newWindow')}</span>
    </a>
  );
}
