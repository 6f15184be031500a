import { lazyDialog } from '../../components/ui/dialog';
import { MessageCircle, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';
import { SignInRequired } from '../../components/sign-in-required';
import { PageSpinner } from '../../components/ui/spinner';
import { useLocale, useT } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { useNearViewport } from '../../lib/use-near-viewport';
import { trpc } from '../../lib/trpc';
import { ChatPanel } from './chat-panel';
import { ChatsLoadError, NoChats } from './chat-states';
import { chatTitle } from './format';
import type { ChatSummary } from './types';

const DeleteChatDialog = lazyDialog(
  () => import('./delete-chat-dialog').then((module) => module.DeleteChatDialog),
  ({ chat }) => chat !== null,
);

/** /chat: every chat as a card with its messages and input (SPEC Chat list). */
export default function ChatCardsPage() {
  const t = useT();
  const { user, isLoading } = useSession();
  if (!isLoading && !user) return <SignInRequired icon={MessageCircle} messages="chat.signedOut" />;
  // The header shows while the session is asked for (and prerendered), the cards below it after.
  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <header>
        <h1 className="text-headline font-extrabold">{t('chat.title')}</h1>
        <p className="mt-1 text-lead text-muted-foreground">{t('chat.subtitle')}</p>
      </header>
      {isLoading ? <PageSpinner /> : <ChatCards />}
    </div>
  );
}

function ChatCards() {
  const intl = useIntl();
  const t = useT();
  const [locale] = useLocale();
  const chats = trpc.chats.list.useQuery();
  const [deleting, setDeleting] = useState<ChatSummary | null>(null);

  let body: ReactNode;
  if (chats.isPending) body = <PageSpinner />;
  else if (!chats.data) body = <ChatsLoadError error={chats.error} onRetry={() => void chats.refetch()} />;
  else if (!chats.data.length) body = <NoChats />;
  else
    body = (
      <ul className="grid gap-5 md:grid-cols-2">
        {chats.data.map((chat) => (
          <ChatCard key={chat.id}>
            {(live) => (
              <ChatPanel
                chat={chat}
                live={live}
                // SPEC §9: 500 px on phones, 600 px from the md breakpoint.
                className="h-[500px] overflow-hidden rounded-card border border-border bg-surface shadow-card md:h-[600px]"
                actions={
                  <button
                    type="button"
                    onClick={() => setDeleting(chat)}
                    aria-label={intl.formatMessage(
                      { id: 'chat.deleteNamed' },
                      { title: chatTitle(intl, chat, locale) },
                    )}
                    title={t('chat.delete')}
                    className="inline-flex size-11 shrink-0 items-center justify-center rounded-control text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
                  >
                    <X aria-hidden="true" className="size-5" />
                  </button>
                }
              />
            )}
          </ChatCard>
        ))}
      </ul>
    );

  return (
    <>
      {body}
      <DeleteChatDialog chat={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** A card streams its messages only near the screen: a socket holds only so many subscriptions. */
function ChatCard({ children }: { children: (live: boolean) => ReactNode }) {
  const [ref, near] = useNearViewport<HTMLLIElement>();
  return <li ref={ref}>{children(near)}</li>;
}
