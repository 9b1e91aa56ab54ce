import { Link } from 'react-router';
import { paths } from '../../common/paths.ts';
import { pageMeta } from '../compositions/page-meta.ts';
import styles from './not-found.module.css';

export function meta() {
  return pageMeta({
    title: '404 - Page Not Found',
    description: 'Sorry, the page you are looking for does not exist.',
  });
}

export default function NotFound() {
  return (
    <main id="main" className={`glass ${styles.page}`}>
      <h1 className={styles.heading}>404 - Page Not Found</h1>
      <p className={styles.text}>Sorry, the page you are looking for does not exist.</p>
      <Link to={paths.home.href()} className={styles.home}>
        Go to Home
      </Link>
    </main>
  );
}
