/**
 * The feedback form's words in the page's language, as its components read them:
 * `feedbackWords.submit`. Like ./messages.ts, the choice is fixed at build time, so a page's
 * scripts hold one language's words, and only the pages with a form load them.
 */
export { feedbackWords } from './generated/feedback.ts';
