/** The site's public address, fixed at build time from PUBLIC_URL. */
declare const __PUBLIC_URL__: string;
/** The language of this build's pages (SITE_LANGUAGE, else the site's default), e.g. `en`. */
declare const __SITE_LANGUAGE__: string;
/** The writing direction of that language, the pages' `dir`. */
declare const __SITE_DIRECTION__: 'ltr' | 'rtl';
/** Each of the site's languages by its tag, named in that language: `{ es: 'Español' }`. */
declare const __LANGUAGE_NAMES__: Readonly<Record<string, string>>;
/** Unique per build; compared with /build-id.json to detect a newer deploy. */
declare const __BUILD_ID__: string;
/** The feedback API's origin (FEEDBACK_API_URL at build time); empty: the pages' own. */
declare const __FEEDBACK_API_ORIGIN__: string;

/** An app's long texts in the pages' language (scripts/browser-content.ts). */
declare module '*/app.ts?texts' {
  const texts: import('../content/schema.ts').AppTexts;
  export default texts;
}
