import type { FastifyBaseLogger } from 'fastify';
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
  };
}
