/**
 * POST /api/sendMail: a visitor's feedback. The answer 202 {ok, id} comes only once the
 * message and its outbox entry are committed to the store; the outbox mails it later.
 *
 * Every other request gets its reason, and nothing is stored:
 * 405 (another method, with Allow: POST), 403 (an origin that is not allowed), 415 (a body that is
 * not application/json), 413 (a body over 16 KiB), 400 (malformed JSON, or a payload the
 * shared schema refuses, with a reason per field), 429 (over the per-client limit, with
 * Retry-After), 503 (the store cannot be written, with Retry-After).
 */
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
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyProblem,
} from '../../common/feedback.ts';

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

/**
 * The key a client is limited under: its IPv4 address, or the /64 network of its IPv6
 * address (one household or server gets a whole /64).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]?.split('::') ?? [];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = [...headParts, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailParts];
  return `${parts
    .slice(0, 4)
    .map((part) => part.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * At most `perMinute` accepted messages per client in any 60 seconds (a sliding window).
 * A slot is reserved before the message is stored and given back when it was not.
 */
export class AcceptanceLimiter {
  readonly #perMinute: number;
  readonly #maxClients: number;
  readonly #windows = new Map<string, number[]>();

  /** @param perMinute 0 turns the limit off. */
  constructor(perMinute: number, maxClients = 100_000) {
    this.#perMinute = perMinute;
    this.#maxClients = maxClients;
  }

  /** Takes a slot; when none is free, says in how many seconds one will be. */
  reserve(client: string, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    if (this.#perMinute === 0) return { ok: true };
    const recent = (this.#windows.get(client) ?? []).filter((at) => at > now - 60_000);
    if (recent.length >= this.#perMinute) {
      this.#windows.set(client, recent);
      const oldest = recent[0] ?? now;
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + 60_000 - now) / 1000)),
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

    const store = app.feedbackStore;
    const outbox = app.feedbackOutbox;
    const schema = createFeedbackSchema(options.appNames);
    const limiter = new AcceptanceLimiter(options.rateLimitPerMinute);

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

        const client = clientKey(request.ip);
        const slot = limiter.reserve(client, now);
        if (!slot.ok) {
          // A retry of a submission already stored gets the same answer, whatever the limit.
          const known = key === undefined ? undefined : store.findReplay(key, now);
          if (known !== undefined) return accepted(known, true, false);
          reply.header('Retry-After', String(slot.retryAfterSeconds));
          return refuse(
            request,
            reply,
            429,
            errorBody('rate_limited', 'Too many messages from this address; try again later.'),
          );
        }

        const spam = (body[HONEYPOT_FIELD] ?? '') !== '';
        let result;
        try {
          result = await store.accept({
            appName: body.appName,
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.email,
            message: body.message,
            spam,
            receivedAt: now,
            ...(key === undefined ? {} : { idempotencyKey: key }),
          });
        } catch (error) {
          limiter.release(client, now);
          request.log.error({ err: error, app: body.appName }, 'could not store feedback');
          reply.header('Retry-After', '30');
          return refuse(
            request,
            reply,
            503,
            errorBody('store_unavailable', 'Feedback cannot be stored right now; try again later.'),
          );
        }
        if (result.replayed) limiter.release(client, now);
        else if (!spam) outbox.notify();
        return accepted(result.id, result.replayed, spam);
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
