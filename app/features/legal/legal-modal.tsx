import { Suspense, use } from 'react';
import type { LegalDoc } from '../../../common/paths.ts';
import { site } from '../../../content/index.ts';
import { t } from '../../i18n/messages.ts';
import { loadChunk } from '../../lib/lazy-chunk.ts';
import { Modal } from '../../ui/modal.tsx';
import styles from './legal-modal.module.css';

/**
 * Each legal text (privacy.md, terms.md and the further pages an app declares) is its own
 * small chunk, compiled from Markdown to HTML at build time; so is each translation of one
 * (privacy.es.md), which the pages of its language show in its place.
 */
const legalHtml = import.meta.glob<string>(
  ['../../../content/apps/*/*.md', '!../../../content/apps/*/*.*.md'],
  { import: 'default' },
);
const translatedHtml = import.meta.glob<string>('../../../content/apps/*/*.*.md', {
  import: 'default',
});

/** The texts' sections are h2 in Markdown; in the modal they sit under its h2 title. */
function belowModalTitle(html: string): string {
  return html.replace(/<(\/?)h([2-5])\b/g, (_match, slash: string, level: string) => {
    return `<${slash}h${Number(level) + 1}`;
  });
}

const loading = new Map<string, Promise<string>>();

/** The text's file under content/apps/, without its extension. */
const fileOf = (slug: string, doc: LegalDoc) => `../../../content/apps/${slug}/${doc}`;

/** Whether the owner translated the text into the page's language (or wrote it in it). */
function inPageLanguage(slug: string, doc: LegalDoc): boolean {
  return (
    __SITE_LANGUAGE__ === site.languages.default ||
    `${fileOf(slug, doc)}.${__SITE_LANGUAGE__}.md` in translatedHtml
  );
}

/** The text's HTML, loaded once per page view through the chunk loader. */
function legalTextHtml(slug: string, doc: LegalDoc): Promise<string> {
  const key = `${slug}/${doc}`;
  let promise = loading.get(key);
  if (!promise) {
    const file = fileOf(slug, doc);
    const load = translatedHtml[`${file}.${__SITE_LANGUAGE__}.md`] ?? legalHtml[`${file}.md`];
    promise = loadChunk(`legal-${slug}-${doc}`, () =>
      load ? load() : Promise.reject(new Error(`No ${doc} text for ${slug}`)),
    ).then(belowModalTitle);
    // A failed load stays failed for this page view, so the error shows instead of an
    // endless retry; the error screen offers a reload.
    loading.set(key, promise);
  }
  return promise;
}

function LegalText({ slug, doc }: { slug: string; doc: LegalDoc }) {
  const html = use(legalTextHtml(slug, doc));
  // A text not translated is shown in the default language, and marked as written in it, so
  // that screen readers pronounce it so and its lines run in its own direction.
  const fallback = inPageLanguage(slug, doc)
    ? {}
    : { lang: site.languages.default, dir: 'auto' as const };
  // Our own Markdown, compiled at build time: no visitor input reaches it.
  return <div className={styles.text} {...fallback} dangerouslySetInnerHTML={{ __html: html }} />;
}

export interface LegalModalProps {
  slug: string;
  appName: string;
  doc: LegalDoc;
  /** The document's title, e.g. "Terms of Use". */
  title: string;
  /** The app's page, where the close cross leads before the page is live. */
  closeHref: string;
  onClose: () => void;
}

/**
 * One of an app's legal documents (its Privacy Policy, its Terms of Use, a page it declares),
 * in a modal over its page.
 */
export function LegalModal({ slug, appName, doc, title, closeHref, onClose }: LegalModalProps) {
  return (
    <Modal
      title={title}
      subtitle={appName}
      onClose={onClose}
      closeHref={closeHref}
      initialFocus="title"
    >
      <Suspense fallback={<p className={styles.loading}>{t.legal.loading}</p>}>
        <LegalText slug={slug} doc={doc} />
      </Suspense>
    </Modal>
  );
}
