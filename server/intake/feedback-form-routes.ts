/**
 * POST /api/sendMail/form: the feedback form of an app's support page, posted by the
 * browser itself when the page's scripts have not run (blocked, or not loaded yet), as
 * application/x-www-form-urlencoded. It is POST /api/sendMail for a form: the same origin
 * check, body limit, schema, limits, spam rules and store (the same `SubmitFeedback`),
 * answered with pages instead of JSON:
 *
 * - stored (or stored before by the same post): 303 See Other to the app's feedback-sent
 *   page, on the origin of the page that posted (when it is an allowed one) or else at the
 *   site's public address;
 * - refused: the status the JSON route would give (400, 403, 413, 415, 429 and 503 with
 *   Retry-After, 500), with a page that shows the form again, what was typed and each
 *   field's problem (feedback-form-page.tsx); another method gets 405 with Allow: POST.
 *
 * A form cannot send headers: its key is the `idempotencyKey` field, filled once per page
 * view by the page's script (empty when scripts are off). The key stored is `form:` and a
 * digest of that field with the posted values, so a double submit or a browser's resend
 * stores one message, a key is never shared by two different messages, and a form key
 * never meets a key of the JSON route. Its log lines are the JSON route's, with `form: true`.
 */
import { createHash } from 'node:crypto';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RefusalReason } from '../../app/i18n/en/feedback-refused.ts';
import {
  FEEDBACK_FIELD_RULES,
  FEEDBACK_FORM_ENDPOINT,
  FEEDBACK_FORM_FIELDS,
  FEEDBACK_LIMITS,
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_FIELD,
  LANGUAGE_FIELD,
  fieldProblemSentence,
  formFieldsOf,
  idempotencyKeyProblem,
  type createFeedbackSchema,
  type Feedback,
  type FeedbackFormField,
} from '../../common/feedback.ts';
import { allRoutes, paths, siteRoutes, type RoutableApp } from '../../common/paths.ts';
import { feedbackPageCsp, refusalPageHtml, type RefusalPage } from './feedback-form-page.tsx';
import { refusalWords, type RefusalWords } from './refusal-words.ts';
import type { SubmitFeedback } from './submit.ts';
import {
  fieldReasons,
  logAcceptance,
  logRefusal,
  mediaType,
  pageLanguage,
} from './feedback-http.ts';

const FORM_TYPE = 'application/x-www-form-urlencoded';

export interface FeedbackFormRoutesOptions {
  /** The JSON route's schema: the same object, so both validate alike. */
  schema: ReturnType<typeof createFeedbackSchema>;
  /** The JSON route's submit function: the same one, so both share every limit. */
  submit: SubmitFeedback;
  /** The site's apps: the app a form names, its page and its feedback-sent page. */
  apps: readonly RoutableApp[];
  /** The site's public address, where answers lead when the posting page's origin is not known. */
  publicUrl: string;
  /** The site's other languages: a post from a page in one leads to that language's pages. */
  languages: readonly string[];
  /** The site's default language: that of a post from no page of another (`en`). */
  defaultLanguage: string;
}

/**
 * The fields of a form post, as the schema reads them, and its key field. A field sent more
 * than once is a list (which the schema refuses), the honeypot is dropped when empty, and
 * the message's line breaks are the textarea's own (LF): a browser posts each as CRLF, the
 * page's script sends the textarea's value, and the same message must be stored, and meet
 * the same length limit, whichever way it came.
 */
function readFormPost(body: string): {
  payload: Record<string, unknown>;
  key: string;
  language: string | undefined;
} {
  const params = new URLSearchParams(body);
  const fields = new Map<string, string | string[]>();
  for (const [name, value] of params) {
    if (name === IDEMPOTENCY_KEY_FIELD || name === LANGUAGE_FIELD) continue;
    const earlier = fields.get(name);
    fields.set(name, earlier === undefined ? value : [earlier, value].flat());
  }
  if (fields.get(HONEYPOT_FIELD) === '') fields.delete(HONEYPOT_FIELD);
  const message = fields.get('message');
  if (typeof message === 'string') fields.set('message', message.replace(/\r\n?/g, '\n'));
  // Object.fromEntries defines own properties: a field called __proto__ stays a field.
  return {
    payload: Object.fromEntries(fields),
    key: params.getAll(IDEMPOTENCY_KEY_FIELD).join(', '),
    language: params.get(LANGUAGE_FIELD) ?? undefined,
  };
}

/**
 * The key a form post is stored under: its key field and its checked values, in an
 * unambiguous encoding, digested; `form:` keeps it apart from the JSON route's keys.
 */
function formIdempotencyKey(postedKey: string, feedback: Feedback): string {
  const scoped = JSON.stringify([
    postedKey,
    feedback.appName,
    ...FEEDBACK_FORM_FIELDS.map((field) => feedback[field]),
  ]);
  return `form:${createHash('sha256').update(scoped).digest('base64url')}`;
}

/** A refusal: its status and log code, and why (its page words it in the posting page's language). */
interface Refusal {
  status: number;
  code: string;
  reason: RefusalReason;
  /** Seconds until a retry may succeed (429, 503). */
  retryAfterSeconds?: number;
  /** The refused fields with their reasons in English, for the log and the page (400 only). */
  fields?: Record<string, string>;
  /** Fields the form does not have, that the post sent (400 only). */
  unknownFields?: readonly string[];
}

/**
 * The sentence of a refused field, in the page's words: the field's rule checks what was
 * typed again and names its problem; a value that is no text at all (a field posted twice)
 * keeps the schema's English reason after the field's label.
 */
function problemSentence(
  words: RefusalWords,
  field: FeedbackFormField,
  typed: unknown,
  reason: string,
): string {
  const problem = typeof typed === 'string' ? FEEDBACK_FIELD_RULES[field](typed.trim()) : undefined;
  return problem
    ? fieldProblemSentence(words.form, field, problem)
    : words.form.problem(words.form.fields.labels[field], reason);
}

function isFormField(name: string): name is FeedbackFormField {
  return (FEEDBACK_FORM_FIELDS as readonly string[]).includes(name);
}

/** The refusal of a post the schema did not accept. */
function invalidBody(fields: Record<string, string>): Refusal {
  const others = Object.keys(fields).filter((name) => name !== 'appName' && !isFormField(name));
  return {
    status: 400,
    code: 'invalid_body',
    fields,
    reason: Object.hasOwn(fields, 'appName') ? 'unknownApp' : 'fields',
    ...(others.length > 0 ? { unknownFields: others } : {}),
  };
}

/** A posted field's value, as posted (a list for a field posted twice); undefined when absent. */
function postedValue(body: unknown, field: string): unknown {
  const posted = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return Object.hasOwn(posted, field) ? posted[field] : undefined;
}

/** What the visitor typed, as posted (before trimming), for the form shown again. */
function typedValues(body: unknown): Record<FeedbackFormField, string> {
  return formFieldsOf((field) => {
    const typed = postedValue(body, field);
    return typeof typed === 'string' ? typed : '';
  });
}

type ChildArguments = Parameters<FastifyBaseLogger['child']>;

/** Every log line of the form's requests says so: the JSON route's lines, with `form: true`. */
function formLogger(
  logger: FastifyBaseLogger,
  bindings: ChildArguments[0],
  options: ChildArguments[1],
): FastifyBaseLogger {
  return logger.child({ ...bindings, form: true }, options);
}

/** Registers the form route and its 405; called by feedback.ts with the JSON route's schema and submit. */
export async function feedbackFormRoutes(
  instance: FastifyInstance,
  { schema, submit, apps, publicUrl, languages, defaultLanguage }: FeedbackFormRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const publicOrigin = new URL(publicUrl).origin;
  /** The key field of each post, read with its body. */
  const postedKeys = new WeakMap<FastifyRequest, string>();
  /** The language of each post's page, where one of the site's other languages. */
  const postedLanguages = new WeakMap<FastifyRequest, string>();

  /** The site's address for this request's answers: the posting page's origin, or the public address. */
  const siteBase = (request: FastifyRequest) => {
    const origin = instance.feedbackSiteOrigin(request);
    return origin === undefined || origin === publicOrigin ? publicUrl : origin;
  };
  const appNamed = (name: unknown) =>
    typeof name === 'string' ? apps.find((each) => each.name === name.trim()) : undefined;
  /** Where a stored message leads: the app's feedback-sent page, or its page when it has none. */
  const sentPath = (name: string) => {
    const known = appNamed(name);
    if (!known) return paths.home.href();
    const sent = allRoutes(siteRoutes([known])).find((route) => route.screen === 'feedback-sent');
    return sent?.path ?? paths.project.href(known.slug);
  };

  /**
   * The language of the page that posted, where one of the site's other languages: the form's
   * own field, or (for a request refused before its body is read) the first segment of the
   * address it came from.
   */
  const languageOf = (request: FastifyRequest): string | undefined => {
    const posted = postedLanguages.get(request);
    if (posted !== undefined) return posted;
    const from = URL.parse(request.headers.referer ?? '');
    return from ? pageLanguage(from.pathname.split('/')[1], languages) : undefined;
  };

  const refuse = (request: FastifyRequest, reply: FastifyReply, refusal: Refusal) => {
    const { status, code, fields, reason, unknownFields, retryAfterSeconds } = refusal;
    logRefusal(request, status, code, fields);
    const language = languageOf(request);
    const words = refusalWords(language ?? defaultLanguage);
    const base = `${siteBase(request)}${language ? `/${language}` : ''}`;
    const known = appNamed(postedValue(request.body, 'appName'));
    const problems: Partial<Record<FeedbackFormField, string>> = {};
    for (const field of FEEDBACK_FORM_FIELDS) {
      const problem = fields && Object.hasOwn(fields, field) ? fields[field] : undefined;
      if (problem !== undefined) {
        problems[field] = problemSentence(words, field, postedValue(request.body, field), problem);
      }
    }
    const page: RefusalPage = {
      words,
      reason: words.refused.reasons[reason],
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      ...(unknownFields
        ? { otherProblems: [words.refused.reasons.unknownFields(unknownFields.join(', '))] }
        : {}),
      homeHref: `${base}${paths.home.href()}`,
      ...(known && !Object.hasOwn(fields ?? {}, 'appName')
        ? {
            form: {
              appName: known.name,
              appHref: `${base}${paths.project.href(known.slug)}`,
              values: typedValues(request.body),
              problems,
              key: code === 'invalid_idempotency_key' ? '' : (postedKeys.get(request) ?? ''),
              language,
            },
          }
        : {}),
    };
    if (retryAfterSeconds !== undefined) {
      reply.header('Retry-After', String(retryAfterSeconds));
    }
    return reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Content-Security-Policy', feedbackPageCsp(page.form ? [publicOrigin] : undefined))
      .send(refusalPageHtml(page));
  };

  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (request, body, done) => {
    const posted = readFormPost(body as string);
    postedKeys.set(request, posted.key);
    const language = pageLanguage(posted.language, languages);
    if (language !== undefined) postedLanguages.set(request, language);
    done(null, posted.payload);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return refuse(request, reply, invalidBody(fieldReasons(error.validation)));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return refuse(request, reply, {
        status: 413,
        code: 'body_too_large',
        reason: 'tooLarge',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return refuse(request, reply, {
        status,
        code: 'bad_request',
        reason: 'unreadable',
      });
    }
    request.log.error({ err: error }, 'feedback request failed');
    return refuse(request, reply, {
      status: 500,
      code: 'internal',
      reason: 'internal',
    });
  });

  app.route({
    method: 'POST',
    url: FEEDBACK_FORM_ENDPOINT,
    bodyLimit: FEEDBACK_LIMITS.formBodyMaxBytes,
    childLoggerFactory: formLogger,
    // Checked before the body is read: refused requests cost no parsing.
    onRequest: async (request, reply) => {
      if (!instance.feedbackFormOriginAllowed(request)) {
        return refuse(request, reply, {
          status: 403,
          code: 'cross_site',
          reason: 'crossSite',
        });
      }
      if (mediaType(request.headers['content-type']) !== FORM_TYPE) {
        return refuse(request, reply, {
          status: 415,
          code: 'unsupported_media_type',
          reason: 'mediaType',
        });
      }
    },
    schema: { body: schema },
    handler: async (request, reply) => {
      const body = request.body;
      const posted = postedKeys.get(request) ?? '';
      const problem = posted === '' ? undefined : idempotencyKeyProblem(posted);
      if (problem) {
        return refuse(request, reply, {
          status: 400,
          code: 'invalid_idempotency_key',
          fields: { [IDEMPOTENCY_KEY_FIELD]: problem },
          reason: 'damagedKey',
        });
      }
      const language = postedLanguages.get(request);
      const sender = { ip: request.ip, log: request.log, language };
      const outcome = await submit(sender, body, formIdempotencyKey(posted, body));
      if (outcome.kind === 'refused') {
        return refuse(request, reply, {
          status: outcome.status,
          code: outcome.code,
          reason: outcome.reason,
          retryAfterSeconds: outcome.retryAfterSeconds,
        });
      }
      logAcceptance(request, body.appName, outcome);
      return reply
        .header('Cache-Control', 'no-store')
        .redirect(
          `${siteBase(request)}${language ? `/${language}` : ''}${sentPath(body.appName)}`,
          303,
        );
    },
  });

  app.route({
    method: instance.supportedMethods.filter((method) => method !== 'POST'),
    url: FEEDBACK_FORM_ENDPOINT,
    childLoggerFactory: formLogger,
    onRequest: async (request, reply) => {
      reply.header('Allow', 'POST');
      return refuse(request, reply, {
        status: 405,
        code: 'method_not_allowed',
        reason: 'method',
      });
    },
    handler: async () => undefined,
  });
}
