import { lazy, Suspense } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../lib/intl';
import type { EventView } from './types';

/** The chat itself (the conversation components) loads when first wanted: it stays out of the page chunk. */
export const loadEventChat = () => import('./event-chat');
const EventChat = lazy(loadEventChat);

/**
 * The event's chat (issue 21): the organiser and everyone with a seat read and write, live. The organiser's
 * messages are marked; any message of someone else can be reported.
 */
export function EventChatDialog({
  event,
  open,
  onOpenChange,
}: {
  event: EventView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-xl!">
        <DialogTitle>{t('events.chat.title')}</DialogTitle>
        <DialogDescription className="break-words">
          {t('events.chat.text', { title: event.title })}
        </DialogDescription>
        {open && (
          <Suspense
            fallback={
              <div
                role="status"
                className="mt-4 flex h-[45dvh] min-h-40 items-center justify-center text-primary"
              >
                <Spinner className="size-8" />
                <span className="sr-only">{t('common.loading')}</span>
              </div>
            }
          >
            <EventChat event={event} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
