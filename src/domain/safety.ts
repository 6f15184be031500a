/**
 * Reports and moderation (issue 18): what can be reported and why, and what moderators decide. Without zod,
 * so the web's dialogs list them without loading the schemas.
 */

/** What can be reported (DSA Art. 16: the exact item) and why. */
export const REPORT_TARGETS = [
  'user',
  'dog',
  'message',
  'event',
  'announcement',
  'event_message',
  'spot',
] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** A reported item's snapshot fields a moderator reads, in this order (its other fields are ids and photos). */
export const REPORT_ITEM_FIELDS = [
  'fullName',
  'name',
  'title',
  'breed',
  'birthMonth',
  'content',
  'description',
  'traits',
  'eventDate',
  'eventTime',
  'locationName',
  'location',
  'city',
  'country',
  'sentAt',
] as const;
export type ReportItemField = (typeof REPORT_ITEM_FIELDS)[number];

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'inappropriate',
  'fake',
  'animal_welfare',
  'illegal',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * Every reason a report in the queue may have: people's, and `review`, the app's own for a new account's
 * place waiting to be published (issue 33). Nobody can report with `review`.
 */
export const QUEUE_REASONS = [...REPORT_REASONS, 'review'] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;

/**
 * What an admin may do about a report (each with a statement of reasons to the user it affects, DSA Art. 17),
 * and the two answers to an appeal; every one is written to the audit log.
 */
export const MODERATION_ACTIONS = [
  'dismiss',
  'remove_content',
  'warn',
  'suspend',
  'ban',
  'appeal_upheld',
  'appeal_reversed',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const REPORT_DECISIONS = ['dismiss', 'remove_content', 'warn', 'suspend', 'ban'] as const;

export const APPEAL_STATUSES = ['open', 'upheld', 'reversed'] as const;
