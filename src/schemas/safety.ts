import { z } from 'zod';
import { LIMITS } from '../limits';
import { emailSchema } from './auth';
import { idSchema, optionalText } from './common';

/** What can be reported (DSA Art. 16: the exact item) and why. */
export const REPORT_TARGETS = ['user', 'dog', 'message', 'event', 'announcement'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

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

export const userIdInput = z.object({ userId: idSchema });

export const reportInput = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: idSchema,
  reason: z.enum(REPORT_REASONS, 'validation.reportReasonRequired'),
  details: optionalText(LIMITS.report.detailsMax, 'validation.reportDetailsTooLong'),
  /** Where the reporter hears the decision; a signed-in reporter's own address when left out. */
  contactEmail: emailSchema.optional(),
  /** DSA Art. 16(2)(d): the reporter states the report is made in good faith. */
  goodFaith: z.literal(true, 'validation.goodFaithRequired'),
});

const statement = z
  .string()
  .trim()
  .min(1, 'validation.statementRequired')
  .max(LIMITS.moderation.statementMax, 'validation.statementTooLong');

export const decideReportInput = z
  .object({
    reportId: idSchema,
    action: z.enum(REPORT_DECISIONS),
    /** The statement of reasons the affected user (and the reporter) receive. */
    statement,
    suspendDays: z.number().int().min(1).max(LIMITS.moderation.suspendDaysMax).optional(),
  })
  .refine((input) => input.action !== 'suspend' || input.suspendDays !== undefined, {
    message: 'validation.suspendDaysRequired',
    path: ['suspendDays'],
  });

export const appealInput = z.object({
  actionId: idSchema,
  text: z
    .string()
    .trim()
    .min(1, 'validation.appealRequired')
    .max(LIMITS.moderation.appealMax, 'validation.appealTooLong'),
});

export const decideAppealInput = z.object({ appealId: idSchema, reverse: z.boolean(), statement });

export const reportsInput = z.object({ status: z.enum(REPORT_STATUSES).default('open') }).optional();
