import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

/**
 * `GET /healthz`: 200 while the database answers, 503 otherwise (for load balancers and orchestrators). It asks
 * over a connection of its own (Database.ping), so busy calls holding the pool do not make it late.
 */
export async function healthPlugin(scope: FastifyInstance, { database }: { database: Database }) {
  scope.get('/healthz', async (_req, reply) => {
    try {
      // A database that does not answer (unreachable host, stuck restart) would hold the check for the
      // driver's 30-second connect timeout; load balancers give up long before, so answer 503 sooner.
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database did not answer in 3 s')), 3_000);
      });
      await Promise.race([database.ping(), timeout]).finally(() => clearTimeout(timer));
      return { status: 'ok' };
    } catch (err) {
      scope.log.error({ err }, 'health check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
