/**
 * Every language's catalogue of the site's own words, for the code that writes pages of each
 * (the build's structured data, the server's page of a refused form). A page's scripts read
 * ./messages.ts instead, which holds one language's.
 */
import { ar } from './ar.ts';
import { en, type Messages } from './en.ts';
import { es } from './es.ts';

const CATALOGUES: Readonly<Record<string, Messages>> = { en, es, ar };

/** The site's words in a language; English where the site's words have no catalogue in it. */
export function siteWordsIn(language: string): Messages {
  return (Object.hasOwn(CATALOGUES, language) ? CATALOGUES[language] : undefined) ?? en;
}
