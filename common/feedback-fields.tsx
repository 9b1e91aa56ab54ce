/**
 * The feedback form's fields, as the site's form and the server's page of a refused form
 * both render them: the app's name and the idempotency key (hidden), First Name, Last Name,
 * Email, Message with its count, and the honeypot. Each field carries the server's limits.
 * The site renders them live in its modal (`onChange`); the server renders them once, as
 * HTML, with what was typed and each refused field's problem beside it.
 *
 * A field added to the form is added here, once, and both pages show it.
 */
import type { ChangeEvent, Ref } from 'react';
import {
  FEEDBACK_FORM_FIELDS,
  FEEDBACK_LIMITS,
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_FIELD,
  LANGUAGE_FIELD,
  type FeedbackFormField,
} from './feedback.ts';

/**
 * The class names of the fields' parts, from the page's own style: `names` (the row of First
 * Name and Last Name), `field` (a label with its input), `hint` (the line under Message with
 * its count), `error` (a refused field's problem), `honeypot` (off-screen).
 */
export type FeedbackFieldsClasses = Readonly<
  Partial<Record<'names' | 'field' | 'hint' | 'error' | 'honeypot', string>>
>;

export interface FeedbackFieldsProps {
  appName: string;
  values: Readonly<Record<FeedbackFormField, string>>;
  /** Called as the visitor types; without it the fields hold their values as rendered. */
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** Put before each field's name in its id, for a page that may hold more than one form. */
  idPrefix?: string;
  /** The idempotency key the form posts; default none (the early script fills it in). */
  idempotencyKey?: string;
  /** The page's language, where not the site's default (`es`): sent with the form. */
  language?: string | undefined;
  /** Each refused field's sentence ("First Name is required."), shown beside the field. */
  problems?: Readonly<Partial<Record<FeedbackFormField, string>>>;
  classes: FeedbackFieldsClasses;
  /** The first field, for the form's own focusing. */
  firstFieldRef?: Ref<HTMLInputElement>;
  /** The fields' words, in the page's language (its feedback catalogue's, app/i18n/<language>/feedback.ts). */
  words: FeedbackFieldsWords;
}

/** The fields' words: each field's label, the line under Message, the honeypot's label. */
export interface FeedbackFieldsWords {
  labels: Readonly<Record<FeedbackFormField, string>>;
  /** Under Message as the visitor types: "12 of 5,000 characters". */
  typed: (typed: number, max: number) => string;
  /** Under Message on a page without scripts: "At most 5,000 characters." */
  limit: (max: number) => string;
  honeypot: string;
}

/** The attributes of each field's input beyond its name, value and state. */
const INPUTS = {
  firstName: {
    type: 'text',
    autoComplete: 'given-name',
    maxLength: FEEDBACK_LIMITS.nameMaxLength,
  },
  lastName: {
    type: 'text',
    autoComplete: 'family-name',
    maxLength: FEEDBACK_LIMITS.nameMaxLength,
  },
  email: {
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    spellCheck: false,
    maxLength: FEEDBACK_LIMITS.emailMaxLength,
  },
  message: { rows: 6, maxLength: FEEDBACK_LIMITS.messageMaxLength },
} as const satisfies Record<FeedbackFormField, object>;

/** A field's id in the page: `idPrefix-name`, or its name alone. */
export function feedbackFieldId(name: string, idPrefix?: string): string {
  return idPrefix ? `${idPrefix}-${name}` : name;
}

export function FeedbackFields({
  appName,
  values,
  onChange,
  idPrefix,
  idempotencyKey = '',
  language,
  problems = {},
  classes,
  firstFieldRef,
  words,
}: FeedbackFieldsProps) {
  const field = (name: FeedbackFormField) => {
    const id = feedbackFieldId(name, idPrefix);
    const problem = problems[name];
    const hint = name === 'message' ? `${id}-hint` : '';
    const describedBy = [problem ? `${id}-error` : '', hint].filter(Boolean).join(' ');
    const input = {
      id,
      name,
      required: true,
      ...(onChange ? { value: values[name], onChange } : { defaultValue: values[name] }),
      ...(problem ? { 'aria-invalid': true } : {}),
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    };
    return (
      <div className={classes.field} key={name}>
        <label htmlFor={id}>{words.labels[name]}</label>
        {problem ? (
          <p className={classes.error} id={`${id}-error`}>
            {problem}
          </p>
        ) : null}
        {name === 'message' ? (
          <textarea {...input} {...INPUTS.message} />
        ) : (
          <input
            {...input}
            {...INPUTS[name]}
            ref={name === FEEDBACK_FORM_FIELDS[0] ? firstFieldRef : undefined}
          />
        )}
        {hint ? (
          <p id={hint} className={classes.hint}>
            {/* A count only where it follows the typing; a page without scripts says the limit. */}
            {onChange
              ? words.typed(values.message.length, FEEDBACK_LIMITS.messageMaxLength)
              : words.limit(FEEDBACK_LIMITS.messageMaxLength)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <>
      <input type="hidden" name="appName" value={appName} />
      {/* Filled at the first submit before the page is live (common/early-events.ts). */}
      <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} defaultValue={idempotencyKey} />
      {language ? <input type="hidden" name={LANGUAGE_FIELD} value={language} /> : null}
      <div className={classes.names}>
        {field('firstName')}
        {field('lastName')}
      </div>
      {field('email')}
      {field('message')}
      {/* The honeypot: off-screen, inert and hidden from screen readers, so no person fills it. */}
      <div className={classes.honeypot} aria-hidden="true" inert>
        <label htmlFor={feedbackFieldId(HONEYPOT_FIELD, idPrefix)}>{words.honeypot}</label>
        <input
          id={feedbackFieldId(HONEYPOT_FIELD, idPrefix)}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}
