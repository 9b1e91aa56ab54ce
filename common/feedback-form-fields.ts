/** The fields of the feedback form: the one list every part that passes a message on copies. */

/** The fields the visitor fills in, in form order. */
export const FEEDBACK_FORM_FIELDS = ['firstName', 'lastName', 'email', 'message'] as const;
export type FeedbackFormField = (typeof FEEDBACK_FORM_FIELDS)[number];

/** Form state of the feedback modal: the four fields, all text, initially empty. */
export type FeedbackFormValues = Record<FeedbackFormField, string>;

/**
 * The form's fields, each as `valueOf` gives it, in form order: how every part that passes a
 * message on (the form, the server, the store, the inbox, the export) copies its fields, so
 * that a field added to `FEEDBACK_FORM_FIELDS` travels with the others.
 */
export function formFieldsOf(valueOf: (field: FeedbackFormField) => string): FeedbackFormValues {
  return Object.fromEntries(
    FEEDBACK_FORM_FIELDS.map((field) => [field, valueOf(field)]),
  ) as FeedbackFormValues;
}
