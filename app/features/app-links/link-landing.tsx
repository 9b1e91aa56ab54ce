/**
 * The page of an app's link (a shared recipe, an invitation to a game), for a visitor whose
 * phone did not open the app: the app, what the link is, Open in the app, and the store to
 * get it from. All of it is plain HTML that works without scripts; the platform's store is
 * picked by the stylesheet from what the page's head script marks (common/visitor-platform.ts),
 * and both stores show without it.
 */
import { useEffect, useId, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { openAppOnce } from './platform.ts';
import { t } from '../../i18n/messages.ts';
import { AppIcon } from '../../ui/app-icon.tsx';
import styles from './link-landing.module.css';

/** The stores a link's page offers, by the kind of the app's button. */
export type StoreKind = 'appStore' | 'playStore' | 'testFlight';

/**
 * Each store's name and the class of its mark (a simple-icons SVG the stylesheet names, so
 * this page's script shares no module with the app pages'); TestFlight has no mark.
 */
const STORES: Record<StoreKind, { name: string; mark?: string }> = {
  appStore: { name: 'App Store', mark: styles.appStore },
  playStore: { name: 'Google Play', mark: styles.playStore },
  testFlight: { name: 'TestFlight' },
};

/** A store the app is in, for the visitors of one platform. */
export interface StoreLink {
  kind: StoreKind;
  /** Whose store it is: the App Store or TestFlight for `ios`, Google Play for `android`. */
  platform: 'ios' | 'android';
  /** The app's listing. */
  href: string;
  /** The QR code of the listing, shown beside the button on a computer. */
  qrSrc: string;
}

export interface LinkLandingProps {
  /** The app's icon; default none (its initial on its accent colour instead). */
  icon?: string | undefined;
  appName: string;
  /** The app's accent colour, #rrggbb. */
  accent: string;
  /** What the link is, e.g. "A recipe shared with you": the page's heading. */
  title: string;
  description: string;
  /** What Open in the app opens, e.g. `reciperealm://r/123`. */
  appUrl: string;
  /**
   * The app address to open by itself once, where the platform allows it, when the page is
   * live; default none.
   */
  openOnArrival?: string;
  /** The stores the app is in, the App Store's first. */
  stores: readonly StoreLink[];
  /** The app's own page on the site. */
  appPageHref: string;
}

export function LinkLanding({
  icon,
  appName,
  accent,
  title,
  description,
  appUrl,
  openOnArrival,
  stores,
  appPageHref,
}: LinkLandingProps) {
  const id = useId();
  useEffect(() => {
    if (openOnArrival) openAppOnce(openOnArrival);
  }, [openOnArrival]);
  const platforms = new Set(stores.map((store) => store.platform));
  return (
    <article
      className={`glass ${styles.panel}`}
      aria-labelledby={`${id}-title`}
      style={{ '--app-accent': accent } as CSSProperties}
    >
      <p className={styles.app}>
        <AppIcon src={icon} size={72} className={styles.mark} fallbackName={appName} />
        <span className={styles.appName}>{appName}</span>
      </p>
      <h1 id={`${id}-title`} className={styles.title}>
        {title}
      </h1>
      <p className={styles.description}>{description}</p>
      <a className={styles.open} href={appUrl}>
        {t.appLink.open}
      </a>
      {stores.length > 0 ? (
        <section className={styles.get} aria-labelledby={`${id}-get`}>
          <h2 id={`${id}-get`} className={styles.getTitle}>
            {t.appLink.getIt(appName)}
          </h2>
          <ul
            className={styles.stores}
            data-has-ios={platforms.has('ios') ? '' : undefined}
            data-has-android={platforms.has('android') ? '' : undefined}
          >
            {stores.map(({ kind, platform, href, qrSrc }) => {
              const { name, mark } = STORES[kind];
              return (
                <li key={kind} className={styles.store} data-store={platform}>
                  <a className="store-badge" href={href}>
                    {mark ? (
                      <span className={`${styles.storeMark} ${mark}`} aria-hidden="true" />
                    ) : null}
                    {name}
                  </a>
                  <img
                    className={styles.qr}
                    src={qrSrc}
                    alt={t.appLink.qrImage(appName, name)}
                    width={112}
                    height={112}
                    loading="lazy"
                  />
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <Link className={styles.more} to={appPageHref}>
        {t.appLink.more(appName)}
      </Link>
    </article>
  );
}
