import { useMatches, useNavigate } from 'react-router';
import { paths } from '../../common/paths.ts';
import { legalPageOf } from '../compositions/app-pages.ts';
import { appPageMeta } from '../compositions/app-page-meta.ts';
import { LegalModal } from '../features/legal/legal-modal.tsx';
import type { Route } from './+types/legal';

export function meta({ matches }: Route.MetaArgs) {
  const { resolved, doc, title } = legalPageOf(matches);
  const { app } = resolved;
  const path = paths.legal.href(app.slug, doc);
  return appPageMeta(app, {
    title: `${title} — ${app.name}`,
    description: `The ${title} of ${app.name}: what it covers, your choices, and how to get in touch.`,
    path,
  });
}

export default function LegalRoute() {
  const navigate = useNavigate();
  const { resolved, doc } = legalPageOf(useMatches());
  const { app } = resolved;
  const appPage = paths.project.href(app.slug);
  return (
    <LegalModal
      slug={app.slug}
      appName={app.name}
      doc={doc}
      closeHref={appPage}
      onClose={() => void navigate(appPage, { preventScrollReset: true })}
    />
  );
}
