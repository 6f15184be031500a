import clsx from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={clsx('rounded-card border border-border bg-surface p-5 shadow-card md:p-8', className)}
      {...props}
    />
  );
}

/**
 * A card's title as the button that opens it: the whole card (its nearest positioned ancestor) is the target,
 * through a stretched ::after, and the focus ring goes round the card.
 */
export function CardOpenButton({
  onOpen,
  className,
  children,
}: {
  onOpen: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className={clsx(
        "text-left after:absolute after:inset-0 after:content-[''] hover:text-primary-strong focus-visible:outline-none focus-visible:after:rounded-card focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-ring",
        className,
      )}
    >
      {children}
    </button>
  );
}
