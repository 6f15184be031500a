import { z } from 'zod';
import { LIMITS } from '../limits';
import { emailSchema } from './auth';
import { REPORT_DECISIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from '../domain/safety';
import { idSchema, optionalText } from './common';

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
