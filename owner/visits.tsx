import { useEffect } from 'react';
import styles from './owner.module.css';

/** The section of the site's visits: the figures and charts of the visit counts go here. */
export function Visits() {
  useEffect(() => {
    document.title = 'Visits · Owner’s pages';
  }, []);
  return (
    <section aria-labelledby="visits-title" className={`glass ${styles.panel}`}>
      <h1 id="visits-title">Visits</h1>
      <p className={styles.muted}>
        Visits to the site, counted without cookies, show here once the server counts them.
      </p>
    </section>
  );
}
