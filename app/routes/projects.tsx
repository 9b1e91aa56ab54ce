import { paths } from '../../common/paths.ts';
import { apps } from '../../content/index.ts';
import { pageMeta } from '../compositions/page-meta.ts';
import { AllProjects } from '../compositions/all-projects.tsx';
import styles from './projects.module.css';

export function meta() {
  return pageMeta({
    title: 'All Projects',
    description: `All ${apps.length} apps, one after another: screenshots, features and store links of each.`,
    path: paths.projects.href(),
  });
}

export default function Projects() {
  return (
    <main id="main" className={styles.page}>
      <header className={styles.intro}>
        <h1 id="projects-title" className={styles.title}>
          All Projects
        </h1>
        <p className={styles.lead}>
          {apps.length} apps, one after another. Use the arrows beside each title, or the arrow
          keys, to move between them.
        </p>
      </header>
      <AllProjects labelledBy="projects-title" />
    </main>
  );
}
