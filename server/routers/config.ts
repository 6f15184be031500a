import { publicProcedure, router } from '../trpc/init';

/** Settings the web app shows (never secrets). */
export const configRouter = router({
  get: publicProcedure.query(({ ctx }) => ({ donationUrl: ctx.config.donationUrl })),
});
