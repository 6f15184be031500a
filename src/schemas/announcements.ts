import { z } from 'zod';
import { LIMITS } from '../limits';
import { idSchema } from './common';
import { ONE_LINE_MESSAGE, oneLine } from './text';

export const UPDATE_TYPES = ['general', 'feature', 'maintenance', 'announcement'] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];

const announcementFields = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'validation.titleRequired')
    .max(LIMITS.announcement.titleMax, 'validation.titleTooLong')
    .refine(oneLine, ONE_LINE_MESSAGE),
  content: z
    .string()
    .trim()
    .min(1, 'validation.contentRequired')
    .max(LIMITS.announcement.contentMax, 'validation.contentTooLong'),
  updateType: z.enum(UPDATE_TYPES, 'validation.updateTypeInvalid').default('general'),
});

export const announcementCreateInput = announcementFields;
export const announcementUpdateInput = announcementFields.extend({ id: idSchema });
export const announcementIdInput = z.object({ id: idSchema });

/** An announcement as every answer and the live stream give it. */
export const announcementView = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  updateType: z.enum(UPDATE_TYPES),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Announcement = z.infer<typeof announcementView>;
