/**
 * The Visits section's API: the visit counts of the last 7, 30 or 365 days (the store's
 * report). Needs a session, as every route of the owner's API (plugin.ts checks it first).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VisitsQuerySchema, type VisitsAnswer } from '../../common/owner-api.ts';
import type { RoutableApp } from '../../common/paths.ts';
import type { Clock } from '../clock.ts';

export interface VisitsRoutesOptions {
  clock: Clock;
  /** The site's apps: each app's counts carry its name (the slug where it has none now) and icon. */
  apps: readonly RoutableApp[];
}

export async function visitsRoutes(
  instance: FastifyInstance,
  { clock, apps }: VisitsRoutesOptions,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const stats = instance.visitStats;
  const byApp = new Map(apps.map((entry) => [entry.slug, entry]));

  app.get('/visits', { schema: { querystring: VisitsQuerySchema } }, async (request) => {
    const report = await stats.report(request.query.days, clock.now());
    return {
      range: report.range,
      totals: report.totals,
      days: report.days,
      pages: report.pages,
      apps: report.apps.map(({ app, views, visitors, storeClicks, clickThroughRate }) => ({
        app,
        name: byApp.get(app)?.name ?? app,
        ...(byApp.get(app)?.icon ? { icon: byApp.get(app)?.icon } : {}),
        views,
        visitors,
        storeClicks,
        clickThroughRate,
      })),
      referrers: report.referrers,
      notFound: report.notFound,
    } satisfies VisitsAnswer;
  });
}
