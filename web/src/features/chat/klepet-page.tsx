import { lazyDialog } from '../../components/ui/dialog';
import clsx from 'clsx';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { useLocale, useT } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ChatList } from './chat-list';
import { ChatPanel } from './chat-panel';
import { ChatsLoadError, NoChats, PaneMessage, StartActions } from './chat-states';
import { ChatMenuButton } from './chat-menu-button';
import { SafetyTips } from './safety-tips';
import { chatTitle } from './format';
import type { ChatSummary } from './types';

// The menu (Radix, with its positioning engine) loads after the page, outside the route's first download.
const ChatMenu = lazy(() => import('./chat-menu'));
const DeleteChatDialog = lazyDialog(
  () => import('./delete-chat-dialog').then((module) => module.DeleteChatDialog),
  ({ chat }) => chat !== null,
);

/**
 * /klepet (signed in only, see routes.tsx): the list beside the chat chosen in the URL (?chat=<id>). Below
 * the md breakpoint one pane at a time: the list, or the chat with a way back.
 */
export default function KlepetPage() {
  const intl = useIntl();
  const t = useT();
  const [locale] = useLocale();
  const { user } = useSession();
  const navigate = useNavigate();
  const headingId = useId();
  const [params] = useSearchParams();
  const selectedId = params.get('chat');
  const chats = trpc.chats.list.useQuery();
  const [deleting, setDeleting] = useState<ChatSummary | null>(null);

  if (chats.isPending) return <PageSpinner />;
  if (!chats.data) return <ChatsLoadError error={chats.error} onRetry={() => void chats.refetch()} />;
  if (!chats.data.length) return <NoChats />;
  const selected = chats.data.find((chat) => chat.id === selectedId) ?? null;

  return (
    <>
      <div className="overflow-hidden rounded-card border border-border bg-surface shadow-card md:grid md:h-[calc(100dvh-9.5rem)] md:min-h-[32rem] md:grid-cols-[20rem_minmax(0,1fr)] lg:grid-cols-[24rem_minmax(0,1fr)]">
        <section
          aria-labelledby={headingId}
          className={clsx(
            'flex min-h-0 flex-col md:border-r md:border-border',
            selectedId && 'max-md:hidden',
          )}
        >
          <h1 id={headingId} className="px-4 pt-4 pb-1 text-title font-bold">
            {t('chat.title')}
          </h1>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ChatList
              chats={chats.data}
              selectedId={selectedId}
              myId={user?.id ?? ''}
              onDelete={setDeleting}
            />
          </div>
        </section>
        <div
          className={clsx(
            'min-h-0 max-md:h-[calc(100dvh-11.5rem-env(safe-area-inset-bottom))]',
            !selectedId && 'max-md:hidden',
          )}
        >
          {selected ? (
            <ChatPanel
              key={selected.id}
              chat={selected}
              notice={<SafetyTips />}
              className="h-full"
              leading={
                <Link
                  to="/klepet"
                  aria-label={t('chat.back')}
                  className={buttonClasses({ variant: 'ghost', size: 'icon' }, 'shrink-0 md:hidden')}
                >
                  <ArrowLeft aria-hidden="true" className="size-5" />
                </Link>
              }
              actions={
                <>
                  <Suspense fallback={<ChatMenuButton disabled />}>
                    <ChatMenu chat={selected} onGone={() => void navigate('/klepet', { replace: true })} />
                  </Suspense>
                  <button
                    type="button"
                    onClick={() => setDeleting(selected)}
                    aria-label={intl.formatMessage(
                      { id: 'chat.deleteNamed' },
                      { title: chatTitle(intl, selected, locale) },
                    )}
                    title={t('chat.delete')}
                    className="inline-flex size-11 shrink-0 items-center justify-center rounded-control text-muted-foreground transition-colors hover:bg-danger-soft hover:text-danger"
                  >
                    <Trash2 aria-hidden="true" className="size-5" />
                  </button>
                </>
              }
            />
          ) : selectedId ? (
            <PaneMessage
              title={t('chat.gone.title')}
              actions={
                <Link to="/klepet" className={buttonClasses({ variant: 'outline' })}>
                  <ArrowLeft aria-hidden="true" className="size-5" />
                  {t('chat.back')}
                </Link>
              }
            >
              {t('chat.gone.text')}
            </PaneMessage>
          ) : (
            <PaneMessage title={t('chat.welcome.title')} actions={<StartActions />}>
              {t('chat.welcome.text')}
            </PaneMessage>
          )}
        </div>
      </div>
      <DeleteChatDialog
        chat={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => id === selectedId && void navigate('/klepet', { replace: true })}
      />
    </>
  );
}
