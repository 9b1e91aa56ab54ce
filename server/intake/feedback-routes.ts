/**
 * POST /api/sendMail: a visitor's feedback, as the page's script sends it. The answer 202
 * {ok, id} comes only once the message and its outbox entry are committed to the store; the
 * outbox mails it later.
 *
 * Every other request gets its reason, and nothing is stored:
 * 405 (another method, with Allow: POST), 403 (an origin that is not allowed), 415 (a body that is
 * not application/json), 413 (a body over 16 KiB), 400 (malformed JSON, or a payload the
 * shared schema refuses, with a reason per field), 429 (over a limit, with Retry-After:
 * per client address, per IPv6 /48 network, or over all visitors per hour), 503 (with
 * Retry-After: the store cannot be written, its disk is below the free-space floor, or too
 * many messages already wait for the disk).
 *
 * A message that looks written by software (intake/spam-signals.ts) is stored as spam:
 * answered 202 like any other, never mailed.
 *
 * POST /api/sendMail/form (feedback-form.ts) takes the same form posted without scripts, as
 * application/x-www-form-urlencoded, and answers with pages: 303 to the app's feedback-sent
 * page, or the form again with the reason. This plugin registers both routes around one
 * `SubmitFeedback` (intake/submit.ts) with one acceptance policy (intake/policy.ts), so they
 * share the schema, the limits and the store. This file is the JSON route's HTTP contract.
 */
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
import type { RoutableApp } from '../../common/paths.ts';
import { systemClock, type Clock } from '../clock.ts';
import { AcceptancePolicy, type FeedbackLimits } from './policy.ts';
import { createSubmitFeedback } from './submit.ts';
import { feedbackFormRoutes } from './feedback-form-routes.ts';
import {
  fieldReasons,
  logAcceptance,
  logRefusal,
  mediaType,
  pageLanguage,
  type ValidationIssue,
} from './feedback-http.ts';

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

export interface FeedbackRoutesOptions {
  /** The abuse limits, shared by both routes. */
  limits: FeedbackLimits;
  /** Where receipt times and the limits' windows are read; default the system's clock. */
  clock?: Clock;
  /** Display names of the site's apps: the only accepted `appName` values. */
  appNames: readonly string[];
  /** The site's apps with their slugs: where a form post's answer leads. */
  apps: readonly RoutableApp[];
  /** The site's public address: where a form post's answer leads when its page's origin is not known. */
  publicUrl: string;
  /** The site's other languages, whose pages' messages are stored with theirs; default none. */
  languages?: readonly string[];
  /** The site's default language, that of the page of a refused form posted from no other; default `en`. */
  defaultLanguage?: string;
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

    const schema = createFeedbackSchema(options.appNames);
    const submit = createSubmitFeedback({
      store: instance.intake,
      outbox: instance.feedbackOutbox,
      pushNotifications: instance.pushNotifications,
      space: instance.feedbackStoreSpace,
      policy: new AcceptancePolicy(options.limits, instance.capsKey),
      clock: options.clock ?? systemClock,
    });

    const refuse = (
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      body: ErrorBody,
    ): FastifyReply => {
      logRefusal(request, status, body.error.code, body.error.fields);
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
        const sender = {
          ip: request.ip,
          log: request.log,
          language: pageLanguage(request.headers['content-language'], options.languages ?? []),
        };
        const outcome = await submit(sender, body, key);
        if (outcome.kind === 'refused') {
          reply.header('Retry-After', String(outcome.retryAfterSeconds));
          return refuse(request, reply, outcome.status, errorBody(outcome.code, outcome.message));
        }
        logAcceptance(request, body.appName, outcome);
        return reply
          .code(202)
          .header('Cache-Control', 'no-store')
          .send({ ok: true, id: outcome.id });
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

    await app.register(feedbackFormRoutes, {
      schema,
      submit,
      apps: options.apps,
      publicUrl: options.publicUrl,
      languages: options.languages ?? [],
      defaultLanguage: options.defaultLanguage ?? 'en',
    });
  },
  {
    name: 'feedback-routes',
    encapsulate: true,
    dependencies: ['intake-repository', 'feedback-outbox', 'feedback-origins'],
  },
);
