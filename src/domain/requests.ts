/**
 * Requests and notices (SPEC §3 notifications, §4): their types and states, and what each side may do with
 * one. The server's rules and the web's badges and buttons read the same definitions.
 */
export const NOTIFICATION_TYPES = [
  'request',
  'acceptance_feedback',
  'rejection_feedback',
  'event_cancelled',
  /** The date, time or place of an event I joined changed (`detail`: its title). */
  'event_changed',
  'match',
  /** A moderator's decision about my content or account, with its statement of reasons (DSA Art. 17). */
  'moderation',
  /** The decision on a report I made. */
  'report_decision',
  /** An event I take part in starts in a day / an hour (`event_starts_at`: the start it is for). */
  'event_reminder_day',
  'event_reminder_hour',
  /** A seat came free and I, first on the waitlist, have it now. */
  'event_seat',
  /** The organiser approved my request to join (`detail`: the title); I have a seat or a place in line. */
  'event_approved',
  /** The organiser declined my request to join, or removed me. */
  'event_declined',
  'event_removed',
  /** Someone asks to join my event that needs approval. */
  'event_join_request',
  /** Someone saw my lost dog (`lost_alert_id`: the alert; `detail`: the town nearest the sighting). */
  'lost_sighting',
  /** A moderator applied or turned down the correction I suggested to a place (`detail`: its name). */
  'suggestion_applied',
  'suggestion_rejected',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A notice about an event (changed, cancelled, a reminder, a seat, the organiser's answer, …). */
export const isEventNotice = (type: NotificationType): boolean => type.startsWith('event_');

/** `withdrawn`: the liker took the request back before it was answered; nobody lists it any more. */
export const NOTIFICATION_STATUSES = ['unread', 'read', 'accepted', 'rejected', 'withdrawn'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** A request not yet decided: seen or not. */
export const PENDING_STATUSES = ['unread', 'read'] as const satisfies readonly NotificationStatus[];

export const isPending = (status: NotificationStatus): boolean =>
  (PENDING_STATUSES as readonly NotificationStatus[]).includes(status);

interface Item {
  direction: 'received' | 'sent';
  type: NotificationType;
  status: NotificationStatus;
}

/** The recipient of a pending request may accept or reject it. */
export const canDecide = (item: Item): boolean =>
  item.direction === 'received' && item.type === 'request' && isPending(item.status);

/** The liker may take back a request nobody has answered yet. */
export const canWithdraw = (item: Item): boolean =>
  item.direction === 'sent' && item.type === 'request' && isPending(item.status);

/** Opening an unread item I received marks it read. */
export const opensAsRead = (item: Item): boolean => item.direction === 'received' && item.status === 'unread';

/** Items that lead to the pair's chat: accepted requests, their acceptance notice, matches. */
export const leadsToChat = (item: Item): boolean =>
  item.type === 'acceptance_feedback' ||
  item.type === 'match' ||
  (item.type === 'request' && item.status === 'accepted');

export type RequestBadge = 'new' | 'read' | 'pending' | 'accepted' | 'rejected' | 'match';

/** Novo / Prebrano for what I received; my own undecided requests read "V čakanju". */
export function requestBadge(item: Item): RequestBadge {
  if (item.type === 'match') return 'match';
  if (item.status === 'accepted' || item.status === 'rejected') return item.status;
  if (item.direction === 'sent' && item.type === 'request') return 'pending';
  return item.status === 'unread' ? 'new' : 'read';
}

/**
 * The notifications panel's two tabs (SPEC §2): Zahteve holds what passes between owners (requests, their
 * answers, matches); Posodobitve what the app tells the user (event notices, moderators' decisions, a sighting
 * of my lost dog, what became of a suggested correction), shown there with the announcements. Each tab counts its own unread items.
 */
export type NoticeTab = 'requests' | 'updates';

/** What passes between owners; every other type is the app's news (a new one too, by default). */
const BETWEEN_OWNERS: readonly NotificationType[] = [
  'request',
  'acceptance_feedback',
  'rejection_feedback',
  'match',
];

export const noticeTab = (type: NotificationType): NoticeTab =>
  BETWEEN_OWNERS.includes(type) ? 'requests' : 'updates';

/** Addressed to me and not yet seen: what the bell and the tabs count. */
export const isUnread = (item: Item): boolean => item.direction === 'received' && item.status === 'unread';

/**
 * A match that is news to me: someone liked back (`match`) or accepted my request (`acceptance_feedback`),
 * and I have not seen it. It gets the "It's a match" view once, live or the next time the app opens.
 */
export const isMatchNews = (item: Item): boolean =>
  isUnread(item) && (item.type === 'match' || item.type === 'acceptance_feedback');

/**
 * The match news to show as the app opens (`items` newest first): the newest match, if it is still news.
 * Older news stays in the panel: once a newer match was seen, the older ones never pop up on their own.
 */
export function matchNewsOnOpen<T extends Item>(items: readonly T[]): T | undefined {
  const newest = items.find(
    (item) => item.direction === 'received' && (item.type === 'match' || item.type === 'acceptance_feedback'),
  );
  return newest && isMatchNews(newest) ? newest : undefined;
}

/**
 * The Zahteve tab's filters (SPEC §2: Vse / Sprejete / Zavrnjene). A filter holds exactly the items whose
 * badge says so: requests I received and requests I sent alike, so "Sprejeto" on a card always counts under
 * Sprejete. Each filter's count is the length of its list.
 */
export const REQUEST_FILTERS = ['all', 'accepted', 'rejected'] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];

export const inRequestFilter =
  (filter: RequestFilter) =>
  (item: Item): boolean =>
    noticeTab(item.type) === 'requests' && (filter === 'all' || requestBadge(item) === filter);
