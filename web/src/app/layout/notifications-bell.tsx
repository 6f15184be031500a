import clsx from 'clsx';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { NOTICES_PARAM } from '#shared/domain/notify';
import { badgeText } from '../../components/badge-text';
import { MatchDialog } from '../../components/match-dialog';
import { useAnnouncementsLive } from '../../features/announcements/use-announcements-live';
import { newChatCount, unreadTotal } from '../../features/chat/counts';
import { useChatsLive } from '../../features/chat/use-chats-live';
import { useMatchMoment, useMatchNews } from '../../features/requests/match-moment';
import { useRequestsLive } from '../../features/requests/use-requests-live';
import { useLocale } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/*
 * Loaded by the layout once someone is signed in (see signed-in.ts), so a signed-out first visit
 * downloads none of it.
 */

// The dialog and the requests panel load on the first opening (or when the pointer or focus reaches the
// bell): until then only this button and its count are here.
const loadDialog = () => import('./requests-dialog');
const RequestsDialog = lazy(loadDialog);

/** The top bar's bell (signed in only): unread requests as a badge; opens the requests panel. */
export default function NotificationsBell() {
  const intl = useIntl();
  const unread = trpc.requests.unreadCount.useQuery();
  const [chosen, setOpen] = useState(false);
  // Mounted from the first opening on, so reopening is instant.
  const [clicked, setUsed] = useState(false);
  // A tapped push (or a link in an e-mail) asks for the panel with ?obvestila; closing it drops the parameter.
  const [params, setParams] = useSearchParams();
  const asked = params.has(NOTICES_PARAM);
  const open = chosen || asked;
  const used = clicked || asked;
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next && asked)
      setParams(
        (current) => {
          current.delete(NOTICES_PARAM);
          return current;
        },
        { replace: true },
      );
  };
  const count = unread.data ?? 0;
  const prefetch = () => void loadDialog();
  return (
    <>
      <button
        type="button"
        aria-label={
          count
            ? intl.formatMessage({ id: 'nav.bellUnread' }, { count })
            : intl.formatMessage({ id: 'nav.bell' })
        }
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="relative inline-flex size-11 items-center justify-center rounded-control text-foreground hover:bg-muted aria-expanded:bg-muted"
      >
        <Bell aria-hidden="true" className="size-5" />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="bell-badge"
            className="absolute top-1 left-1/2 ml-0.5 flex h-5 min-w-5 items-center justify-center rounded-pill bg-primary px-1 text-caption leading-none font-bold text-primary-foreground ring-2 ring-background"
          >
            {badgeText(count)}
          </span>
        )}
      </button>
      {used && (
        <Suspense>
          <RequestsDialog open={open} onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The one set of live subscriptions: requests, announcements and the chat list (the bell, the chat badge,
 * every panel and the chat screens read their caches); and the "It's a match" moment outside the deck.
 */
export function LiveUpdates() {
  const [match, closeMatch] = useMatchMoment();
  useRequestsLive(true, useMatchNews());
  useAnnouncementsLive(true);
  useChatsLive();
  useLocaleOnServer();
  return <MatchDialog match={match} onClose={closeMatch} from="elsewhere" />;
}

/** Tells the server the language shown, so pushes and e-mails speak it (once per change). */
function useLocaleOnServer() {
  const [locale] = useLocale();
  const { user } = useSession();
  const utils = trpc.useUtils();
  const { mutate } = trpc.notifySettings.setLocale.useMutation({
    onSuccess: (_, { locale }) => utils.auth.me.setData(undefined, (me) => me && { ...me, locale }),
  });
  const differs = user !== null && user.locale !== locale;
  useEffect(() => {
    if (differs) mutate({ locale });
  }, [differs, locale, mutate]);
}

/**
 * The chat nav item's badge: unread messages across all chats plus new chats nobody has written in yet,
 * "9+" above nine; nothing at zero. Its screen reader text says which.
 */
export function ChatUnreadBadge({ className }: { className?: string }) {
  const intl = useIntl();
  // Filled and kept current by LiveUpdates' subscription (its first event is the list): no request here.
  const chats = trpc.chats.list.useQuery(undefined, { enabled: false });
  const unread = unreadTotal(chats.data);
  const fresh = newChatCount(chats.data);
  const count = unread + fresh;
  if (!count) return null;
  const said = [
    unread && intl.formatMessage({ id: 'chat.unread' }, { count: unread }),
    fresh && intl.formatMessage({ id: 'chat.newChats' }, { count: fresh }),
  ].filter((part): part is string => !!part);
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="chat-badge"
        className={clsx(
          'flex h-5 min-w-5 items-center justify-center rounded-pill bg-primary px-1 text-caption leading-none font-bold text-primary-foreground',
          className,
        )}
      >
        {badgeText(count)}
      </span>
      <span className="sr-only">, {intl.formatList(said, { type: 'conjunction' })}</span>
    </>
  );
}
