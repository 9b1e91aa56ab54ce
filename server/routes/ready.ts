/**
 * GET /readyz: readiness. 200 only when the feedback store takes a write (a real committed
 * write, so a full disk or a read-only mount shows here), with the outbox's state: messages
 * waiting, dead, and the age of the oldest waiting one. 503 otherwise.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface ReadyReport {
  status: 'ready' | 'unavailable';
  store: 'writable' | 'not writable';
  /** 'off' when no mail server is configured: messages wait in the store. */
  delivery: 'on' | 'off';
  pending?: number;
  dead?: number;
  /** Seconds since the oldest waiting message arrived; null when none waits. */
  oldestPendingAgeSeconds?: number | null;
}

export const readyRoutes = fp(
  async function readyRoutes(app: FastifyInstance) {
    app.get('/readyz', async (request, reply) => {
      const delivery = app.feedbackOutbox.enabled ? 'on' : 'off';
      reply.header('Cache-Control', 'no-store');
      const now = Date.now();
      try {
        await app.feedbackStore.write('probeWrite', now);
        const counts = app.feedbackStore.counts();
        const report: ReadyReport = {
          status: 'ready',
          store: 'writable',
          delivery,
          pending: counts.pending,
          dead: counts.dead,
          oldestPendingAgeSeconds:
            counts.oldestPendingReceivedAt === null
              ? null
              : Math.max(0, Math.floor((now - counts.oldestPendingReceivedAt) / 1000)),
        };
        return await reply.send(report);
      } catch (error) {
        request.log.error({ err: error }, 'feedback store is not writable');
        const report: ReadyReport = { status: 'unavailable', store: 'not writable', delivery };
        return reply.code(503).send(report);
      }
    });
  },
  { name: 'ready-routes', dependencies: ['feedback-store', 'feedback-outbox'] },
);
