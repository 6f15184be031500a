import type { FastifyBaseLogger } from 'fastify';
import { EVENT_REMINDERS } from '../../src/domain/events';
import { LIMITS } from '../../src/limits';
import type { Jobs } from '../jobs/queue';

/**
 * What the other services tell the notification channels, after their commit (issue 19). Each call only
 * queues a job; the job reads what is new from the database, so a lost or repeated call loses or repeats
 * nothing that the next one would not catch.
 */
export interface Notifier {
  /** These users have new notices (requests, matches, answers, event changes). */
  notices(userIds: Iterable<string>): Promise<void>;
  /** A new message in `chatId` for `recipientId`. */
  message(chatId: string, recipientId: string): Promise<void>;
  /** A new announcement. */
  announcement(id: string): Promise<void>;
  /**
   * The event's date, time or place changed from `before`: its people are told a few minutes later, once for
   * a burst of edits (the first edit's `before` is kept).
   */
  eventChanged(eventId: string, before: EventPlace): Promise<void>;
  /** Reminders before the event's start (a day and an hour ahead); a start already scheduled adds nothing. */
  eventReminders(event: { id: string; startsAt: Date }): Promise<void>;
}

/** When and where an event is, as a change notice compares it. */
export interface EventPlace {
  eventDate: string;
  eventTime: string;
  locationName: string;
  city: string;
  country: string;
}

export function createNotifier(jobs: Jobs, log: FastifyBaseLogger): Notifier {
  // The caller's write has committed: a queue that is away costs a push, never the caller's answer.
  const queue = async (...args: Parameters<Jobs['send']>) => {
    try {
      await jobs.send(...args);
    } catch (err) {
      log.error({ err, queue: args[0] }, 'could not queue a notification');
    }
  };
  return {
    async notices(userIds) {
      // One waiting job per user (a short queue): a burst of notices is read by one job.
      for (const userId of new Set(userIds)) await queue('notices', { userId }, { singletonKey: userId });
    },
    message: (chatId, recipientId) =>
      queue('chat-push', { userId: recipientId, chatId }, { singletonKey: `${recipientId}:${chatId}` }),
    announcement: (id) => queue('announce', { id }),
    eventChanged: (eventId, before) =>
      queue(
        'event-changed',
        { eventId, before },
        { singletonKey: eventId, startAfter: LIMITS.event.changeNoticeDelayMinutes * 60 },
      ),
    async eventReminders({ id, startsAt }) {
      for (const { type, hours } of EVENT_REMINDERS) {
        const at = new Date(startsAt.getTime() - hours * 3_600_000);
        if (at.getTime() <= Date.now()) continue;
        // One waiting job per event, kind and start; a moved event's old jobs find it moved and do nothing.
        await queue(
          'event-reminder',
          { eventId: id, type, startsAt: startsAt.toISOString() },
          { singletonKey: `${id}:${type}:${startsAt.toISOString()}`, startAfter: at },
        );
      }
    },
  };
}
