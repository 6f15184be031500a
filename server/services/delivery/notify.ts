import type { FastifyBaseLogger } from 'fastify';
import { EVENT_REMINDERS } from '#shared/domain/events';
import { LIMITS } from '#shared/limits';
import type { Tx } from '../../db/client';
import type { Jobs, QueueName } from '../../jobs/queue';

/**
 * What the other services tell the notification channels (issue 19). Each call only queues a job; the job
 * reads what is new from the database, so a repeated call repeats nothing. Given `tx`, the job is queued as
 * part of the write it delivers (it exists if and only if the write commits: a crash after the commit loses
 * no push); without, after the commit, where a queue that is away costs a push but never the answer.
 */
export interface Notifier {
  /** These users have new notices (requests, matches, answers, event changes). */
  notices(userIds: Iterable<string>, tx?: Tx): Promise<void>;
  /** A new message in `chatId` for `recipientId`. */
  message(chatId: string, recipientId: string, tx?: Tx): Promise<void>;
  /** A new message in the event's chat for each of `recipientIds` (the job checks each is still in it). */
  eventMessage(eventId: string, recipientIds: string[], tx?: Tx): Promise<void>;
  /** A new announcement. */
  announcement(id: string): Promise<void>;
  /** An owner checked in at a place: their matches who asked for it hear of it. */
  checkIn(checkInId: string, tx?: Tx): Promise<void>;
  /** A lost-dog alert was raised, widened or found: owners within its radius hear of it. */
  lostAlert(alertId: string, tx?: Tx): Promise<void>;
  /**
   * The event's date, time or place changed from `before`: its people are told a few minutes later, once for
   * a burst of edits (the first edit's `before` is kept).
   */
  eventChanged(eventId: string, before: EventPlace): Promise<void>;
  /**
   * Reminders before each event's start (a day and an hour ahead, those still ahead); a start already
   * scheduled adds nothing.
   */
  eventReminders(events: Iterable<{ id: string; startsAt: Date }>): Promise<void>;
}

/** When and where an event is, as a change notice compares it. */
export interface EventPlace {
  eventDate: string;
  eventTime: string;
  locationName: string;
  city: string;
  country: string;
}

/**
 * A `chat-push` job: new messages for `userId` in a pair chat or an event's chat, written after `since` (the
 * last push; none: since they last read it).
 */
export type ChatPushJob = { userId: string; since?: string } & ({ chatId: string } | { eventId: string });

/** One waiting job per recipient and conversation: a burst of messages, or those in a pause, become one push. */
export const chatPushKey = (job: ChatPushJob) =>
  'eventId' in job ? `${job.userId}:event:${job.eventId}` : `${job.userId}:${job.chatId}`;

export function createNotifier(jobs: Jobs, log: FastifyBaseLogger): Notifier {
  // After the caller's commit: a queue that is away costs a push, never the caller's answer. Inside the
  // caller's transaction a failure fails the write too, and the client's retry queues both.
  const safely = async (queue: QueueName, tx: Tx | undefined, send: () => Promise<unknown>) => {
    if (tx) return void (await send());
    try {
      await send();
    } catch (err) {
      log.error({ err, queue }, 'could not queue a notification');
    }
  };
  const queue = (name: QueueName, data: object, options: Parameters<Jobs['send']>[2] = {}) =>
    safely(name, options.tx, () => jobs.send(name, data, options));
  return {
    async notices(userIds, tx) {
      // One waiting job per user (a short queue): a burst of notices is read by one job.
      const users = [...new Set(userIds)];
      await safely('notices', tx, () =>
        jobs.sendMany(
          'notices',
          users.map((userId) => ({ data: { userId }, singletonKey: userId })),
          { tx },
        ),
      );
    },
    message(chatId, recipientId, tx) {
      const job = { userId: recipientId, chatId };
      return queue('chat-push', job, { singletonKey: chatPushKey(job), tx });
    },
    eventMessage: (eventId, recipientIds, tx) =>
      safely('chat-push', tx, () =>
        jobs.sendMany(
          'chat-push',
          recipientIds.map((userId) => {
            const data = { userId, eventId };
            return { data, singletonKey: chatPushKey(data) };
          }),
          { tx },
        ),
      ),
    announcement: (id) => queue('announce', { id }),
    checkIn: (checkInId, tx) => queue('check-in', { checkInId }, { tx }),
    lostAlert: (alertId, tx) => queue('lost-alert', { alertId }, { tx }),
    eventChanged: (eventId, before) =>
      queue(
        'event-changed',
        { eventId, before },
        { singletonKey: eventId, startAfter: LIMITS.event.changeNoticeDelayMinutes * 60 },
      ),
    eventReminders: (events) =>
      safely('event-reminder', undefined, () =>
        jobs.sendMany(
          'event-reminder',
          [...events].flatMap(({ id, startsAt }) =>
            EVENT_REMINDERS.map(({ type, hours }) => ({
              data: { eventId: id, type, startsAt: startsAt.toISOString() },
              // One waiting job per event, kind and start; a moved event's old jobs find it moved and do nothing.
              singletonKey: `${id}:${type}:${startsAt.toISOString()}`,
              startAfter: new Date(startsAt.getTime() - hours * 3_600_000),
            })).filter((job) => job.startAfter.getTime() > Date.now()),
          ),
        ),
      ),
  };
}
