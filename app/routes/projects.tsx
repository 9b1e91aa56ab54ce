import { Link } from 'react-router';
import { paths } from '../../common/paths.ts';
import { apps } from '../../content/index.ts';
import { pageMeta } from '../lib/meta.ts';

export function meta() {
  return pageMeta({
    title: 'All Projects',
    description: `All ${apps.length} apps, one after another: screenshots, features and store links of each.`,
    path: paths.projects.href(),
  });
}

export default function Projects() {
  return (
    <main id="main">
      <h1>All Projects</h1>
      <ul>
        {apps.map((app) => (
          <li key={app.slug}>
            <Link to={paths.project.href(app.slug)}>{app.name}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
