/**
 * The site's words, as its components read them: `t.nav.menu`, `t.carousel.label(name)`
 * (the feedback form's are in ./feedback-words.ts, loaded only by the pages with a form).
 * With those, the only modules of app/i18n that the rest of the site imports.
 *
 * Each language's pages are built on their own (`__SITE_LANGUAGE__`, scripts/build-language.ts):
 * ./generated/site.ts (scripts/site-words.ts) picks that language's catalogue at build time,
 * so a page's scripts hold its language's words alone. A language without a catalogue is
 * shown in English.
 */
import type { Messages } from './en/site.ts';
import { siteWords } from './generated/site.ts';

/** The site's words in the page's language. */
export const t: Messages = siteWords;
