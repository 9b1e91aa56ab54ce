import type { FastifyInstance } from 'fastify';

/** Liveness: the process is up and answering. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
  });
}
