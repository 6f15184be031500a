import { z } from 'zod';
import { LIMITS } from '../limits';
import { emailSchema } from './auth';
import {
  MODERATION_ACTIONS,
  REPORT_DECISIONS,
  REPORT_ITEM_FIELDS,
  QUEUE_REASONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
} from '../domain/safety';
import { idSchema, optionalText } from './common';
import { photoSchema } from './uploads';

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

/** A user I blocked (settings, to unblock). */
export const blockedUserView = z.object({
  userId: z.string(),
  fullName: z.string(),
  photo: photoSchema.nullable(),
  blockedAt: z.date(),
});
export type BlockedUser = z.infer<typeof blockedUserView>;

/** The receipt of a report (DSA Art. 16(4)). */
export const reportReceipt = z.object({ id: z.string(), receivedAt: z.date() });

/** What a moderator sees of a reported item (issue 30): its snapshot's fields, photos, and a message's chat. */
export const reportItemView = z.object({
  fields: z.array(
    z.object({ field: z.enum(REPORT_ITEM_FIELDS), value: z.union([z.string(), z.array(z.string())]) }),
  ),
  photos: z.array(photoSchema),
  /** The reported message with the messages around it, as they were when it was reported. */
  context: z.array(
    z.object({ sender: z.string(), content: z.string(), sentAt: z.date(), reported: z.boolean() }),
  ),
});
export type ReportItem = z.infer<typeof reportItemView>;

/** A report in the moderators' queue, with its item and the context a decision needs. */
export const reportView = z.object({
  id: z.string(),
  reason: z.enum(QUEUE_REASONS),
  details: z.string().nullable(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  item: reportItemView,
  status: z.enum(REPORT_STATUSES),
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
  reporter: z.object({
    /** Null when the reporter was not signed in (or has no profile). */
    name: z.string().nullable(),
    contactEmail: z.string().nullable(),
    signedIn: z.boolean(),
  }),
  /** The author of the item; null when there is none (or their account is gone). */
  target: z
    .object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      suspendedUntil: z.date().nullable(),
      banned: z.boolean(),
    })
    .nullable(),
  /** Reports about the same item, this one included. */
  sameItem: z.number().int(),
  /** Earlier decisions against the same user. */
  priorActions: z.number().int(),
});

/** An open appeal with the decision it is about. */
export const appealView = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.date(),
  user: z.object({ userId: z.string(), name: z.string() }),
  decision: z.object({
    id: z.string(),
    action: z.enum(MODERATION_ACTIONS),
    statement: z.string(),
    createdAt: z.date(),
  }),
});

/** One moderator action of the audit log: who did what to whom, and why. */
export const auditEntryView = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  statement: z.string(),
  suspendedUntil: z.date().nullable(),
  reportId: z.string().nullable(),
  createdAt: z.date(),
  /** The moderator's name ('' when their profile is gone). */
  admin: z.string(),
  /** The affected user's name; null when the action affected no one (or their profile is gone). */
  target: z.string().nullable(),
});
