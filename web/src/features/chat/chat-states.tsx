import { Dog, Heart, MessageCircle, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { MessagePanel } from '../../components/message-panel';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { useErrorText } from '../../lib/errors';

/** Where new chats come from: my dogs, and matching. */
export function StartActions() {
  const intl = useIntl();
  return (
    <>
      <Link to="/ujemanja" className={buttonClasses()}>
        <Heart aria-hidden="true" className="size-5" />
        {intl.formatMessage({ id: 'chat.findMatches' })}
      </Link>
      <Link to="/moji-psi" className={buttonClasses({ variant: 'outline' })}>
        <Dog aria-hidden="true" className="size-5" />
        {intl.formatMessage({ id: 'chat.manageDogs' })}
      </Link>
    </>
  );
}

/** No chats yet: how one starts, and the way there. */
export function NoChats() {
  const intl = useIntl();
  return (
    <MessagePanel
      icon={MessageCircle}
      title={intl.formatMessage({ id: 'chat.empty.title' })}
      actions={<StartActions />}
    >
      <p>{intl.formatMessage({ id: 'chat.empty.text' })}</p>
    </MessagePanel>
  );
}

/** The list could not be loaded: 'Ni mogoče naložiti klepetov', the reason, and a retry. */
export function ChatsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  const errorText = useErrorText();
  return (
    <Alert title={intl.formatMessage({ id: 'chat.loadError' })}>
      <p>{errorText(error)}</p>
      <Button variant="outline" className="mt-2 self-start" onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="size-5" />
        {intl.formatMessage({ id: 'chat.retry' })}
      </Button>
    </Alert>
  );
}

/** A centred message inside a pane (not a card of its own). */
export function PaneMessage({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-pill bg-primary-soft text-primary-strong">
        <MessageCircle aria-hidden="true" className="size-8" />
      </span>
      <h2 className="text-title font-bold text-balance">{title}</h2>
      <p className="max-w-sm text-muted-foreground">{children}</p>
      <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{actions}</div>
    </div>
  );
}
