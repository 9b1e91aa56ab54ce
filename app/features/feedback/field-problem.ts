import {
  fieldProblemSentence as sentenceIn,
  type FeedbackFormField,
  type FieldProblem,
} from '../../../common/feedback.ts';
import { feedbackWords } from '../../i18n/feedback-words.ts';

/**
 * A field's problem as the form tells the visitor, in the page's language: "Last Name is
 * required." (The server's page of a refused form words it in the posting page's language.)
 */
export function fieldProblemSentence(field: FeedbackFormField, problem: FieldProblem): string {
  return sentenceIn(feedbackWords, field, problem);
}
