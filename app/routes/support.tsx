import type { MetaArgs } from 'react-router';
import { paths } from '../../common/paths.ts';
import { appPageOf } from '../compositions/app-pages.ts';
import { appPageMeta } from '../compositions/app-page-meta.ts';
import { t } from '../i18n/messages.ts';
import { DIALOG_PAGE_HANDLE } from '../ui/modal.tsx';

/** The page opens with the feedback form's dialog over the app's page. */
export const handle = DIALOG_PAGE_HANDLE;

// React Router's own type, not this route's generated one: the route exists only while an
// app of the content needs it, and its generated types with it.
export function meta({ matches }: MetaArgs) {
  const resolved = appPageOf(matches);
  const { app } = resolved;
  return appPageMeta(resolved.app, {
    summary: resolved.texts.summary,
    title: t.support.title(app.name),
    description: t.support.description(app.name),
    path: paths.support.href(app.slug),
  });
}

/**
 * An app's support address (the Support URL of its store listing): the app's page shows its
 * own Send Feedback form open over it (routes/project.tsx); closing it returns to the page.
 */
export default function SupportRoute() {
  return null;
}
