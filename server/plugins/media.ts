import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { uploadRoute } from '../media/upload-route';
import { MEDIA_PREFIX } from '../storage/fs-storage';
import type { AppDeps } from '../trpc/context';

/** Photo uploads, and the photos themselves when they live on local storage (S3 serves its own). */
export async function mediaPlugin(
  scope: FastifyInstance,
  { deps, uploadsDir }: { deps: AppDeps; uploadsDir: string },
) {
  await uploadRoute(scope, deps);
  if (!deps.config.s3) await serveMedia(scope, uploadsDir);
}

/** Photos from local storage. Names are random and never reused, so browsers may keep them for good. */
async function serveMedia(app: FastifyInstance, root: string) {
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
