/**
 * The site's words, as its components read them: `t.feedback.send`, `t.carousel.label(name)`.
 * The one module of app/i18n that the rest of the site imports.
 */
import { en, type Messages } from './en.ts';

/** The site's words in the page's language. */
export const t: Messages = en;
