/** The words of the page that confirms a message, in the page's language; see ../feedback/words.ts. */
import { sentEn, type SentMessages } from './en.ts';
import { sentEs } from './es.ts';
import { sentAr } from './ar.ts';

export const sentWords: SentMessages =
  __SITE_LANGUAGE__ === 'es' ? sentEs : __SITE_LANGUAGE__ === 'ar' ? sentAr : sentEn;
