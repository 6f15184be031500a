import { z } from 'zod';
import { publicProcedure, router } from '../trpc/init';
import { answer } from '../trpc/answer';

/** Settings the web app shows (never secrets). */
export const configRouter = router({
  get: publicProcedure
    .meta({ scope: 'read', summary: 'Public settings of this server.' })
    .output(answer(z.object({ donationUrl: z.string().nullable(), mapTileUrl: z.string() })))
    .query(({ ctx }) => ({ donationUrl: ctx.config.donationUrl, mapTileUrl: ctx.config.mapTiles.url })),
});
