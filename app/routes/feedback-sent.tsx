import { Link, useMatches, useNavigate, type MetaArgs } from 'react-router';
import { paths } from '../../common/paths.ts';
import { appPageOf } from '../compositions/app-pages.ts';
import { appPageMeta } from '../compositions/app-page-meta.ts';
import { sentWords } from '../i18n/sent-words.ts';
import { Modal } from '../ui/modal.tsx';
import styles from './feedback-sent.module.css';

// React Router's own type, not this route's generated one: the route exists only while an
// app of the content needs it, and its generated types with it.
export function meta({ matches }: MetaArgs) {
  const resolved = appPageOf(matches);
  const { app } = resolved;
  // No path: one visitor's confirmation, kept out of search engines.
  return appPageMeta(resolved.app, {
    summary: resolved.texts.summary,
    title: sentWords.pageTitle(app.name),
    description: sentWords.description(app.name),
  });
}

/**
 * Where the support form leads once a message it posted without scripts is stored: the
 * app's page with the confirmation over it, which its close cross and button dismiss.
 */
export default function FeedbackSentRoute() {
  const navigate = useNavigate();
  const { app } = appPageOf(useMatches());
  const appPage = paths.project.href(app.slug);
  const close = () => void navigate(appPage, { preventScrollReset: true });
  return (
    <Modal
      title={sentWords.title}
      subtitle={app.name}
      onClose={close}
      closeHref={appPage}
      size="narrow"
    >
      <p role="status" className={styles.status}>
        {sentWords.alert}
      </p>
      <p className={styles.text}>{sentWords.thanks}</p>
      <Link to={appPage} preventScrollReset className={styles.back}>
        {sentWords.back(app.name)}
      </Link>
    </Modal>
  );
}
