import { paths } from '../../common/paths.ts';
import { apps } from '../../content/index.ts';
import { pageMeta } from '../compositions/page-meta.ts';
import { AllProjects } from '../compositions/all-projects.tsx';
import { t } from '../i18n/messages.ts';
import styles from './projects.module.css';

export function meta() {
  return pageMeta({
    title: t.nav.allProjects,
    description: t.projects.description(apps.length),
    path: paths.projects.href(),
  });
}

export default function Projects() {
  return (
    <main id="main" className={styles.page}>
      <header className={styles.intro}>
        <h1 id="projects-title" className={styles.title}>
          {t.nav.allProjects}
        </h1>
        <p className={styles.lead}>{t.projects.lead(apps.length)}</p>
      </header>
      <AllProjects labelledBy="projects-title" />
    </main>
  );
}
