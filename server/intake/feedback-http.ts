/**
 * What the two feedback routes share about HTTP: the media type of a request, the reasons
 * of the schema's refusals, and their log lines. What a submission is checked against and
 * how it is stored is the intake's (server/intake/).
 */
import type { FastifyRequest } from 'fastify';
import type { FeedbackOutcome } from './submit.ts';

/** The media type of a Content-Type header, lower case and without its parameters. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** One issue of the schema as Fastify hands a validation error to the error handler. */
export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The reason for each refused field, from the schema's issues. */
export function fieldReasons(issues: readonly ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  // Own keys only: a field may be called "constructor", "toString" or "__proto__".
  const name = (field: string, reason: string) => {
    if (!Object.hasOwn(fields, field)) {
      Object.defineProperty(fields, field, { value: reason, enumerable: true, writable: true });
    }
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

/** Logs a refusal: its status, its code and the names of the refused fields. */
export function logRefusal(
  request: FastifyRequest,
  status: number,
  code: string,
  fields?: Record<string, string>,
): void {
  request.log.info(
    { status, code, ...(fields ? { fields: Object.keys(fields) } : {}) },
    'feedback refused',
  );
}

/** Logs an acceptance: the message's id and app, whether it is spam or a replay. */
export function logAcceptance(
  request: FastifyRequest,
  appName: string,
  outcome: Extract<FeedbackOutcome, { kind: 'accepted' }>,
): void {
  request.log.info(
    { id: outcome.id, app: appName, spam: outcome.spam, replayed: outcome.replayed },
    'feedback accepted',
  );
}

/**
 * The language a message says its page was in (the form's field, the JSON request's
 * `Content-Language`), where it is one of the site's other languages; anything else is the
 * default language's page, or nothing the site built.
 */
export function pageLanguage(value: unknown, languages: readonly string[]): string | undefined {
  return typeof value === 'string' && languages.includes(value) ? value : undefined;
}
