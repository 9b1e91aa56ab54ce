/**
 * Builds the server: plugins and routes, without listening, so tests can `inject`.
 */
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import type { RoutableApp } from '../common/paths.ts';
import type { SiteManifest } from '../common/site-manifest.ts';
import type { LanguageSite } from './site-manifest.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { feedbackOutboxPlugin } from './mail/plugin.ts';
import { pushNotificationsPlugin } from './notify/plugin.ts';
import { ownerPages } from './owner/plugin.ts';
import { ownerRepository } from './owner/repository-plugin.ts';
import { ownerSettings } from './owner/settings.ts';
import { feedbackOrigins } from './plugins/feedback-origins.ts';
import {
  clientErrorAnswer,
  errorAnswerHeaders,
  securityHeaders,
} from './plugins/security-headers.ts';
import { feedbackRoutes } from './intake/feedback-routes.ts';
import { intakeRepository } from './intake/repository-plugin.ts';
import { healthRoutes } from './routes/health.ts';
import { readyRoutes } from './routes/ready.ts';
import { FILES_ROUTE, siteRoutes } from './routes/site.ts';
import { storePlugin } from './store/plugin.ts';
import { visitRoutes } from './visits/routes.ts';
import { visitsPlugin } from './visits/plugin.ts';
import { visitRepository } from './visits/repository-plugin.ts';
import { VISIT_ENDPOINT } from '../common/visits.ts';

/** Request limits: slow or stuck clients are cut off. */
export const TIMEOUTS = {
  /** Whole request, from first byte to handler, in ms. */
  requestTimeout: 15_000,
  /** An idle socket before any request, in ms. */
  connectionTimeout: 20_000,
  /**
   * An idle keep-alive socket between requests, in ms: longer than the idle time-outs of
   * common reverse proxies and load balancers (60 s), so a proxy never reuses a socket the
   * server has just closed.
   */
  keepAliveTimeout: 72_000,
} as const;

export interface BuildAppOptions {
  config: Config;
  /**
   * The built site to serve, with its other languages, each under its prefix (`/es/…`);
   * omit to serve only the API (development).
   */
  site?: { manifest: SiteManifest; languages?: readonly LanguageSite[] };
  /**
   * The apps whose feedback is accepted, with the slugs of their pages (where a form post's
   * answer leads); default the built site's apps.
   */
  apps?: readonly RoutableApp[];
  /**
   * Display names of the apps the feedback form accepts; default the names of `apps`. Alone,
   * for a server whose tests post no form: a form post's answer then leads to the home page.
   */
  appNames?: readonly string[];
  /**
   * The site's other languages (`es`): a message from a page in one is stored with it, and a
   * form post's answer leads to that language's page. Default the built site's.
   */
  languages?: readonly string[];
  /** The site's default language (`en`): the words of a refused form's page from no other. */
  defaultLanguage?: string;
  logger?: FastifyServerOptions['logger'];
  /** Shorter request time-outs (tests of slow clients); default TIMEOUTS. */
  timeouts?: Partial<Record<keyof typeof TIMEOUTS, number>>;
  /** Longest sleep of the mail outbox between looks at the store, in ms; default 5000. */
  outboxIdleCheckMs?: number;
  /** Commit feedback on a writer thread; default true (false: on the event loop's thread). */
  storeWriterThread?: boolean;
  /** Messages waiting for their commit at most; past it, 503. Default DEFAULT_QUEUE_LIMIT (server/store/limits.ts). */
  storeQueueLimit?: number;
  /**
   * The owner's page (the build's owner/index.html), served at /owner; without it, /owner
   * says the build lacks it.
   */
  ownerPage?: string;
  /**
   * Where every part of the server reads the time (receipt times, the limits' windows,
   * readiness, the store's sweep, the mail outbox) and what times its waits (the outbox's and
   * the notifier's sleeps, readiness's time limit, the sweeps, the visit counter's flushes);
   * default the system's clock. Tests pass one they move by hand.
   */
  clock?: Clock;
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
  apps = site?.manifest.apps ?? [],
  appNames = apps.map((entry) => entry.name),
  languages = site?.manifest.otherLanguages ?? [],
  defaultLanguage = site?.manifest.language ?? 'en',
  logger,
  timeouts,
  outboxIdleCheckMs,
  storeWriterThread = true,
  storeQueueLimit,
  ownerPage,
  clock = systemClock,
}: BuildAppOptions): Promise<FastifyInstance> {
  const limits = { ...TIMEOUTS, ...timeouts };
  const hsts = config.PUBLIC_URL.startsWith('https://');
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: config.TRUST_PROXY ?? false,
    ...limits,
    http: {
      // Node only enforces requestTimeout when headersTimeout is not longer, and checks both
      // every 30 s by default: a client that trickles its request is cut off within a second.
      headersTimeout: limits.requestTimeout,
      connectionsCheckingInterval: 1_000,
    },
    bodyLimit: 16 * 1024,
    return503OnClosing: true,
    // Refused by Node's parser before any hook runs: the answer is written here, with the
    // same security headers as every other.
    clientErrorHandler(error: NodeJS.ErrnoException, socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      // As Node does: an answer only where none has begun on this connection.
      const answer = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
      if (socket.writable && !answer?.headersSent) {
        socket.end(clientErrorAnswer(error.code, hsts));
      } else {
        socket.destroy(error);
      }
    },
    // An address the router cannot decode is refused before any hook runs as well.
    frameworkErrors(error, _request, reply) {
      void (reply as FastifyReply)
        .headers(errorAnswerHeaders(hsts))
        .code(400)
        .send({ error: { code: 'bad_request', message: error.message } });
    },
    // One log line per request, written by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
  });

  app.addHook('onResponse', (request, reply, done) => {
    // Static files (scripts, styles, images) are most of a visit's requests and say little:
    // their successes go to debug, so the log shows pages, API calls and every error. So do
    // visit beacons, whatever their answer short of a failure: a flood of them must not
    // become a flood of log lines.
    const route = request.routeOptions.url;
    const quiet =
      (route === FILES_ROUTE && reply.statusCode < 400) ||
      (route === VISIT_ENDPOINT && reply.statusCode < 500);
    request.log[quiet ? 'debug' : 'info'](
      {
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });

  await app.register(securityHeaders, { hsts });
  await app.register(healthRoutes);
  await app.register(storePlugin, {
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    databaseTimeoutMs: config.DATABASE_TIMEOUT_MS,
    writerThread: storeWriterThread,
    minFreeBytes: config.STORE_MIN_FREE_MB * 1024 * 1024,
    capsKey: config.CAPS_KEY,
  });
  // Each feature's repository over the store's connection.
  await app.register(intakeRepository, {
    ...(storeQueueLimit === undefined ? {} : { queueLimit: storeQueueLimit }),
    clock,
  });
  await app.register(ownerRepository);
  await app.register(visitRepository);
  const owner = ownerSettings(config);
  await app.register(pushNotificationsPlugin, {
    url: config.NOTIFY_URL,
    format: config.NOTIFY_FORMAT,
    details: config.NOTIFY_DETAILS,
    pagesUrl: owner.pagesUrl,
    clock,
    ...(outboxIdleCheckMs === undefined ? {} : { idleCheckMs: outboxIdleCheckMs }),
  });
  await app.register(feedbackOutboxPlugin, {
    smtpUrl: config.SMTP_URL,
    mailTo: config.MAIL_TO,
    mailFrom: config.MAIL_FROM,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    giveUpAfterHours: config.MAIL_GIVE_UP_AFTER_HOURS,
    leaseMs: config.MAIL_LEASE_MS,
    maxPerHour: config.MAIL_MAX_PER_HOUR,
    sendTimeoutMs: config.MAIL_SEND_TIMEOUT_MS,
    pauseRetryMs: config.MAIL_PAUSE_RETRY_MS,
    tlsCa: config.SMTP_TLS_CA,
    notifyPause: config.NOTIFY_URL !== undefined,
    ...(outboxIdleCheckMs === undefined ? {} : { idleCheckMs: outboxIdleCheckMs }),
    clock,
  });
  await app.register(feedbackOrigins, { origins: config.FEEDBACK_ORIGINS });
  await app.register(feedbackRoutes, {
    appNames,
    apps,
    publicUrl: site?.manifest.publicUrl ?? config.PUBLIC_URL,
    languages,
    defaultLanguage,
    limits: {
      rateLimitPerMinute: config.FEEDBACK_RATE_LIMIT_PER_MINUTE,
      rateLimitPerMinutePer48: config.FEEDBACK_RATE_LIMIT_PER_48,
      rateLimitPerHour: config.FEEDBACK_RATE_LIMIT_PER_HOUR,
      rateLimitPerHourPer48: config.FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR,
      maxPerHour: config.FEEDBACK_MAX_PER_HOUR,
      maxHeldPerHour: config.FEEDBACK_MAX_HELD_PER_HOUR,
    },
    clock,
  });
  await app.register(visitsPlugin, {
    enabled: config.VISITS_ENABLED,
    flushMs: config.VISITS_FLUSH_MS,
    retentionDays: config.VISITS_RETENTION_DAYS,
    clock,
  });
  await app.register(visitRoutes, {
    apps,
    origins: config.FEEDBACK_ORIGINS,
    limits: {
      perClientPerMinute: config.VISITS_RATE_LIMIT_PER_MINUTE,
      perSecond: config.VISITS_MAX_PER_SECOND,
    },
    clock,
  });
  await app.register(readyRoutes, { clock });
  await app.register(ownerPages, {
    settings: owner,
    page: ownerPage,
    apps,
    appNames,
    clock,
  });
  if (site) {
    for (const { code, manifest } of site.languages ?? []) {
      await app.register(
        async (scope) => {
          await scope.register(siteRoutes, {
            clientDir: path.join(config.SITE_DIR, 'client', code),
            manifest,
          });
        },
        { prefix: `/${code}` },
      );
    }
    await app.register(siteRoutes, {
      clientDir: path.join(config.SITE_DIR, 'client'),
      manifest: site.manifest,
      apart: (site.languages ?? []).map((language) => language.code),
    });
  }
  return app;
}
