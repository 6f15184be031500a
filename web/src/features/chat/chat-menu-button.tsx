import { MoreVertical } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useT } from '../../lib/intl';

/**
 * The chat menu's button: the menu's trigger (Radix passes its props and ref through), and what stands in
 * for it while the menu's code loads after the page (klepet-page.tsx).
 */
export function ChatMenuButton(props: ComponentProps<'button'>) {
  const t = useT();
  return (
    <button
      type="button"
      aria-label={t('chat.more')}
      title={t('chat.more')}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-control text-muted-foreground transition-colors hover:bg-muted"
      {...props}
    >
      <MoreVertical aria-hidden="true" className="size-5" />
    </button>
  );
}
