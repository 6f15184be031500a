import clsx from 'clsx';
import {
  Ban,
  CalendarCheck,
  CalendarClock,
  CalendarX,
  Check,
  MapPinned,
  MessageCircle,
  ShieldAlert,
  Undo2,
  X,
} from 'lucide-react';
import { EVENT_TIME_ZONE } from '#shared/domain/event-time';
import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import {
  canDecide,
  canWithdraw,
  leadsToChat,
  opensAsRead,
  type RequestBadge,
  requestBadge,
} from '#shared/domain/requests';
import { INTL_TAG } from '#shared/i18n';
import { lostAlertPath } from '#shared/domain/lost';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { localLongDate } from '../../lib/long-date';
import { relativeTime } from '../../lib/relative-time';
import { toast } from '../../lib/toast';
import { DogPhoto } from '../../components/dogs/dog-photo';
import { BlockDialog } from '../../components/safety/block-dialog';
import { breedName } from '../../components/dogs/names';
import { Button, buttonClasses } from '../../components/ui/button';
import { useAcceptRequest, useMarkRequestRead, useRejectRequest, useWithdrawRequest } from './api';
import { AppealButton, canAppeal } from './appeal-dialog';
import { matchOf, showMatch } from './match-moment';
import type { RequestItem } from './types';

const chatLink = (chatId: string | null) =>
  chatId ? `/klepet?chat=${encodeURIComponent(chatId)}` : '/klepet';

const BADGES: Record<RequestBadge, string> = {
  new: 'bg-primary text-primary-foreground',
  read: 'bg-muted text-muted-foreground',
  pending: 'bg-accent-soft text-accent-strong',
  accepted: 'bg-success-soft text-success-strong',
  rejected: 'bg-danger-soft text-danger-strong',
  match: 'bg-primary-soft text-primary-strong',
};

/**
 * One request or notice: the dog, a status badge, what happened and when. Opening an unread card I
 * received (click, or Enter on its text) marks it read; a request I received can be accepted or rejected.
 */
export function RequestCard({ item, now }: { item: RequestItem; now: number }) {
  const t = useT();
  const [locale] = useLocale();
  const errorText = useErrorText();
  const navigate = useNavigate();

  const markRead = useMarkRequestRead();
  const accept = useAcceptRequest({
    onSuccess: ({ chatId }) => {
      toast.success(t('requests.toast.accepted'), {
        action: { label: t('requests.openChat'), onClick: () => void navigate(chatLink(chatId)) },
      });
      // Accepting makes a match: the accepter gets the moment too, with the new chat.
      const match = matchOf(item, chatId);
      if (match) showMatch(match);
    },
    onError: (error) => toast.error(t('requests.acceptError'), { description: errorText(error) }),
  });
  const withdraw = useWithdrawRequest({
    onSuccess: () => toast.success(t('requests.toast.withdrawn')),
    onError: (error) => toast.error(t('requests.withdrawError'), { description: errorText(error) }),
  });
  const reject = useRejectRequest({
    onSuccess: () => toast.success(t('requests.toast.rejected')),
    onError: (error) => toast.error(t('requests.rejectError'), { description: errorText(error) }),
  });

  const received = item.direction === 'received';
  const opens = opensAsRead(item);
  const open = () => {
    if (opens && !markRead.isPending) markRead.mutate({ id: item.id });
  };
  const [blocking, setBlocking] = useState(false);
  const decides = canDecide(item);
  const withdraws = canWithdraw(item);
  const appeals = !!item.decision && canAppeal(item.type, item.decision);
  const busy = accept.isPending || reject.isPending;
  const showsChat = leadsToChat(item);
  const sighting = item.type === 'lost_sighting' && item.lostAlertId;
  const badge = requestBadge(item);
  const sentence = <Sentence item={item} />;
  // The other side's dog: the liker's on a request I received, theirs on a match.
  const avatar =
    (item.type === 'request' && received) || item.type === 'match' ? (item.fromDog ?? item.dog) : item.dog;

  return (
    <li>
      {/* The click is a pointer shortcut; keyboards open the card with the button around its text. */}
      <article
        onClick={opens ? open : undefined}
        className={clsx(
          'flex flex-col gap-3 rounded-control border p-3 transition-colors',
          opens
            ? 'cursor-pointer border-primary/40 bg-primary-soft/50 hover:bg-primary-soft'
            : 'border-border bg-surface',
        )}
      >
        <div className="flex gap-3">
          {item.type.startsWith('event_') || item.decision ? (
            <span className="flex size-12 shrink-0 items-center justify-center rounded-pill bg-muted text-muted-foreground">
              {item.decision ? (
                <ShieldAlert aria-hidden="true" className="size-6" />
              ) : item.type === 'event_changed' || item.type.startsWith('event_reminder') ? (
                <CalendarClock aria-hidden="true" className="size-6" />
              ) : item.type !== 'event_cancelled' ? (
                <CalendarCheck aria-hidden="true" className="size-6" />
              ) : (
                <CalendarX aria-hidden="true" className="size-6" />
              )}
            </span>
          ) : (
            <DogPhoto
              photo={avatar?.photo ?? undefined}
              alt=""
              sizes="48px"
              className="size-12 shrink-0 rounded-pill"
            />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className={clsx('rounded-pill px-2 py-0.5 text-caption font-semibold', BADGES[badge])}>
                {t(`requests.status.${badge}`)}
              </span>
              <time
                dateTime={item.createdAt.toISOString()}
                title={localLongDate(item.createdAt, locale, { time: true })}
                className="text-caption text-muted-foreground"
              >
                {relativeTime(item.createdAt, now, INTL_TAG[locale])}
              </time>
              {received && item.counterpart && (
                <button
                  type="button"
                  onClick={(event) => {
                    event.stopPropagation();
                    setBlocking(true);
                  }}
                  aria-label={t('block.open', { name: item.counterpart.fullName })}
                  title={t('block.open', { name: item.counterpart.fullName })}
                  className="-my-2 ml-auto inline-flex size-11 items-center justify-center rounded-control text-muted-foreground hover:bg-danger-soft hover:text-danger"
                >
                  <Ban aria-hidden="true" className="size-4.5" />
                </button>
              )}
            </div>
            {opens ? (
              <button type="button" className="rounded-[0.25rem] text-left text-label break-words">
                {sentence}
              </button>
            ) : (
              <p className="text-label break-words">{sentence}</p>
            )}
            {item.decision && (
              <blockquote className="border-l-2 border-border pl-3 text-label whitespace-pre-line text-muted-foreground break-words">
                {t('moderation.statement', { statement: item.decision.statement })}
              </blockquote>
            )}
          </div>
        </div>
        {(withdraws || appeals) && (
          <div className="flex gap-2 sm:pl-15">
            {withdraws && (
              <Button
                variant="outline"
                loading={withdraw.isPending}
                className="flex-1 sm:flex-none"
                onClick={(event) => {
                  event.stopPropagation();
                  withdraw.mutate({ id: item.id });
                }}
              >
                <Undo2 aria-hidden="true" className="size-5" />
                {t('requests.withdraw')}
              </Button>
            )}
            {appeals && item.decision && <AppealButton decisionId={item.decision.id} />}
          </div>
        )}
        {item.decision?.appealed && item.type === 'moderation' && (
          <p className="text-caption text-muted-foreground sm:pl-15">{t('moderation.appealed')}</p>
        )}
        {sighting && (
          <div className="flex gap-2 sm:pl-15">
            {/* Following the link also opens (reads) the card. */}
            <Link
              to={lostAlertPath(sighting)}
              className={buttonClasses({ variant: 'outline' }, 'flex-1 sm:flex-none')}
            >
              <MapPinned aria-hidden="true" className="size-5" />
              {t('requests.openSightings')}
            </Link>
          </div>
        )}
        {(decides || showsChat) && (
          // Phones: the buttons share the card's width; wider screens: under the text, their own size.
          <div className="flex gap-2 sm:pl-15">
            {decides && (
              <>
                <Button
                  loading={accept.isPending}
                  disabled={busy}
                  className="flex-1 sm:flex-none"
                  onClick={(event) => {
                    event.stopPropagation();
                    accept.mutate({ id: item.id });
                  }}
                >
                  <Check aria-hidden="true" className="size-5" />
                  {t('requests.accept')}
                </Button>
                <Button
                  variant="outline"
                  loading={reject.isPending}
                  disabled={busy}
                  className="flex-1 sm:flex-none"
                  onClick={(event) => {
                    event.stopPropagation();
                    reject.mutate({ id: item.id });
                  }}
                >
                  <X aria-hidden="true" className="size-5" />
                  {t('requests.reject')}
                </Button>
              </>
            )}
            {/* Following the link also opens (reads) the card. */}
            {showsChat && (
              <Link
                to={chatLink(item.chatId)}
                className={buttonClasses({ variant: 'outline' }, 'flex-1 sm:flex-none')}
              >
                <MessageCircle aria-hidden="true" className="size-5" />
                {t('requests.openChat')}
              </Link>
            )}
          </div>
        )}
      </article>
      {item.counterpart && (
        <BlockDialog
          user={blocking ? { id: item.counterpart.userId, name: item.counterpart.fullName } : null}
          onClose={() => setBlocking(false)}
        />
      )}
    </li>
  );
}

/** What the card says, with the people and dogs in bold. */
function Sentence({ item }: { item: RequestItem }) {
  const intl = useIntl();
  const [locale] = useLocale();
  const bold = (text: string) => <strong className="font-semibold">{text}</strong>;
  const name = bold(item.counterpart?.fullName || intl.formatMessage({ id: 'requests.unknownUser' }));
  const dog = bold(item.dog?.name ?? intl.formatMessage({ id: 'requests.unknownDog' }));
  const fromDog = item.fromDog;
  const say = (id: string, values: Record<string, ReactNode> = {}) =>
    intl.formatMessage({ id: `requests.text.${id}` }, { name, dog, ...values });

  switch (item.type) {
    case 'request':
      if (item.direction === 'received')
        return fromDog
          ? say('received', { fromDog: bold(fromDog.name), breed: breedName(fromDog.breed, locale) })
          : say('receivedNoDog');
      return fromDog ? say('sent', { fromDog: bold(fromDog.name) }) : say('sentNoDog');
    case 'acceptance_feedback':
      return say('accepted');
    case 'match':
      return say('match', {
        fromDog: bold(fromDog?.name ?? intl.formatMessage({ id: 'requests.unknownDog' })),
      });
    case 'rejection_feedback':
      return say('rejected');
    case 'event_cancelled':
      return item.detail ? say('eventCancelled', { title: bold(item.detail) }) : say('eventCancelledUnnamed');
    case 'event_changed': {
      const changes = item.event?.changes;
      if (!item.detail) return say('eventChangedUnnamed');
      if (!changes) return say('eventChanged', { title: bold(item.detail) });
      // What moved, with its new value.
      const parts = [
        changes.date &&
          intl.formatMessage(
            { id: 'requests.text.change.date' },
            {
              date: localLongDate(new Date(`${changes.date}T12:00:00Z`), locale, {
                weekday: true,
                timeZone: 'UTC',
              }),
            },
          ),
        changes.time && intl.formatMessage({ id: 'requests.text.change.time' }, { time: changes.time }),
        changes.place && intl.formatMessage({ id: 'requests.text.change.place' }, { place: changes.place }),
      ].filter(Boolean);
      return say('eventMoved', { title: bold(item.detail), changes: parts.join(' · ') });
    }
    case 'event_reminder_day':
    case 'event_reminder_hour':
    case 'event_seat':
    case 'event_approved':
    case 'event_declined':
    case 'event_removed':
    case 'event_join_request':
      return say(`event.${item.type}`, {
        title: bold(item.detail ?? ''),
        time: item.event?.startsAt ? intl.formatTime(item.event.startsAt, { timeZone: EVENT_TIME_ZONE }) : '',
      });
    case 'lost_sighting':
      return say('lostSighting', { town: bold(item.detail ?? ''), hasTown: item.detail ? 'yes' : 'no' });
    case 'suggestion_applied':
    case 'suggestion_rejected':
      return say(item.type === 'suggestion_applied' ? 'suggestionApplied' : 'suggestionRejected', {
        place: bold(item.detail ?? ''),
      });
    case 'moderation':
    case 'report_decision':
      return say(item.type === 'moderation' ? 'moderation' : 'reportDecision', {
        action: item.decision?.action ?? 'other',
        until: item.decision?.suspendedUntil
          ? localLongDate(item.decision.suspendedUntil, locale, { time: true })
          : '',
      });
  }
}
