import { useLocation, useNavigate } from 'react-router';
import { paths, type LegalDoc } from '../../common/paths.ts';
import { LEGAL_TITLES, LegalModal } from '../features/legal/legal-modal.tsx';
import { requireAppFromPath } from '../lib/current-app.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/legal';

/** `/steda/terms` (with or without a trailing slash) → terms. */
function docFromPath(pathname: string): LegalDoc {
  return pathname.split('/').filter(Boolean)[1] === 'terms' ? 'terms' : 'privacy';
}

export function meta({ location }: Route.MetaArgs) {
  const app = requireAppFromPath(location.pathname);
  const doc = docFromPath(location.pathname);
  return pageMeta({
    title: `${LEGAL_TITLES[doc]} — ${app.name}`,
    description: `The ${LEGAL_TITLES[doc]} of ${app.name}: what it covers, your choices, and how to get in touch.`,
    path: paths.legal.href(app.slug, doc),
  });
}

export default function LegalRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const app = requireAppFromPath(pathname);
  return (
    <LegalModal
      slug={app.slug}
      appName={app.name}
      doc={docFromPath(pathname)}
      onClose={() => void navigate(paths.project.href(app.slug), { preventScrollReset: true })}
    />
  );
}
