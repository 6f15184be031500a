import fastifyMultipart from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, type AppErrorCode, TRPC_CODE_OF } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import { uploadQuery } from '#shared/schemas/uploads';
import { authorizeTokenCall } from '../auth/scopes';
import { storeUpload } from '../services/uploads';
import { type AppDeps, isCrossOrigin, resolveUser, tokenFrom } from '../trpc/context';

function sendError(reply: FastifyReply, code: AppErrorCode, meta?: Record<string, string | number>) {
  const status = getHTTPStatusCodeFromError(new TRPCError({ code: TRPC_CODE_OF[code] }));
  return reply.code(status).send({ code, ...(meta ? { meta } : {}) });
}

/**
 * `POST /api/uploads?kind=dog|profile|event` with one multipart field `file` → `{ key, urls }`.
 * The photo belongs to the uploader and is removed after a day unless a dog, profile or event uses it.
 */
export async function uploadRoute(app: FastifyInstance, deps: AppDeps) {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: LIMITS.upload.maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    });
    scope.post('/api/uploads', async (req, reply) => {
      if (isCrossOrigin(req.headers, deps.config.publicUrl)) return sendError(reply, 'CROSS_ORIGIN');
      const { user, access } = await resolveUser(deps.sessions.validate, tokenFrom(req.headers, req.cookies));
      if (!user) return sendError(reply, 'UNAUTHENTICATED');
      if (access) {
        // An upload is a write: a personal access token needs the scope, and the call counts against its limit.
        try {
          await authorizeTokenCall(deps.db, access, 'write');
        } catch (error) {
          if (error instanceof AppError) return sendError(reply, error.code, error.meta);
          throw error;
        }
      }
      const query = uploadQuery.safeParse(req.query);
      if (!query.success) return sendError(reply, 'VALIDATION');

      let input: Buffer;
      try {
        const part = req.isMultipart() ? await req.file() : undefined;
        if (!part || part.fieldname !== 'file') return sendError(reply, 'UPLOAD_NO_FILE');
        input = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          return sendError(reply, 'UPLOAD_TOO_LARGE');
        req.log.info({ err: error }, 'unreadable upload');
        return sendError(reply, 'UPLOAD_NO_FILE');
      }

      try {
        const photo = await storeUpload(deps, user.id, query.data.kind, input);
        const { key, ...urls } = photo;
        return { key, urls };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'UPLOAD_FAILED') req.log.error({ err: error.cause }, 'upload failed');
        return sendError(reply, error.code, error.meta);
      }
    });
  });
}
