/**
 * The feedback payload: its limits, its rules and its schema, shared by the form in the
 * browser and the server. The rules are plain functions, so the form checks a value exactly
 * as the server will without loading zod; the zod schema is built from them on demand
 * (`createFeedbackSchema`), so a bundle that only reads the limits leaves zod out.
 */
import { z } from 'zod';
import type { FeedbackFormField, FeedbackFormValues } from './feedback-form-fields.ts';

/** Where the form posts. */
export const FEEDBACK_ENDPOINT = '/api/sendMail';

/**
 * Where the form posts when the page's scripts have not run (blocked, or not yet loaded):
 * `application/x-www-form-urlencoded`, with the same checks, limits and store as
 * `FEEDBACK_ENDPOINT`, answered with a page instead of JSON: 303 to the app's
 * `/<slug>/feedback-sent` page once the message is stored, or the form again with each
 * problem beside its field and what was typed kept.
 */
export const FEEDBACK_FORM_ENDPOINT = '/api/sendMail/form';

/**
 * The form field that carries the submission's key when the form posts without scripts
 * (a form cannot send headers). The page fills it once per page view, at the first submit;
 * the server scopes it to the posted values, so a key is never shared by two messages.
 */
export const IDEMPOTENCY_KEY_FIELD = 'idempotencyKey';

/** The request header that makes a submission safe to retry. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * The language of the page a message is sent from, where it is not the site's default
 * (`es`): the form's field, and the JSON request's `Content-Language` header, outside its
 * body. The message is stored with it, and the owner reads it in the mail and the inbox.
 */
export const LANGUAGE_FIELD = 'language';

/**
 * Lengths are counted in UTF-16 code units, as the browser's `maxLength` and JavaScript's
 * `String.length` count them, so the form and the server always agree.
 */
export const FEEDBACK_LIMITS = {
  /** First and last name: at most 100 characters each. */
  nameMaxLength: 100,
  /** A whole email address: at most 254 characters (RFC 5321 path limit). */
  emailMaxLength: 254,
  /** The part of an email address before the @: at most 64 characters (RFC 5321). */
  emailLocalMaxLength: 64,
  /** The message: at most 5,000 characters. */
  messageMaxLength: 5000,
  /** The longest request body the server reads: 16 KiB. Every valid payload fits. */
  bodyMaxBytes: 16 * 1024,
  /**
   * The longest body of the form posted without scripts: 64 KiB. Form encoding writes each
   * byte of a non-Latin character as three (`%E4%BD%A0`), so a valid message in Chinese or
   * in emoji is up to three times its JSON size; every valid form fits.
   */
  formBodyMaxBytes: 64 * 1024,
  /** Idempotency-Key header: 1 to 200 visible ASCII characters (a UUID is 36). */
  idempotencyKeyMaxLength: 200,
} as const;

// The form's fields are in a module of their own: the Send Feedback button keeps a draft of
// them from the first paint, without loading the checks below, which only the form needs.
export {
  FEEDBACK_FORM_FIELDS,
  formFieldsOf,
  type FeedbackFormField,
  type FeedbackFormValues,
} from './feedback-form-fields.ts';

/**
 * The honeypot: a form field people never see or hear. Only software that fills every
 * field it finds sends it; the server then answers as usual but never mails the message.
 */
export const HONEYPOT_FIELD = 'website';

/**
 * How long the form was open before it was sent, in ms, counted from when the visitor
 * first opened it for this draft. A person takes longer than `FEEDBACK_MIN_FILL_MS`; a
 * message sent faster is kept as spam. Optional: a client that does not send it is not
 * judged by it.
 */
export const FORM_OPEN_FIELD = 'formOpenMs';

/** Sent sooner than this after the form was opened (ms), a message is taken for spam. */
export const FEEDBACK_MIN_FILL_MS = 2000;

/** What the form posts, as the spec names it, plus the honeypot when something filled it. */
export interface FeedbackPayload extends FeedbackFormValues {
  appName: string;
  [HONEYPOT_FIELD]?: string;
  [FORM_OPEN_FIELD]?: number;
}

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), and
 * zero-width and direction marks (U+200B–U+200F, U+FEFF): invisible, they can make a text
 * read as something else ("moc.elpmaxe" shown as "example.com").
 */
export const INVISIBLE_FORMATTING = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu;

/** A text to show: each invisible formatting character becomes a visible U+FFFD. */
export function neutraliseInvisible(text: string): string {
  return text.replace(INVISIBLE_FORMATTING, '\uFFFD');
}

// Control characters (C0, DEL, C1), line and paragraph separators, invisible formatting,
// and lone surrogates.
const NAME_FORBIDDEN = /[\p{Cc}\u2028\u2029\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF\p{Cs}]/u;
// An RFC 2047 encoded word ("=?charset?Q?…?=" or "?B?"), as leniently as mail clients read
// one: they decode it in a header even where it is only text, so a name holding one could
// turn into a line break, a header or a right-to-left override in the owner's mail.
const NAME_ENCODED_WORD = /=\?[^?\s]+\?[bq]\?[^?]*\?=/iu;
// A character that shows something: not a space or separator, not a format, control,
// private-use or unassigned code point, not default-ignorable (soft hyphen, word joiner,
// Hangul fillers, Mongolian vowel separator, variation selectors, tags…), not a combining
// mark (it needs a base), and not the braille blank or the musical null notehead, which
// fonts draw as nothing.
const NAME_VISIBLE =
  /[^\p{White_Space}\p{Z}\p{C}\p{M}\p{Default_Ignorable_Code_Point}\u2800\u{1D159}]/u;
// The message may hold line breaks and tabs; no other control characters.
const MESSAGE_FORBIDDEN = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;
// The HTML Standard's "valid email address", which `<input type="email">` checks, with the
// one extra rule that the domain has a dot: a reply has to reach a real domain.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/**
 * Why a form field's value is not accepted, as a code (with the limit it broke, where it has
 * one): the server words it in English (`problemInEnglish`), the site in the page's language.
 */
export type FieldProblem =
  | { code: 'tooLong' | 'localPartTooLong'; max: number }
  | {
      code:
        | 'required'
        | 'nameCharacters'
        | 'noVisibleCharacter'
        | 'encodedWord'
        | 'notEmail'
        | 'controlCharacters';
    };

/** Why a first or last name (already trimmed) is not accepted; undefined when it is. */
function nameCheck(value: string): FieldProblem | undefined {
  if (value.length === 0) return { code: 'required' };
  if (value.length > FEEDBACK_LIMITS.nameMaxLength) {
    return { code: 'tooLong', max: FEEDBACK_LIMITS.nameMaxLength };
  }
  if (NAME_FORBIDDEN.test(value)) return { code: 'nameCharacters' };
  if (!NAME_VISIBLE.test(value)) return { code: 'noVisibleCharacter' };
  if (NAME_ENCODED_WORD.test(value)) return { code: 'encodedWord' };
  return undefined;
}

/** Why an email address (already trimmed) is not accepted; undefined when it is. */
function emailCheck(value: string): FieldProblem | undefined {
  if (value.length === 0) return { code: 'required' };
  if (value.length > FEEDBACK_LIMITS.emailMaxLength) {
    return { code: 'tooLong', max: FEEDBACK_LIMITS.emailMaxLength };
  }
  const at = value.indexOf('@');
  if (at > FEEDBACK_LIMITS.emailLocalMaxLength) {
    return { code: 'localPartTooLong', max: FEEDBACK_LIMITS.emailLocalMaxLength };
  }
  if (!EMAIL.test(value)) return { code: 'notEmail' };
  return undefined;
}

/** Why a message (already trimmed) is not accepted; undefined when it is. */
function messageCheck(value: string): FieldProblem | undefined {
  if (value.length === 0) return { code: 'required' };
  if (value.length > FEEDBACK_LIMITS.messageMaxLength) {
    return { code: 'tooLong', max: FEEDBACK_LIMITS.messageMaxLength };
  }
  if (MESSAGE_FORBIDDEN.test(value)) return { code: 'controlCharacters' };
  return undefined;
}

/** The rule of each form field, for the form's own check before it sends. */
export const FEEDBACK_FIELD_RULES: Record<
  FeedbackFormField,
  (value: string) => FieldProblem | undefined
> = {
  firstName: nameCheck,
  lastName: nameCheck,
  email: emailCheck,
  message: messageCheck,
};

/** The words a field's problem is told in: a language's feedback words (app/i18n/<language>/feedback.ts). */
export interface FieldProblemWords {
  fields: { labels: Readonly<Record<FeedbackFormField, string>> };
  /** A field's problem as a sentence: "First Name is required." */
  problem: (label: string, text: string) => string;
  problems: {
    [Code in FieldProblem['code']]: Code extends 'tooLong' | 'localPartTooLong'
      ? (max: number) => string
      : string;
  };
}

/** A field's problem as a sentence in the given words: "Last Name is required.". */
export function fieldProblemSentence(
  words: FieldProblemWords,
  field: FeedbackFormField,
  problem: FieldProblem,
): string {
  const text =
    problem.code === 'tooLong' || problem.code === 'localPartTooLong'
      ? words.problems[problem.code](problem.max)
      : words.problems[problem.code];
  return words.problem(words.fields.labels[field], text);
}

/** A field's problem in the server's words, after the field's name: "is required". */
function problemInEnglish(problem: FieldProblem | undefined): string | undefined {
  switch (problem?.code) {
    case undefined:
      return undefined;
    case 'required':
      return 'is required';
    case 'tooLong':
      return `must be at most ${problem.max} characters`;
    case 'nameCharacters':
      return 'must not contain line breaks, invisible formatting or control characters';
    case 'noVisibleCharacter':
      return 'must contain a visible letter or character';
    case 'encodedWord':
      return 'must not contain mail encoded words (=?…?=)';
    case 'localPartTooLong':
      return `must have at most ${problem.max} characters before the @`;
    case 'notEmail':
      return 'must be an email address like name@example.com';
    case 'controlCharacters':
      return 'must not contain control characters';
  }
}

/** Why a first or last name (already trimmed) is not accepted, in English; undefined when it is. */
export function nameProblem(value: string): string | undefined {
  return problemInEnglish(nameCheck(value));
}

/** Why an email address (already trimmed) is not accepted, in English; undefined when it is. */
export function emailProblem(value: string): string | undefined {
  return problemInEnglish(emailCheck(value));
}

/** Why a message (already trimmed) is not accepted, in English; undefined when it is. */
export function messageProblem(value: string): string | undefined {
  return problemInEnglish(messageCheck(value));
}

/** Why an Idempotency-Key header value is not accepted; undefined when it is. */
export function idempotencyKeyProblem(value: string): string | undefined {
  if (value.length === 0 || value.length > FEEDBACK_LIMITS.idempotencyKeyMaxLength) {
    return `must be 1 to ${FEEDBACK_LIMITS.idempotencyKeyMaxLength} characters`;
  }
  if (!/^[\x21-\x7E]+$/.test(value)) return 'must be visible ASCII characters, like a UUID';
  return undefined;
}

/** A trimmed string checked by one of the rules above; other types are rejected, never coerced. */
const textError = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : 'must be text';

function ruledString(rule: (value: string) => string | undefined) {
  return z
    .string({ error: textError })
    .trim()
    .superRefine((value, ctx) => {
      const problem = rule(value);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/**
 * The payload schema for a site with these app display names: strict (an unknown field is
 * an error, never dropped), every field a trimmed string that meets its rule.
 */
export function createFeedbackSchema(appNames: readonly string[]) {
  const known = new Set(appNames);
  return z.strictObject(
    {
      /** Display name of the app whose page the form is on. */
      appName: ruledString((value) =>
        value.length === 0
          ? 'is required'
          : known.has(value)
            ? undefined
            : "must be the name of one of the site's apps",
      ),
      firstName: ruledString(nameProblem),
      lastName: ruledString(nameProblem),
      email: ruledString(emailProblem),
      message: ruledString(messageProblem),
      /** The honeypot; anything but an empty string marks the message as spam. */
      [HONEYPOT_FIELD]: z
        .string({ error: textError })
        .max(FEEDBACK_LIMITS.messageMaxLength, { error: 'is too long' })
        .optional(),
      /** How long the form was open, in ms; optional (older clients do not send it). */
      [FORM_OPEN_FIELD]: z
        .number({ error: 'must be a number of milliseconds' })
        .nonnegative({ error: 'must be a number of milliseconds' })
        .optional(),
    },
    {
      error: 'The body must be a JSON object with appName, firstName, lastName, email and message.',
    },
  );
}

type FeedbackSchema = ReturnType<typeof createFeedbackSchema>;
/** A payload that passed the schema: trimmed and checked. */
export type Feedback = z.output<FeedbackSchema>;
