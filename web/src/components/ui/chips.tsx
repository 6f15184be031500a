import clsx from 'clsx';
import type { ReactNode } from 'react';
import { edgeFade, useScrollEdges } from '../../lib/use-scroll-edges';

/**
 * A labelled row of toggle chips: one line that scrolls sideways on phones (its edges fade where more
 * chips are hidden), wrapping on wider screens.
 */
export function ChipRow({ label, children }: { label: string; children: ReactNode }) {
  const [ref, edges] = useScrollEdges<HTMLDivElement>();
  const fade = edgeFade(edges);
  return (
    <div
      ref={ref}
      role="group"
      aria-label={label}
      data-more-before={edges.before || undefined}
      data-more-after={edges.after || undefined}
      style={fade ? { maskImage: fade } : undefined}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:mx-0 md:flex-wrap md:overflow-visible md:px-0 md:pb-0"
    >
      {children}
    </div>
  );
}

/** A filter that is on or off (`aria-pressed`). */
export function Chip({
  pressed,
  onClick,
  tone = 'primary',
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  tone?: 'primary' | 'accent';
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={clsx(
        'inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-pill border px-4 text-label font-semibold whitespace-nowrap transition-colors',
        pressed
          ? tone === 'primary'
            ? 'border-primary bg-primary text-primary-foreground'
            : 'border-accent bg-accent text-accent-foreground'
          : 'border-border bg-background text-foreground hover:bg-muted',
      )}
    >
      {children}
    </button>
  );
}
