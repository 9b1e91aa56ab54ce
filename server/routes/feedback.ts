/**
 * POST /api/sendMail: a visitor's feedback. The answer 202 {ok, id} comes only once the
 * message and its outbox entry are committed to the store; the outbox mails it later.
 *
 * Every other request gets its reason, and nothing is stored:
 * 405 (another method, with Allow: POST), 403 (an origin that is not allowed), 415 (a body that is
 * not application/json), 413 (a body over 16 KiB), 400 (malformed JSON, or a payload the
 * shared schema refuses, with a reason per field), 429 (over a limit, with Retry-After:
 * per client address, per IPv6 /48 network, or over all visitors per hour), 503 (with
 * Retry-After: the store cannot be written, its disk is below the free-space floor, or too
 * many messages already wait for the disk).
 *
 * A message that looks written by software (spam-signals.ts) is stored as spam: answered
 * 202 like any other, never mailed.
 */
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFeedbackSchema,
  FEEDBACK_ENDPOINT,
  FEEDBACK_LIMITS,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyProblem,
} from '../../common/feedback.ts';
import { QueueFullError, type AcceptanceCap } from '../store/types.ts';
import { spamReason } from './spam-signals.ts';

const ErrorBodySchema = z.strictObject({
  error: z.strictObject({
    /** A stable, machine-readable code, e.g. `invalid_body`. */
    code: z.string(),
    /** What went wrong, in a sentence. */
    message: z.string(),
    /** Each refused field with its reason (400 only). */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
type ErrorBody = z.infer<typeof ErrorBodySchema>;

const AcceptedSchema = z.strictObject({ ok: z.literal(true), id: z.string() });

function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** A cap's key as the store keeps it: a digest, so no address is written down. */
function capKey(kind: string, value: string): string {
  return `${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 22)}`;
}

/**
 * The network of an IPv6 address with this prefix length (a multiple of 16), as
 * `2001:db8:1::/48`; an IPv4 address (or IPv4-mapped IPv6) is itself.
 */
export function networkKey(ip: string, prefixBits: 48 | 64): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]?.split('::') ?? [];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = [...headParts, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailParts];
  return `${parts
    .slice(0, prefixBits / 16)
    .map((part) => part.replace(/^0+(?=.)/, ''))
    .join(':')}::/${prefixBits}`;
}

/**
 * The key a client is limited under: its IPv4 address, or the /64 network of its IPv6
 * address (one household or server gets a whole /64).
 */
export function clientKey(ip: string): string {
  return networkKey(ip, 64);
}

/**
 * At most `limit` accepted messages per client in any window of `windowMs` (a sliding
 * window; default a minute). A slot is reserved before the message is stored and given
 * back when it was not. This instance's own count, in memory: it turns a flood away before
 * it reaches the store, where the same caps are kept for every instance together.
 */
export class AcceptanceLimiter {
  readonly #perMinute: number;
  readonly #maxClients: number;
  readonly #windowMs: number;
  readonly #windows = new Map<string, number[]>();

  /** @param perMinute the limit per window; 0 turns it off. */
  constructor(perMinute: number, maxClients = 100_000, windowMs = 60_000) {
    this.#perMinute = perMinute;
    this.#maxClients = maxClients;
    this.#windowMs = windowMs;
  }

  /** Takes a slot; when none is free, says in how many seconds one will be. */
  reserve(client: string, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    if (this.#perMinute === 0) return { ok: true };
    const recent = (this.#windows.get(client) ?? []).filter((at) => at > now - this.#windowMs);
    if (recent.length >= this.#perMinute) {
      this.#windows.set(client, recent);
      const oldest = recent[0] ?? now;
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.#windowMs - now) / 1000)),
      };
    }
    recent.push(now);
    // Most recently seen clients last, so the oldest go first when the map is full.
    this.#windows.delete(client);
    this.#windows.set(client, recent);
    if (this.#windows.size > this.#maxClients) {
      const first = this.#windows.keys().next();
      if (!first.done) this.#windows.delete(first.value);
    }
    return { ok: true };
  }

  /** Gives back a slot taken at `at` (the message was not stored, or was a replay). */
  release(client: string, at: number): void {
    const recent = this.#windows.get(client);
    const index = recent?.indexOf(at) ?? -1;
    if (recent && index >= 0) recent.splice(index, 1);
  }
}

export interface FeedbackRoutesOptions {
  /** Display names of the site's apps: the only accepted `appName` values. */
  appNames: readonly string[];
  /** Accepted messages per client per minute; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Accepted messages per IPv6 /48 network per minute; 0 turns the limit off. */
  rateLimitPerMinutePer48: number;
  /** Accepted messages per hour over all visitors; 0 turns the cap off. */
  maxPerHour: number;
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The reason for each refused field, from the schema's issues. */
function fieldReasons(issues: readonly ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  // Own keys only: a field may be called "constructor" or "toString".
  const name = (field: string, reason: string) => {
    if (!Object.hasOwn(fields, field)) fields[field] = reason;
  };
  for (const issue of issues) {
    const field = issue.instancePath.split('/')[1] ?? '';
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys) name(String(key), 'is not a known field');
    } else if (field !== '') {
      name(field, issue.message ?? 'is not valid');
    }
  }
  return fields;
}

function bodyMessage(issues: readonly ValidationIssue[]): string {
  const root = issues.find(
    (issue) => issue.instancePath === '/' && issue.keyword === 'invalid_type',
  );
  return root?.message ?? 'Some fields are missing or not valid.';
}

export const feedbackRoutes = fp<FeedbackRoutesOptions>(
  async function feedbackRoutes(instance: FastifyInstance, options) {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);

    const store = app.feedbackStore.intake;
    const outbox = app.feedbackOutbox;
    const schema = createFeedbackSchema(options.appNames);
    const space = app.feedbackStoreSpace;
    const perClient = new AcceptanceLimiter(options.rateLimitPerMinute);
    const perNetwork = new AcceptanceLimiter(options.rateLimitPerMinutePer48);
    const overall = new AcceptanceLimiter(options.maxPerHour, 1, HOUR_MS);
    /** The same caps as kept in the store: over every instance, and across restarts. */
    const storedCaps = (ip: string): AcceptanceCap[] => {
      const caps = [
        {
          key: capKey('client', clientKey(ip)),
          max: options.rateLimitPerMinute,
          windowMs: MINUTE_MS,
        },
      ];
      const network = networkKey(ip, 48);
      if (network.endsWith('/48')) {
        caps.push({
          key: capKey('network', network),
          max: options.rateLimitPerMinutePer48,
          windowMs: MINUTE_MS,
        });
      }
      caps.push({ key: 'all', max: options.maxPerHour, windowMs: HOUR_MS });
      return caps.filter((cap) => cap.max > 0);
    };
    /** Takes a slot of every limit that applies, or none; says when to come back. */
    const reserve = (ip: string, now: number) => {
      const slots: [AcceptanceLimiter, string][] = [[perClient, clientKey(ip)]];
      const network = networkKey(ip, 48);
      if (network.endsWith('/48')) slots.push([perNetwork, network]);
      slots.push([overall, 'all']);
      const taken: typeof slots = [];
      for (const slot of slots) {
        const result = slot[0].reserve(slot[1], now);
        if (!result.ok) {
          for (const [limiter, key] of taken) limiter.release(key, now);
          return { ...result, overall: slot[0] === overall };
        }
        taken.push(slot);
      }
      return {
        ok: true as const,
        release: () => {
          for (const [limiter, key] of taken) limiter.release(key, now);
        },
      };
    };

    const refuse = (
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      body: ErrorBody,
    ): FastifyReply => {
      request.log.info(
        {
          status,
          code: body.error.code,
          ...(body.error.fields ? { fields: Object.keys(body.error.fields) } : {}),
        },
        'feedback refused',
      );
      return reply.code(status).header('Cache-Control', 'no-store').send(body);
    };

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        const issues = error.validation as unknown as ValidationIssue[];
        return refuse(
          request,
          reply,
          400,
          errorBody('invalid_body', bodyMessage(issues), fieldReasons(issues)),
        );
      }
      switch (error.code) {
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return refuse(
            request,
            reply,
            413,
            errorBody(
              'body_too_large',
              `The body is larger than ${FEEDBACK_LIMITS.bodyMaxBytes} bytes.`,
            ),
          );
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return refuse(
            request,
            reply,
            415,
            errorBody('unsupported_media_type', 'Send application/json.'),
          );
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return refuse(
            request,
            reply,
            400,
            errorBody('invalid_json', 'The body is not valid JSON.', {}),
          );
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return refuse(request, reply, status, errorBody('bad_request', error.message));
      }
      request.log.error({ err: error }, 'feedback request failed');
      return reply
        .code(500)
        .header('Cache-Control', 'no-store')
        .send(errorBody('internal', 'Something went wrong on our side. Please try again later.'));
    });

    app.route({
      method: 'POST',
      url: FEEDBACK_ENDPOINT,
      bodyLimit: FEEDBACK_LIMITS.bodyMaxBytes,
      // Checked before the body is read: refused requests cost no parsing.
      onRequest: async (request, reply) => {
        // The allowed origins and CORS live in plugins/feedback-origins.ts.
        if (!instance.feedbackOriginAllowed(request)) {
          return refuse(
            request,
            reply,
            403,
            errorBody('cross_site', 'Feedback is only accepted from this site.'),
          );
        }
        if (mediaType(request.headers['content-type']) !== 'application/json') {
          return refuse(
            request,
            reply,
            415,
            errorBody('unsupported_media_type', 'Send the feedback as application/json.'),
          );
        }
      },
      schema: {
        body: schema,
        response: {
          202: AcceptedSchema,
          400: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
      handler: async (request, reply) => {
        const body = request.body;
        const rawKey = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
        const key = Array.isArray(rawKey) ? rawKey.join(', ') : rawKey;
        if (key !== undefined) {
          const problem = idempotencyKeyProblem(key);
          if (problem) {
            return refuse(
              request,
              reply,
              400,
              errorBody(
                'invalid_idempotency_key',
                `The ${IDEMPOTENCY_KEY_HEADER} header ${problem}.`,
                {
                  [IDEMPOTENCY_KEY_HEADER]: problem,
                },
              ),
            );
          }
        }
        const now = Date.now();
        const accepted = (id: string, replayed: boolean, spam: boolean) => {
          request.log.info({ id, app: body.appName, spam, replayed }, 'feedback accepted');
          return reply.code(202).header('Cache-Control', 'no-store').send({ ok: true, id });
        };

        // A retry of a submission already stored gets the same answer, whatever the limits.
        const replay = async () =>
          key === undefined ? undefined : await store.findReplay(key, now);
        const unavailable = (code: string, message: string, retryAfterSeconds: number) => {
          reply.header('Retry-After', String(retryAfterSeconds));
          return refuse(request, reply, 503, errorBody(code, message));
        };
        /** 429: over a cap of this address (or its network), or over the overall cap. */
        const rateLimited = (retryAfterSeconds: number, overall: boolean) => {
          reply.header('Retry-After', String(retryAfterSeconds));
          return refuse(
            request,
            reply,
            429,
            errorBody(
              'rate_limited',
              overall
                ? 'Too many messages right now; try again later.'
                : 'Too many messages from this address; try again later.',
            ),
          );
        };
        const disk = space.check(now);
        if (!disk.ok) {
          const known = await replay();
          if (known !== undefined) return accepted(known, true, false);
          request.log.error(
            disk,
            'the store’s disk is below its free-space floor (STORE_MIN_FREE_MB)',
          );
          return unavailable(
            'store_full',
            'Feedback cannot be stored right now; try again later.',
            300,
          );
        }
        const slot = reserve(request.ip, now);
        if (!slot.ok) {
          const known = await replay();
          if (known !== undefined) return accepted(known, true, false);
          return rateLimited(slot.retryAfterSeconds, slot.overall);
        }
        const reason = spamReason(body);
        const spam = reason !== undefined;
        let result;
        try {
          result = await store.accept({
            appName: body.appName,
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.email,
            message: body.message,
            spam,
            ...(reason === undefined ? {} : { spamReason: reason }),
            receivedAt: now,
            ...(key === undefined ? {} : { idempotencyKey: key }),
            caps: storedCaps(request.ip),
          });
        } catch (error) {
          slot.release();
          if (error instanceof QueueFullError) {
            request.log.warn({ app: body.appName }, 'too many messages wait for the disk');
            return unavailable(
              'store_busy',
              'Feedback cannot be stored right now; try again in a few seconds.',
              5,
            );
          }
          request.log.error({ err: error, app: body.appName }, 'could not store feedback');
          return unavailable(
            'store_unavailable',
            'Feedback cannot be stored right now; try again later.',
            30,
          );
        }
        if (result.kind === 'capped') {
          // Another instance (or this one, before a restart) took the room meanwhile.
          slot.release();
          const seconds = Math.max(1, Math.ceil((result.retryAt - now) / 1000));
          return rateLimited(seconds, result.key === 'all');
        }
        const replayed = result.kind === 'replayed';
        if (replayed) slot.release();
        else if (!spam) outbox.notify();
        return accepted(result.id, replayed, spam);
      },
    });

    app.route({
      // OPTIONS is the CORS preflight, answered in plugins/feedback-origins.ts.
      method: instance.supportedMethods.filter(
        (method) => method !== 'POST' && method !== 'OPTIONS',
      ),
      url: FEEDBACK_ENDPOINT,
      onRequest: async (request, reply) => {
        reply.header('Allow', 'POST');
        return refuse(
          request,
          reply,
          405,
          errorBody('method_not_allowed', `Use POST to send feedback.`),
        );
      },
      handler: async () => undefined,
    });
  },
  {
    name: 'feedback-routes',
    encapsulate: true,
    dependencies: ['feedback-store', 'feedback-outbox', 'feedback-origins'],
  },
);
