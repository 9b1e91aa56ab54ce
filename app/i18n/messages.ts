/**
 * The site's words, as its components read them: `t.feedback.send`, `t.carousel.label(name)`.
 * The one module of app/i18n that the rest of the site imports.
 *
 * Each language's pages are built on their own (`__SITE_LANGUAGE__`, scripts/build-language.ts):
 * the choice below is fixed at build time, and a page's scripts hold its language's
 * catalogue alone. A language without a catalogue here is shown in English.
 */
import { en, type Messages } from './en.ts';
import { es } from './es.ts';

/** The site's words in the page's language. */
export const t: Messages = __SITE_LANGUAGE__ === 'es' ? es : en;
