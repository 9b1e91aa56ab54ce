/**
 * The language a build is for. `npm run build` builds the site once in the default language
 * (at the plain addresses, into build/) and once in each other language content/site.ts
 * names, with SITE_LANGUAGE set: that build's pages, scripts and files live under the
 * language's prefix (`/es/…`, in build/client/es/), and its words and texts are that language's.
 */
import type { Languages } from '../content/languages.ts';
import { directionOf } from '../common/text-direction.ts';

export interface BuildLanguage {
  /** Its tag, the page's `lang`: `en`, `es`, `ar`. */
  code: string;
  /** Whether it is the site's default language, at the plain addresses. */
  isDefault: boolean;
  /** Its addresses' prefix: '' for the default language, `/es` for Spanish. */
  prefix: string;
  /** Its writing direction, the page's `dir`. */
  dir: 'ltr' | 'rtl';
}

/**
 * Each language's name in that language, as a label starts (`English`, `Español`,
 * `العربية`), from the platform's locale data at build time: the pages' language links.
 */
export function ownNames(languages: Languages): Record<string, string> {
  return Object.fromEntries(
    [languages.default, ...languages.others].map((code) => {
      const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
      return [code, name.charAt(0).toLocaleUpperCase(code) + name.slice(1)];
    }),
  );
}

/** The language SITE_LANGUAGE names (default: the site's default); one not named stops the build. */
export function buildLanguage(
  languages: Languages,
  env: Record<string, string | undefined> = process.env,
): BuildLanguage {
  const code = env.SITE_LANGUAGE?.trim() || languages.default;
  if (code !== languages.default && !languages.others.includes(code)) {
    throw new Error(
      `SITE_LANGUAGE=${code} is not one of the site's languages (${[languages.default, ...languages.others].join(', ')}, in content/site.ts).`,
    );
  }
  const isDefault = code === languages.default;
  return { code, isDefault, prefix: isDefault ? '' : `/${code}`, dir: directionOf(code) };
}
