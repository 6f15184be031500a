import clsx from 'clsx';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  danger: { box: 'border-danger/30 bg-danger-soft text-danger-strong', Icon: CircleAlert },
  success: { box: 'border-success/30 bg-success-soft text-success-strong', Icon: CircleCheck },
  info: { box: 'border-accent/30 bg-accent-soft text-accent-strong', Icon: Info },
} as const;

interface AlertProps {
  tone?: keyof typeof TONES;
  title?: string;
  children?: ReactNode;
  className?: string;
}

/** On-page message; errors use role="alert" so screen readers announce them at once. */
export function Alert({ tone = 'danger', title, children, className }: AlertProps) {
  const { box, Icon } = TONES[tone];
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={clsx('flex gap-3 rounded-control border p-4 text-body', box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex flex-col gap-1">
        {title && <p className="font-semibold">{title}</p>}
        {children}
      </div>
    </div>
  );
}
