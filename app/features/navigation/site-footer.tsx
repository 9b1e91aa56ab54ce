import { Link } from 'react-router';
import { SITE_FOOTER_ID } from '../../../common/first-paint.ts';
import { site } from '../../../content/index.ts';
import { t } from '../../i18n/messages.ts';
import { LanguageLinks } from './language-links.tsx';
import { navLinks } from './nav-links.ts';
import styles from './site-footer.module.css';

/**
 * Every page's footer: all links of the site, so it is navigable without scripts too. Its
 * start marks where a page's content has all been parsed (`common/first-paint.ts`).
 */
export function SiteFooter() {
  return (
    <footer id={SITE_FOOTER_ID} className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.owner}>
          <span className={styles.name}>{site.ownerName}</span>
          <span className={styles.tagline}>{site.tagline}</span>
        </p>
        <nav aria-label={t.nav.allPages}>
          <ul className={styles.links}>
            {navLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageLinks />
        <p className={styles.note}>
          © {new Date().getFullYear()} {site.ownerName}
        </p>
      </div>
    </footer>
  );
}
