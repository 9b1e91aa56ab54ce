import { useMatches, useNavigate, type MetaArgs } from 'react-router';
import { paths, type LegalDoc } from '../../common/paths.ts';
import { legalPageOf } from '../compositions/app-pages.ts';
import { appPageMeta } from '../compositions/app-page-meta.ts';
import { LegalModal } from '../features/legal/legal-modal.tsx';
import { t } from '../i18n/messages.ts';
import { DIALOG_PAGE_HANDLE } from '../ui/modal.tsx';

/** The page opens with the text's dialog over the app's page. */
export const handle = DIALOG_PAGE_HANDLE;

// React Router's own type, not this route's generated one: the route exists only while an
// app of the content needs it, and its generated types with it.
export function meta({ matches }: MetaArgs) {
  const { resolved, doc, title } = legalPageOf(matches);
  const { app } = resolved;
  const path = paths.legal.href(app.slug, doc);
  // Terms and privacy have sentences of their own ("The Privacy Policy of…"); a declared
  // page's title may be a phrase ("Delete Your Account").
  const ownDescriptions: Partial<Record<LegalDoc, (appName: string) => string>> =
    t.legal.descriptions;
  const describe = Object.hasOwn(ownDescriptions, doc) ? ownDescriptions[doc] : undefined;
  return appPageMeta(resolved.app, {
    summary: resolved.texts.summary,
    title: `${title} — ${app.name}`,
    description: describe ? describe(app.name) : t.legal.description(title, app.name),
    path,
  });
}

export default function LegalRoute() {
  const navigate = useNavigate();
  const { resolved, doc, title } = legalPageOf(useMatches());
  const { app } = resolved;
  const appPage = paths.project.href(app.slug);
  return (
    <LegalModal
      slug={app.slug}
      appName={app.name}
      doc={doc}
      title={title}
      closeHref={appPage}
      onClose={() => void navigate(appPage, { preventScrollReset: true })}
    />
  );
}
