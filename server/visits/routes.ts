/**
 * POST /api/visit: a page's visit beacon (common/visits.ts), sent with `sendBeacon` as a
 * text/plain JSON body. The answer is 204 whether it was counted or not: nothing is
 * counted from a browser that asks not to be tracked (`Sec-GPC: 1`, `DNT: 1`), from a bot
 * (isbot's list, or no user agent), from a page at an origin the settings do not name
 * (logged at warn, once per origin), from a request that names no origin and is not marked
 * same-origin by the browser (`Sec-Fetch-Site`), or while counting is off. The beacon is counted in
 * memory (server/visits/counter.ts); the store is written at the next flush, never here.
 *
 * Its limits are its own, apart from feedback's, and checked before the body is read:
 * per client (an IPv4 address or an IPv6 /64) a minute, and over all clients a second;
 * past them 429 with Retry-After. 413: a body over 1 KiB; 415: not text/plain or
 * application/json; 400: a beacon that is not one.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isbot } from 'isbot';
import { z } from 'zod';
import type { RoutableApp } from '../../common/paths.ts';
import { VISIT_BEACON_MAX_BYTES, VISIT_BUTTONS, VISIT_ENDPOINT } from '../../common/visits.ts';
import { systemClock, type Clock } from '../clock.ts';
import { clientKey } from '../intake/addresses.ts';
import { AcceptanceLimiter, MINUTE_MS, secondsUntil } from '../intake/policy.ts';
import type { VisitEvent } from './counter.ts';
import { deviceClass, pageIndex } from './pages.ts';

/** A domain name, as a referrer's is sent: letters, digits, hyphens and dots. */
const DOMAIN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const BeaconSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('view'),
    path: z.string().min(1).max(2048).startsWith('/'),
    referrer: z.string().max(253).regex(DOMAIN).optional(),
  }),
  z.strictObject({
    kind: z.enum(['click', 'qr']),
    app: z.string().min(1).max(100),
    button: z.enum(VISIT_BUTTONS),
  }),
]);

export interface VisitLimits {
  /** Beacons per client a minute; 0 turns the limit off. */
  perClientPerMinute: number;
  /** Beacons over all clients a second; 0 turns the limit off. */
  perSecond: number;
}

export interface VisitRoutesOptions {
  /** The site's apps: their pages, and the slugs a click may name. */
  apps: readonly RoutableApp[];
  /** Origins whose pages send beacons (those allowed to send feedback). */
  origins: readonly string[];
  limits: VisitLimits;
  clock?: Clock;
}

/** At most `limit` beacons in each second over every client; 0 turns it off. */
class SecondCap {
  #second = 0;
  #used = 0;
  constructor(readonly limit: number) {}

  take(now: number): boolean {
    if (this.limit === 0) return true;
    const second = Math.floor(now / 1000);
    if (second !== this.#second) {
      this.#second = second;
      this.#used = 0;
    }
    this.#used += 1;
    return this.#used <= this.limit;
  }
}

/** User agents seen lately and whether each is a bot: a flood repeats a few of them. */
const AGENTS_REMEMBERED = 1000;

function botCheck(): (userAgent: string) => boolean {
  const known = new Map<string, boolean>();
  return (userAgent) => {
    let bot = known.get(userAgent);
    if (bot === undefined) {
      if (known.size >= AGENTS_REMEMBERED) known.clear();
      bot = isbot(userAgent);
      known.set(userAgent, bot);
    }
    return bot;
  };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A referrer's domain as it is counted: lower case, without `www.`. */
function referrerDomain(domain: string): string {
  return domain.toLowerCase().replace(/^www\./, '');
}

export const visitRoutes = fp<VisitRoutesOptions>(
  async function visitRoutes(app: FastifyInstance, options) {
    const clock = options.clock ?? systemClock;
    const allowed = new Set(options.origins);
    const slugs = new Set(options.apps.map((entry) => entry.slug));
    const pageOf = pageIndex(options.apps);
    const perClient = new AcceptanceLimiter(options.limits.perClientPerMinute, 100_000, MINUTE_MS);
    const overall = new SecondCap(options.limits.perSecond);
    const isBot = botCheck();
    // A page at an address the settings do not name sends beacons that are not counted;
    // said once per origin (a few), since the page would say nothing: its visitors would
    // see an error for each beacon refused, so it is answered like any other.
    const told = new Set<string>();
    const foreignOrigin = (request: FastifyRequest, origin: string | undefined) => {
      const name = origin ?? 'a page of another site';
      if (told.has(name) || told.size >= 20) return;
      told.add(name);
      request.log.warn(
        { origin: origin ?? null },
        'visit beacons from this origin are not counted: allow it with PUBLIC_URL or SITE_ORIGINS if it is this site',
      );
    };

    // A beacon is a no-cors request: from pages on another origin (a static host in front of
    // this API), an answer only this origin may read would be reported as a failed load.
    const answer = (reply: FastifyReply, status: number) =>
      reply
        .code(status)
        .header('Cache-Control', 'no-store')
        .header('Cross-Origin-Resource-Policy', 'cross-origin');
    const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
      answer(reply, status).send({ error: { code, message } });
    const nothing = (reply: FastifyReply) => answer(reply, 204).send();

    app.setErrorHandler((error: FastifyError, _request, reply) => {
      switch (error.code) {
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return refuse(
            reply,
            413,
            'body_too_large',
            `A beacon is at most ${VISIT_BEACON_MAX_BYTES} bytes.`,
          );
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return refuse(
            reply,
            415,
            'unsupported_media_type',
            'Send text/plain or application/json.',
          );
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return refuse(reply, 400, 'invalid_beacon', 'The body is not a beacon.');
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) return refuse(reply, status, 'bad_request', error.message);
      reply.log.error({ err: error }, 'visit beacon failed');
      return refuse(reply, 500, 'internal', 'Something went wrong on our side.');
    });

    app.route({
      method: 'POST',
      url: VISIT_ENDPOINT,
      bodyLimit: VISIT_BEACON_MAX_BYTES,
      // Everything that refuses, or counts nothing, is decided before the body is read.
      onRequest: async (request, reply) => {
        if (!app.visitCounter) return nothing(reply);
        if (header(request, 'sec-gpc') === '1' || header(request, 'dnt') === '1') {
          return nothing(reply);
        }
        const userAgent = header(request, 'user-agent');
        if (!userAgent || isBot(userAgent)) return nothing(reply);
        // A browser says where the page is: its Origin (every POST carries it), or at least
        // that it is this site's own page. A request that says neither is not a browser on
        // the site (a script's), and counts nothing.
        const origin = header(request, 'origin');
        const sameSite =
          origin === undefined
            ? header(request, 'sec-fetch-site') === 'same-origin'
            : allowed.has(origin);
        if (!sameSite) {
          foreignOrigin(request, origin);
          return nothing(reply);
        }
        const now = clock.now();
        const slot = perClient.reserve(clientKey(request.ip), now);
        if (!slot.ok) {
          reply.header('Retry-After', String(slot.retryAfterSeconds));
          return refuse(reply, 429, 'rate_limited', 'Too many beacons from this address.');
        }
        if (!overall.take(now)) {
          reply.header('Retry-After', String(secondsUntil(now + 1000, now)));
          return refuse(reply, 429, 'rate_limited', 'Too many beacons at once.');
        }
      },
      handler: async (request, reply) => {
        const counter = app.visitCounter;
        if (!counter) return nothing(reply);
        let body: unknown = request.body;
        if (typeof body === 'string') {
          try {
            body = JSON.parse(body) as unknown;
          } catch {
            body = undefined;
          }
        }
        const parsed = BeaconSchema.safeParse(body);
        if (!parsed.success)
          return refuse(reply, 400, 'invalid_beacon', 'The body is not a beacon.');
        const beacon = parsed.data;
        let event: VisitEvent;
        if (beacon.kind === 'view') {
          event = {
            kind: 'view',
            page: pageOf(beacon.path),
            referrer: beacon.referrer === undefined ? undefined : referrerDomain(beacon.referrer),
          };
        } else {
          if (!slugs.has(beacon.app)) return refuse(reply, 400, 'unknown_app', 'No such app.');
          event = beacon;
        }
        const userAgent = header(request, 'user-agent') ?? '';
        counter.count(event, {
          identity: `${clientKey(request.ip)}\n${userAgent}`,
          device: deviceClass(userAgent),
        });
        return nothing(reply);
      },
    });
  },
  { name: 'visit-routes', encapsulate: true, dependencies: ['visits'] },
);
