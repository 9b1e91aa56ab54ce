/** The words of the page that confirms a message, in the page's language; see ./feedback-words.ts. */
export { sentWords } from './generated/feedback-sent.ts';
