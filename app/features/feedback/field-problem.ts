import type { FeedbackFormField, FieldProblem } from '../../../common/feedback.ts';
import { feedbackWords } from '../../i18n/feedback/words.ts';

/**
 * A field's problem as the form tells the visitor, in the page's language: "Last Name is
 * required." (The server words the same problems in English: common/feedback.ts.)
 */
export function fieldProblemSentence(field: FeedbackFormField, problem: FieldProblem): string {
  const words = feedbackWords.problems;
  const text =
    problem.code === 'tooLong' || problem.code === 'localPartTooLong'
      ? words[problem.code](problem.max)
      : words[problem.code];
  return feedbackWords.problem(feedbackWords.fields.labels[field], text);
}
