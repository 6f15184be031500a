import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';

/** The card of a page an e-mailed link opens (confirmation, reset): icon, heading, intro, then its form. */
export function LinkCard(props: { icon: LucideIcon; title: string; intro: string; children: ReactNode }) {
  const Icon = props.icon;
  return (
    <Card className="mx-auto flex w-full max-w-md flex-col gap-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-14 items-center justify-center rounded-pill bg-primary-soft text-primary-strong">
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-headline font-extrabold">{props.title}</h1>
        <p className="text-muted-foreground">{props.intro}</p>
      </div>
      {props.children}
    </Card>
  );
}
