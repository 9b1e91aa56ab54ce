/**
 * The words of the page of a refused form post, in each language the site's own words are
 * written in (app/i18n): the form's, the confirmation's "Back to …", the button's "Send
 * Feedback", and the refusal's own. The page speaks the language of the page that posted.
 */
import { allWordsIn } from '../../app/i18n/catalogues.ts';
import type { FeedbackMessages } from '../../app/i18n/en/feedback.ts';
import type { RefusedMessages } from '../../app/i18n/en/feedback-refused.ts';
import type { SentMessages } from '../../app/i18n/en/feedback-sent.ts';
import { directionOf } from '../../common/text-direction.ts';

export interface RefusalWords {
  /** The page's `lang` and `dir`. */
  language: string;
  dir: 'ltr' | 'rtl';
  /** The page's heading, the button's words: "Send Feedback". */
  send: string;
  form: FeedbackMessages;
  sent: SentMessages;
  refused: RefusedMessages;
}

/** The words of a language (those of English, where the site's words have no catalogue in it). */
export function refusalWords(language: string): RefusalWords {
  const words = allWordsIn(language);
  return {
    language: words.language,
    dir: directionOf(words.language),
    send: words.site.feedback.send,
    form: words.feedback,
    sent: words.sent,
    refused: words.refused,
  };
}
