import { isEventNotice, type NotificationType } from './requests';

/**
 * Notifications that reach people away from the app (issue 19): what they are about, how each kind reaches
 * them, and quiet hours. Pure rules shared by the server (delivery) and the web (settings).
 */

/** What a notification is about; each has its own choice of channel. */
export const NOTIFY_TOPICS = [
  'requests',
  'matches',
  'messages',
  'events',
  'announcements',
  'checkIns',
  'lostDogs',
] as const;
export type NotifyTopic = (typeof NOTIFY_TOPICS)[number];

/**
 * push: on my devices that allow it, or by e-mail while I have none; email: a summary e-mail once I have
 * been away a while (a lost dog nearby: an e-mail at once); off: only inside the app.
 */
export const NOTIFY_CHANNELS = ['push', 'email', 'off'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export type NotifyChannels = Record<NotifyTopic, NotifyChannel>;

/**
 * The channels a topic offers. A match's check-in is news for the next hour or two, so it is pushed or not
 * told at all: a summary e-mail would tell it when it is over.
 */
export const channelsOf = (topic: NotifyTopic): readonly NotifyChannel[] =>
  topic === 'checkIns' ? ['push', 'off'] : NOTIFY_CHANNELS;

/** Topics added after the first five: a caller that names only those keeps its choice for these. */
export const LATER_TOPICS = ['checkIns', 'lostDogs'] as const satisfies readonly NotifyTopic[];

export const DEFAULT_CHANNELS: NotifyChannels = {
  requests: 'push',
  matches: 'push',
  messages: 'push',
  events: 'push',
  announcements: 'push',
  // Only those who ask hear where their matches walk (issue 33 §4).
  checkIns: 'off',
  // A dog lost nearby: everyone helps unless they say no (issue 33 §5).
  lostDogs: 'push',
};

/**
 * Whether a topic's news reaches the user by e-mail: chosen so, or push with no device to push to; never a
 * topic whose e-mail they unsubscribed from (`emailOff`), whose pushes go on (issue 34), nor one that offers
 * no e-mail.
 */
export function byEmail(
  topic: NotifyTopic,
  channel: NotifyChannel,
  hasDevices: boolean,
  emailOff: boolean,
): boolean {
  if (emailOff || !channelsOf(topic).includes('email')) return false;
  return channel === 'email' || (channel === 'push' && !hasDevices);
}

/** The topic of a notice type; null: not sent away from the app (moderation decisions go by e-mail anyway). */
export function topicOfNotice(type: NotificationType): NotifyTopic | null {
  switch (type) {
    case 'request':
      return 'requests';
    case 'match':
    case 'acceptance_feedback':
      return 'matches';
    case 'lost_sighting':
      return 'lostDogs';
    default:
      return isEventNotice(type) ? 'events' : null;
  }
}

/** The query parameter that opens the notifications panel on any page. */
export const NOTICES_PARAM = 'obvestila';
/** Where a tap on a notification leads: the chat, the events, or the notifications panel. */
export const NOTICES_PATH = `/?${NOTICES_PARAM}=1`;

/** Quiet hours as local "HH:MM" times in `timeZone`; `from` after `to` spans midnight. */
export interface QuietHours {
  from: string;
  to: string;
  timeZone: string;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes since local midnight of `at` in `timeZone`. */
function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** When the quiet hours `at` falls in end, or null when `at` is not in quiet hours (or there are none). */
export function quietUntil(at: Date, quiet: QuietHours | null): Date | null {
  if (!quiet) return null;
  const [from, to, now] = [minutesOf(quiet.from), minutesOf(quiet.to), localMinutes(at, quiet.timeZone)];
  if (from === to) return null;
  const inside = from < to ? now >= from && now < to : now >= from || now < to;
  if (!inside) return null;
  const left = (to - now + 1440) % 1440;
  const end = new Date(at.getTime() + left * 60_000);
  end.setSeconds(0, 0);
  return end;
}

/**
 * Whether a recipient, read with their settings' columns (no settings row: all null), is in quiet hours at
 * `now`; the deliveries that read many recipients at once filter with it.
 */
export const inQuietHours = (
  now: Date,
  r: { quietFrom: string | null; quietTo: string | null; timeZone: string | null },
): boolean =>
  !!r.quietFrom &&
  !!r.quietTo &&
  quietUntil(now, { from: r.quietFrom, to: r.quietTo, timeZone: r.timeZone ?? 'UTC' }) !== null;

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
