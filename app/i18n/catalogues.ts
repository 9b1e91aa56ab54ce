/**
 * Every language's catalogues of the site's own words, for the code that writes pages of
 * each (the build's structured data, the server's page of a refused form). A page's scripts
 * read ./messages.ts instead, which holds one language's.
 */
import { ALL_WORDS, type SiteWords } from './generated/all.ts';
import type { Messages } from './en/site.ts';

export type { SiteWords };

/** The site's words of every part in a language; English where it has no catalogues. */
export function allWordsIn(language: string): SiteWords & { language: string } {
  const own = Object.hasOwn(ALL_WORDS, language) ? ALL_WORDS[language] : undefined;
  return own ? { language, ...own } : { language: 'en', ...(ALL_WORDS.en as SiteWords) };
}

/** The site's words in a language; English where the site's words have no catalogue in it. */
export function siteWordsIn(language: string): Messages {
  return allWordsIn(language).site;
}
