import { decideAppealInput, decideReportInput, reportsInput } from '#shared/schemas/safety';
import * as moderation from '../services/safety/moderation';
import { adminProcedure, router } from '../trpc/init';

/** The moderation console (/admin): admins only. */
export const adminRouter = router({
  reports: adminProcedure
    .input(reportsInput)
    .query(({ ctx, input }) => moderation.listReports(ctx, input?.status ?? 'open')),
  decide: adminProcedure
    .input(decideReportInput)
    .mutation(({ ctx, input }) => moderation.decideReport(ctx, ctx.user.id, input)),
  appeals: adminProcedure.query(({ ctx }) => moderation.listAppeals(ctx)),
  decideAppeal: adminProcedure
    .input(decideAppealInput)
    .mutation(({ ctx, input }) => moderation.decideAppeal(ctx, ctx.user.id, input)),
  auditLog: adminProcedure.query(({ ctx }) => moderation.auditLog(ctx)),
});
