/**
 * The site's languages as the site's code reads them, without the schema's checks (the
 * browser's bundle never loads zod): the default, at the plain addresses, and the others,
 * each under its prefix (`/es/…`).
 */
export interface Languages {
  default: string;
  others: string[];
}

/** A site that names no languages is written in English alone. */
export function englishOnly(): Languages {
  return { default: 'en', others: [] };
}

/** The prefix of a language's addresses: none for the default, `/es` for Spanish. */
export function languagePrefix(languages: Languages, code: string): string {
  return code === languages.default ? '' : `/${code}`;
}

/** The languages content/site.ts names; English alone when it names none. */
export function languagesOf(site: { languages?: Languages | undefined }): Languages {
  return site.languages ?? englishOnly();
}
