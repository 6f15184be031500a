import { z } from 'zod';
import {
  announcementCreateInput,
  announcementIdInput,
  announcementUpdateInput,
  announcementView,
} from '#shared/schemas/announcements';
import { resumeInput } from '#shared/schemas/likes';
import { backfilled } from '../realtime/backfill';
import * as announcements from '../services/notices/announcements';
import { adminProcedure, publicProcedure, publicSubscription, router } from '../trpc/init';
import { answer } from '../trpc/answer';

export const announcementsRouter = router({
  list: publicProcedure
    .meta({ scope: 'read', summary: 'Announcements.' })
    .output(answer(z.array(announcementView)))
    .query(({ ctx }) => announcements.listAnnouncements(ctx)),

  create: adminProcedure
    .meta({ scope: 'admin', summary: 'Post an announcement (admins).' })
    .input(announcementCreateInput)
    .output(answer(announcementView))
    .mutation(({ ctx, input }) => announcements.createAnnouncement(ctx, ctx.user.id, input)),
  update: adminProcedure
    .meta({ scope: 'admin', summary: 'Change an announcement (admins).' })
    .input(announcementUpdateInput)
    .output(answer(announcementView))
    .mutation(({ ctx, input }) => announcements.updateAnnouncement(ctx, input)),
  remove: adminProcedure
    .meta({ scope: 'admin', summary: 'Remove an announcement (admins).' })
    .input(announcementIdInput)
    .output(answer(z.object({ id: z.string() })))
    .mutation(({ ctx, input }) => announcements.removeAnnouncement(ctx, input.id)),

  /** Created, edited and removed announcements (public, like the list); resumable by event id. */
  onChange: publicSubscription
    .meta({ scope: 'read', summary: 'Created, edited and removed announcements; resumable by event id.' })
    .input(resumeInput)
    .subscription(({ ctx, input, signal }) =>
      backfilled({
        bus: ctx.bus,
        topic: announcements.ANNOUNCEMENTS_TOPIC,
        signal,
        lastEventId: input?.lastEventId,
        latest: () => announcements.latestAnnouncementSeq(ctx),
        changesAfter: (seq) => announcements.announcementChanges(ctx, seq),
      }),
    ),
});
