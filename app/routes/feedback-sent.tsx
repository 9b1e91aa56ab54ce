import { Link, useMatches, useNavigate, type MetaArgs } from 'react-router';
import { paths } from '../../common/paths.ts';
import { appPageOf } from '../compositions/app-pages.ts';
import { appPageMeta } from '../compositions/app-page-meta.ts';
import { feedbackWords } from '../i18n/feedback/words.ts';
import { Modal } from '../ui/modal.tsx';
import styles from './feedback-sent.module.css';

// React Router's own type, not this route's generated one: the route exists only while an
// app of the content needs it, and its generated types with it.
export function meta({ matches }: MetaArgs) {
  const { app } = appPageOf(matches);
  // No path: one visitor's confirmation, kept out of search engines.
  return appPageMeta(app, {
    title: feedbackWords.sent.pageTitle(app.name),
    description: feedbackWords.sent.description(app.name),
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
      title={feedbackWords.sent.title}
      subtitle={app.name}
      onClose={close}
      closeHref={appPage}
      size="narrow"
    >
      <p role="status" className={styles.status}>
        {feedbackWords.alerts.sent}
      </p>
      <p className={styles.text}>{feedbackWords.sent.thanks}</p>
      <Link to={appPage} preventScrollReset className={styles.back}>
        {feedbackWords.sent.back(app.name)}
      </Link>
    </Modal>
  );
}
