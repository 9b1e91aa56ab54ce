/**
 * The words of the feedback form in English: its button, fields, problems, alerts and the
 * page that confirms a message. Apart from the rest of the site's words (./site.ts), so
 * that only the pages with a form load them; each other language has the same keys.
 */
import { count } from './site.ts';
import { words as sent } from './feedback-sent.ts';

export const words = {
  cancel: 'Cancel',
  submit: 'Submit Feedback',
  sending: 'Sending…',
  sendingStatus: 'Sending your feedback…',
  alerts: {
    sent: sent.alert,
    failed: 'Failed to send feedback. Please try again later.',
    error: 'Error sending feedback. Please try again later.',
  },
  fields: {
    labels: {
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      message: 'Message',
    },
    typed: (typed: number, max: number) => `${count(typed)} of ${count(max)} characters`,
    limit: (max: number) => `At most ${count(max)} characters.`,
    honeypot: 'Leave this field empty',
  },
  /** A field's problem as a sentence: "First Name is required." */
  problem: (label: string, problem: string) => `${label} ${problem}.`,
  problems: {
    required: 'is required',
    tooLong: (max: number) => `must be at most ${max} characters`,
    nameCharacters: 'must not contain line breaks, invisible formatting or control characters',
    noVisibleCharacter: 'must contain a visible letter or character',
    encodedWord: 'must not contain mail encoded words (=?…?=)',
    localPartTooLong: (max: number) => `must have at most ${max} characters before the @`,
    notEmail: 'must be an email address like name@example.com',
    controlCharacters: 'must not contain control characters',
  },
  contactLead: (ownerName: string, appName: string) =>
    `I’m ${ownerName}, the developer of ${appName}. Write to me with the form below, or directly:`,
};

/** The shape of every language's feedback words. */
export type FeedbackMessages = typeof words;
