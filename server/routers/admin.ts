import { z } from 'zod';
import { okOutput } from '#shared/schemas/common';
import {
  appealView,
  auditEntryView,
  decideAppealInput,
  decideReportInput,
  reportsInput,
  reportView,
} from '#shared/schemas/safety';
import { decideSuggestionInput, spotSuggestionView } from '#shared/schemas/spots';
import * as moderation from '../services/safety/moderation';
import * as suggestions from '../services/spots/spot-suggestions';
import { adminProcedure, router } from '../trpc/init';
import { answer } from '../trpc/answer';

/** The moderation console (/admin): admins only. */
export const adminRouter = router({
  reports: adminProcedure
    .meta({ scope: 'admin', summary: 'Reports by status (admins).' })
    .input(reportsInput)
    .output(answer(z.array(reportView)))
    .query(({ ctx, input }) => moderation.listReports(ctx, input?.status ?? 'open')),
  decide: adminProcedure
    .meta({ scope: 'admin', summary: 'Decide a report with a statement of reasons (admins).' })
    .input(decideReportInput)
    .output(answer(z.object({ actionId: z.string() })))
    .mutation(({ ctx, input }) => moderation.decideReport(ctx, ctx.user.id, input)),
  appeals: adminProcedure
    .meta({ scope: 'admin', summary: 'Open appeals (admins).' })
    .output(answer(z.array(appealView)))
    .query(({ ctx }) => moderation.listAppeals(ctx)),
  decideAppeal: adminProcedure
    .meta({ scope: 'admin', summary: 'Answer an appeal (admins).' })
    .input(decideAppealInput)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => moderation.decideAppeal(ctx, ctx.user.id, input)),
  suggestions: adminProcedure
    .meta({ scope: 'admin', summary: 'Waiting suggested changes to places, beside each place now (admins).' })
    .output(answer(z.array(spotSuggestionView)))
    .query(({ ctx }) => suggestions.openSuggestions(ctx)),
  decideSuggestion: adminProcedure
    .meta({ scope: 'admin', summary: 'Apply a suggested change to its place, or turn it down (admins).' })
    .input(decideSuggestionInput)
    .output(answer(okOutput))
    .mutation(({ ctx, input }) => suggestions.decideSuggestion(ctx, ctx.user.id, input)),
  auditLog: adminProcedure
    .meta({ scope: 'admin', summary: 'Every moderation action (admins).' })
    .output(answer(z.array(auditEntryView)))
    .query(({ ctx }) => moderation.auditLog(ctx)),
});
