import type { EventReminderType } from '#shared/domain/events';
import { sendDigest } from '../services/delivery/digest';
import { deliverEventChange, deliverEventReminder } from '../services/events/event-notices';
import type { ChatPushJob, EventPlace } from '../services/delivery/notify';
import { suspensionEnded } from '../services/safety/moderation';
import { deliverAnnouncement, deliverChatPush, deliverNotices } from '../services/delivery/push-delivery';
import type { AppDeps } from '../trpc/context';
import { type MailJob, sendQueuedMail } from '../services/delivery/mail-delivery';
import { deliverCheckIn } from '../services/delivery/check-in-push';
import { deliverLostAlert } from '../services/delivery/lost-alert-delivery';

export const mailDeps = (deps: AppDeps) => ({
  db: deps.db,
  mailer: deps.mailer,
  publicUrl: deps.config.publicUrl,
});

/** Every instance works every queue; the queue hands each job to one of them. */
export async function startDeliveryWorkers(deps: AppDeps) {
  await deps.jobs.work('notices', (data: { userId: string }) => deliverNotices(deps, data));
  await deps.jobs.work('chat-push', (data: ChatPushJob) => deliverChatPush(deps, data));
  await deps.jobs.work('announce', (data: { id: string }) => deliverAnnouncement(deps, data));
  await deps.jobs.work('check-in', (data: { checkInId: string }) => deliverCheckIn(deps, data));
  await deps.jobs.work('lost-alert', (data: { alertId: string }) => deliverLostAlert(deps, data));
  await deps.jobs.work(
    'event-reminder',
    (data: { eventId: string; type: EventReminderType; startsAt: string }) =>
      deliverEventReminder(deps, data),
  );
  await deps.jobs.work('event-changed', (data: { eventId: string; before: EventPlace }) =>
    deliverEventChange(deps, data),
  );
  await deps.jobs.work('digest', (data: { userId: string }) =>
    sendDigest({ ...deps, links: deps.unsubscribe, publicUrl: deps.config.publicUrl }, data),
  );
  await deps.jobs.work('suspension-end', (data: { userId: string }) => suspensionEnded(deps.db, data.userId));
  await deps.jobs.work('mail', (data: MailJob) => sendQueuedMail(mailDeps(deps), data));
}
