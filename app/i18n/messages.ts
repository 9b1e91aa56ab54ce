/**
 * The site's words, as its components read them: `t.nav.menu`, `t.carousel.label(name)`
 * (the feedback form's are in ./feedback/words.ts, loaded only by the pages with a form).
 * With that one, the only modules of app/i18n that the rest of the site imports.
 *
 * Each language's pages are built on their own (`__SITE_LANGUAGE__`, scripts/build-language.ts):
 * the choice below is fixed at build time, and a page's scripts hold its language's
 * catalogue alone. A language without a catalogue here is shown in English.
 */
import { en, type Messages } from './en.ts';
import { es } from './es.ts';
import { ar } from './ar.ts';

/** The site's words in the page's language (a build keeps only the catalogue it picks). */
export const t: Messages = __SITE_LANGUAGE__ === 'es' ? es : __SITE_LANGUAGE__ === 'ar' ? ar : en;
