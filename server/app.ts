/**
 * Builds the server: plugins and routes, without listening, so tests can `inject`.
 */
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { SiteManifest } from '../common/site-manifest.ts';
import type { Config } from './config.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { healthRoutes } from './routes/health.ts';
import { siteRoutes } from './routes/site.ts';

/** Request limits: slow or stuck clients are cut off. */
export const TIMEOUTS = {
  /** Whole request, from first byte to handler, in ms. */
  requestTimeout: 15_000,
  /** An idle socket before any request, in ms. */
  connectionTimeout: 20_000,
  /** An idle keep-alive socket between requests, in ms. */
  keepAliveTimeout: 5_000,
} as const;

export interface BuildAppOptions {
  config: Config;
  /** The built site to serve; omit to serve only the API (development). */
  site?: { manifest: SiteManifest };
  logger?: FastifyServerOptions['logger'];
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
  };
}

export async function buildApp({
  config,
  site,
  logger,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: config.TRUST_PROXY ?? false,
    ...TIMEOUTS,
    bodyLimit: 16 * 1024,
    return503OnClosing: true,
    // One log line per request, written by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  await app.register(securityHeaders, { hsts: config.PUBLIC_URL.startsWith('https://') });
  await app.register(healthRoutes);
  if (site) {
    await app.register(siteRoutes, {
      clientDir: path.join(config.SITE_DIR, 'client'),
      manifest: site.manifest,
    });
  }
  return app;
}
