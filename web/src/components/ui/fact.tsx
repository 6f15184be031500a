import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One fact of a details view, in a <dl>: its icon (its label for screen readers) and its value. */
export function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3">
      {/* The icon inside the dt: a dl's groups hold only dt and dd. */}
      <dt className="flex size-9 shrink-0 items-center justify-center rounded-control bg-muted text-primary-strong">
        <Icon aria-hidden="true" className="size-4.5" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
