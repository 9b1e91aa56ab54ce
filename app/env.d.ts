/** The site's public address, fixed at build time from PUBLIC_URL. */
declare const __PUBLIC_URL__: string;
/** Unique per build; compared with /build-id.json to detect a newer deploy. */
declare const __BUILD_ID__: string;
