import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './ui/card';

const TONES = {
  primary: 'bg-primary-soft text-primary-strong',
  accent: 'bg-accent-soft text-accent-strong',
  danger: 'bg-danger-soft text-danger-strong',
  success: 'bg-success-soft text-success-strong',
} as const;

interface MessagePanelProps {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
}

/** A centred card with an icon, a heading and actions: empty, error, success and "coming soon" states. */
export function MessagePanel({ icon: Icon, tone = 'primary', title, children, actions }: MessagePanelProps) {
  return (
    <Card className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 text-center">
      <span className={clsx('flex size-16 items-center justify-center rounded-pill', TONES[tone])}>
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-headline font-extrabold text-balance">{title}</h1>
      {children && <div className="flex flex-col gap-2 text-lead text-muted-foreground">{children}</div>}
      {actions && <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{actions}</div>}
    </Card>
  );
}
