import {
  announcementCreateInput,
  announcementIdInput,
  announcementUpdateInput,
} from '#shared/schemas/announcements';
import { resumeInput } from '#shared/schemas/likes';
import { backfilled } from '../realtime/backfill';
import * as announcements from '../services/notices/announcements';
import { adminProcedure, publicProcedure, publicSubscription, router } from '../trpc/init';

export const announcementsRouter = router({
  list: publicProcedure.query(({ ctx }) => announcements.listAnnouncements(ctx)),

  create: adminProcedure
    .input(announcementCreateInput)
    .mutation(({ ctx, input }) => announcements.createAnnouncement(ctx, ctx.user.id, input)),
  update: adminProcedure
    .input(announcementUpdateInput)
    .mutation(({ ctx, input }) => announcements.updateAnnouncement(ctx, input)),
  remove: adminProcedure
    .input(announcementIdInput)
    .mutation(({ ctx, input }) => announcements.removeAnnouncement(ctx, input.id)),

  /** Created, edited and removed announcements (public, like the list); resumable by event id. */
  onChange: publicSubscription.input(resumeInput).subscription(({ ctx, input, signal }) =>
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
