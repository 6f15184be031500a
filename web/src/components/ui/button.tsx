import clsx from 'clsx';
import type { ButtonHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from './spinner';

const VARIANTS = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
  accent: 'bg-accent text-accent-foreground shadow-sm hover:bg-accent-hover',
  outline: 'border border-input bg-surface text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  danger: 'bg-danger text-white hover:bg-danger-strong',
} as const;

const SIZES = {
  md: 'min-h-11 px-5 text-body',
  lg: 'min-h-12 px-6 text-lead',
  icon: 'size-11',
  /** Icon only up to xl (the label stays for screen readers), icon and label on wide screens. */
  iconText: 'min-h-11 min-w-11 xl:px-4',
} as const;

export interface ButtonStyle {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
}

/** Button look for links too (`<Link className={buttonClasses()}>`), so navigation stays a link. */
export function buttonClasses({ variant = 'primary', size = 'md' }: ButtonStyle = {}, className?: string) {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-control font-semibold transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyle {
  /** Disables the button and shows 'Nalaganje...' instead of its text. */
  loading?: boolean;
}

export function Button({
  variant,
  size,
  loading = false,
  className,
  disabled,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  const intl = useIntl();
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? (
        <>
          <Spinner className="size-5" />
          {intl.formatMessage({ id: 'common.loading' })}
        </>
      ) : (
        children
      )}
    </button>
  );
}
