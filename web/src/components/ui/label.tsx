import clsx from 'clsx';
import type { LabelHTMLAttributes } from 'react';

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={clsx('text-body font-semibold text-foreground', className)} {...props} />;
}
