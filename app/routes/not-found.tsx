import { Link } from 'react-router';
import { paths } from '../../common/paths.ts';
import { pageMeta } from '../compositions/page-meta.ts';
import { t } from '../i18n/messages.ts';
import styles from './not-found.module.css';

export function meta() {
  return pageMeta({
    title: t.notFound.title,
    description: t.notFound.text,
  });
}

export default function NotFound() {
  return (
    <main id="main" className={`glass ${styles.page}`}>
      <h1 className={styles.heading}>{t.notFound.title}</h1>
      <p className={styles.text}>{t.notFound.text}</p>
      <Link to={paths.home.href()} className={styles.home}>
        {t.shell.goHome}
      </Link>
    </main>
  );
}
