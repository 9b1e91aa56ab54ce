import { describe, expect, test } from 'vitest';
import {
  emailProblem,
  FEEDBACK_FIELD_RULES,
  FEEDBACK_FORM_FIELDS,
  messageProblem,
  nameProblem,
  type FeedbackFormField,
} from '../../../common/feedback.ts';
import { words as feedbackEn } from '../../i18n/en/feedback.ts';
import { fieldProblemSentence } from './field-problem.ts';

/** Values each field refuses, one for each of its problems. */
const REFUSED: Record<FeedbackFormField, string[]> = {
  firstName: ['', 'N'.repeat(101), 'a\nb', '\u2800', '=?utf-8?q?x?='],
  lastName: ['', 'N'.repeat(101)],
  email: ['', `a@${'d'.repeat(250)}.io`, `${'l'.repeat(65)}@x.io`, 'name@localhost'],
  message: ['', 'm'.repeat(5001), 'a\u0000'],
};

const SERVER_WORDS: Record<FeedbackFormField, (value: string) => string | undefined> = {
  firstName: nameProblem,
  lastName: nameProblem,
  email: emailProblem,
  message: messageProblem,
};

// The server words the fields' problems in English itself (its JSON answers); the form's
// English must say the same.
describe("the form's English words are the server's", () => {
  test("each field's problems", () => {
    for (const field of FEEDBACK_FORM_FIELDS) {
      for (const value of REFUSED[field]) {
        const problem = FEEDBACK_FIELD_RULES[field](value);
        expect(problem, `${field} ${JSON.stringify(value)}`).toBeDefined();
        if (!problem) continue;
        expect(fieldProblemSentence(field, problem)).toBe(
          `${feedbackEn.fields.labels[field]} ${SERVER_WORDS[field](value) ?? ''}.`,
        );
      }
    }
  });
});
