/**
 * The language of the pages being built: SITE_LANGUAGE, fixed in the pages' scripts at
 * build time (`__SITE_LANGUAGE__`, scripts/build-language.ts), read from the environment by
 * the build's own code. Undefined, or the default's: the site's default language.
 */
declare const __SITE_LANGUAGE__: string | undefined;

/** The build's environment, where there is one (not in a browser). */
const environment = (globalThis as { process?: { env: Record<string, string | undefined> } })
  .process?.env;

export const pageLanguage: string | undefined =
  typeof __SITE_LANGUAGE__ === 'string'
    ? __SITE_LANGUAGE__
    : environment?.SITE_LANGUAGE?.trim() || undefined;
