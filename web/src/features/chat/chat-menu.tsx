import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ban, EyeOff, Flag } from 'lucide-react';
import { useState } from 'react';
import { BlockDialog } from '../../components/safety/block-dialog';
import { ReportDialog } from '../../components/safety/report-dialog';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { useHideChat } from './api';
import { ChatMenuButton } from './chat-menu-button';
import type { ChatSummary } from './types';

const ITEM =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-[calc(var(--radius-control)-0.25rem)] px-3 outline-none select-none data-highlighted:bg-muted';

/** More for a chat: hide it from my list (until the next message), report or block the other person. */
export default function ChatMenu({ chat, onGone }: { chat: ChatSummary; onGone: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const hide = useHideChat({
    onSuccess: () => {
      toast.success(t('chat.hidden'));
      onGone();
    },
    onError: (error) => toast.error(t('chat.hideError'), { description: errorText(error) }),
  });
  const other = chat.counterpart && { id: chat.counterpart.userId, name: chat.counterpart.fullName };
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <ChatMenuButton />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-52 rounded-control border border-border bg-surface p-1 shadow-card"
          >
            <DropdownMenu.Item className={ITEM} onSelect={() => hide.mutate({ chatId: chat.id })}>
              <EyeOff aria-hidden="true" className="size-5" />
              {t('chat.hide')}
            </DropdownMenu.Item>
            {other && (
              <>
                <DropdownMenu.Item className={ITEM} onSelect={() => setReporting(true)}>
                  <Flag aria-hidden="true" className="size-5" />
                  {t('report.openNamed', { name: other.name })}
                </DropdownMenu.Item>
                <DropdownMenu.Item className={`${ITEM} text-danger`} onSelect={() => setBlocking(true)}>
                  <Ban aria-hidden="true" className="size-5" />
                  {t('block.open', { name: other.name })}
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {other && (
        <>
          <ReportDialog
            target={reporting ? { type: 'user', id: other.id } : null}
            onClose={() => setReporting(false)}
          />
          <BlockDialog user={blocking ? other : null} onClose={() => setBlocking(false)} onBlocked={onGone} />
        </>
      )}
    </>
  );
}
