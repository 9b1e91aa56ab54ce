/**
 * Which origins may send feedback, and CORS for them: when the pages live on a static host
 * and the API elsewhere, the browser asks first (a preflight) and only sends the message
 * when the answer names its origin. Exactly the allowed origins are named, never `*`; every
 * other origin is refused, and the refusal is logged at warn with the origin it carried, so
 * a wrong PUBLIC_URL or SITE_ORIGINS shows in the log at once.
 *
 * CORS is for the JSON route only: the form route (POST /api/sendMail/form) takes a form
 * that the browser posts itself, a simple request that needs no preflight, whose answer (a
 * redirect or a page) no script reads. Its origin is checked all the same, by the same
 * rule, with one addition: the API's own origin, where the page that shows a refused form
 * again lives, so the form posted from there is not refused when the pages live elsewhere.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FEEDBACK_ENDPOINT, IDEMPOTENCY_KEY_HEADER } from '../../common/feedback.ts';

/** Request headers a browser may send to the API from an allowed origin. */
const ALLOWED_HEADERS = ['Content-Type', IDEMPOTENCY_KEY_HEADER];
/** How long a browser may reuse a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export interface FeedbackOriginsOptions {
  /** Origins allowed to post feedback (config FEEDBACK_ORIGINS). */
  origins: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a request may post feedback; a refusal is logged with its origin. */
    feedbackOriginAllowed(request: FastifyRequest): boolean;
    /**
     * Whether a form post may send feedback: as `feedbackOriginAllowed`, or from the API's
     * own origin (its page that shows a refused form again); a refusal is logged.
     */
    feedbackFormOriginAllowed(request: FastifyRequest): boolean;
    /** The request's Origin when it is one of the allowed origins (a page of the site). */
    feedbackSiteOrigin(request: FastifyRequest): string | undefined;
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function logRefusal(request: FastifyRequest, origin: string | undefined): void {
  request.log.warn(
    { origin: origin ?? null, secFetchSite: request.headers['sec-fetch-site'] ?? null },
    'feedback refused for its origin: allow it with PUBLIC_URL or SITE_ORIGINS if it is this site',
  );
}

export const feedbackOrigins = fp<FeedbackOriginsOptions>(
  async function feedbackOrigins(app: FastifyInstance, { origins }) {
    const allowed = new Set(origins);

    app.decorate('feedbackOriginAllowed', (request: FastifyRequest) => {
      const origin = headerValue(request.headers.origin);
      // Browsers send Origin with every POST; without one, a cross-site fetch metadata
      // header still tells a foreign page.
      const ok =
        origin === undefined
          ? request.headers['sec-fetch-site'] !== 'cross-site'
          : allowed.has(origin);
      if (!ok) logRefusal(request, origin);
      return ok;
    });

    app.decorate('feedbackFormOriginAllowed', (request: FastifyRequest) => {
      const origin = headerValue(request.headers.origin);
      // Behind a proxy, protocol and host are the browser's only when TRUST_PROXY names it.
      const own = `${request.protocol}://${request.host}`;
      return origin === own || app.feedbackOriginAllowed(request);
    });

    app.decorate('feedbackSiteOrigin', (request: FastifyRequest) => {
      const origin = headerValue(request.headers.origin);
      return origin !== undefined && allowed.has(origin) ? origin : undefined;
    });

    const allowOrigin = (request: FastifyRequest, reply: FastifyReply) => {
      const origin = headerValue(request.headers.origin);
      reply.header('Vary', 'Origin');
      if (origin !== undefined && allowed.has(origin)) {
        reply.header('Access-Control-Allow-Origin', origin);
        return true;
      }
      return false;
    };

    // Every answer of the API to an allowed origin names it, so the browser lets the page
    // read the status (success, refusal, rate limit alike).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.routeOptions.url === FEEDBACK_ENDPOINT && request.method !== 'OPTIONS') {
        allowOrigin(request, reply);
      }
      done(null, payload);
    });

    app.options(FEEDBACK_ENDPOINT, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const method = headerValue(request.headers['access-control-request-method']);
      const asked = (headerValue(request.headers['access-control-request-headers']) ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean);
      const allowedHeaders = ALLOWED_HEADERS.map((name) => name.toLowerCase());
      if (!allowOrigin(request, reply)) {
        logRefusal(request, headerValue(request.headers.origin));
        return reply.code(403).send();
      }
      if (method !== 'POST' || asked.some((name) => !allowedHeaders.includes(name))) {
        reply.removeHeader('Access-Control-Allow-Origin');
        return reply.code(403).send();
      }
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'POST')
        .header('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '))
        .header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS))
        .send();
    });
  },
  { name: 'feedback-origins' },
);
