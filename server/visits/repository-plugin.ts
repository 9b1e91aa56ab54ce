/** The visits' repositories over the store's connection: the counter's sums, the reports. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { visitRecorder, visitStats } from './store.ts';
import type { VisitRecorder, VisitStats } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The visit counter's sums and the day's salt. */
    visitRecorder: VisitRecorder;
    /** The owner's reading of visits. */
    visitStats: VisitStats;
  }
}

export const visitRepository = fp(
  async function visitRepository(app: FastifyInstance) {
    app.decorate('visitRecorder', visitRecorder(app.db));
    app.decorate('visitStats', visitStats(app.db));
  },
  { name: 'visit-repository', dependencies: ['store'] },
);
