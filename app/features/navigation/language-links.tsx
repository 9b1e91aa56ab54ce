import { useLocation, useMatches } from 'react-router';
import { isAppLinkRouteId } from '../../../common/app-links.ts';
import { site } from '../../../content/index.ts';
import { languagePrefix } from '../../../content/languages.ts';
import { t } from '../../i18n/messages.ts';
import styles from './language-links.module.css';

/**
 * This page in each of the site's languages: plain links (each language is a site of its
 * own), each named in its language. Nothing is stored: the address says the language. None
 * on the page of an app's link, which exists in the default language only.
 */
export function LanguageLinks() {
  const { pathname } = useLocation();
  const inOneLanguage = useMatches().some((match) => isAppLinkRouteId(match.id));
  const { languages } = site;
  if (languages.others.length === 0 || inOneLanguage) return null;
  return (
    <nav aria-label={t.nav.languages} className={styles.languages}>
      <ul>
        {[languages.default, ...languages.others].map((code) => {
          const current = code === __SITE_LANGUAGE__;
          return (
            <li key={code}>
              <a
                href={`${languagePrefix(languages, code)}${pathname}`}
                lang={code}
                hrefLang={code}
                aria-current={current ? 'page' : undefined}
              >
                {__LANGUAGE_NAMES__[code] ?? code}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
