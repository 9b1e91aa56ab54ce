/**
 * The words of the page of a refused form post, in each language the site's own words are
 * written in (app/i18n): the form's, the confirmation's "Back to …", the button's "Send
 * Feedback", and the refusal's own. The page speaks the language of the page that posted.
 */
import { siteWordsIn } from '../../app/i18n/catalogues.ts';
import { feedbackAr } from '../../app/i18n/feedback/ar.ts';
import { feedbackEn, type FeedbackMessages } from '../../app/i18n/feedback/en.ts';
import { feedbackEs } from '../../app/i18n/feedback/es.ts';
import { refusedAr } from '../../app/i18n/feedback-refused/ar.ts';
import { refusedEn, type RefusedMessages } from '../../app/i18n/feedback-refused/en.ts';
import { refusedEs } from '../../app/i18n/feedback-refused/es.ts';
import { sentAr } from '../../app/i18n/feedback-sent/ar.ts';
import { sentEn, type SentMessages } from '../../app/i18n/feedback-sent/en.ts';
import { sentEs } from '../../app/i18n/feedback-sent/es.ts';
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

const ENGLISH = { form: feedbackEn, sent: sentEn, refused: refusedEn };

const CATALOGUES: Record<string, Omit<RefusalWords, 'language' | 'dir' | 'send'>> = {
  en: ENGLISH,
  es: { form: feedbackEs, sent: sentEs, refused: refusedEs },
  ar: { form: feedbackAr, sent: sentAr, refused: refusedAr },
};

/** The words of a language (those of English, where the site's words have no catalogue in it). */
export function refusalWords(language: string): RefusalWords {
  const catalogue = Object.hasOwn(CATALOGUES, language) ? CATALOGUES[language] : undefined;
  return catalogue
    ? {
        language,
        dir: directionOf(language),
        send: siteWordsIn(language).feedback.send,
        ...catalogue,
      }
    : { language: 'en', dir: 'ltr', send: siteWordsIn('en').feedback.send, ...ENGLISH };
}
