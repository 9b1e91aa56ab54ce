/** The site's public address, fixed at build time from PUBLIC_URL. */
declare const __PUBLIC_URL__: string;
/** Unique per build; compared with /build-id.json to detect a newer deploy. */
declare const __BUILD_ID__: string;
/** The feedback API's origin (FEEDBACK_API_URL at build time); empty: the pages' own. */
declare const __FEEDBACK_API_ORIGIN__: string;
