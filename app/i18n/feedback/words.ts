/**
 * The feedback form's words in the page's language, as its components read them:
 * `feedbackWords.submit`. Like app/i18n/messages.ts, the choice is fixed at build time, so a
 * page's scripts hold one language's words, and only the pages with a form load them.
 */
import { feedbackEn, type FeedbackMessages } from './en.ts';
import { feedbackEs } from './es.ts';
import { feedbackAr } from './ar.ts';

export const feedbackWords: FeedbackMessages =
  __SITE_LANGUAGE__ === 'es' ? feedbackEs : __SITE_LANGUAGE__ === 'ar' ? feedbackAr : feedbackEn;
