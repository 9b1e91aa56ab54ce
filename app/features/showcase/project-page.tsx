import { AppIcon } from '../../ui/app-icon.tsx';
import { buttonLabel } from '../../../content/buttons.ts';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { LegalDoc, LegalDocLink, SubPageLink } from '../../../common/paths.ts';
import { qrCodePath, SCANNABLE_BUTTONS } from '../../../common/qr-codes.ts';
import { site, technologies } from '../../../content/index.ts';
import type { AppButton, AppTexts, BrowserApp, TechnologyId } from '../../../content/schema.ts';
import { t } from '../../i18n/messages.ts';
import { BrandIcon, type BrandMark } from '../../ui/brand-icon.tsx';
import {
  DocumentIcon,
  ExternalIcon,
  GlobeIcon,
  MessageIcon,
  QrCodeIcon,
  ShieldIcon,
} from '../../ui/icons.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { codeHostMark, storeMarks } from './marks.ts';
import styles from './project-page.module.css';

/** The visible name, and accessible name, of each kind of button. */
/**
 * How the logo row shows a legal document: terms and privacy by a short name and an icon of
 * their own, the title their accessible name; a page the app declares by its title, with the
 * document icon.
 */
function legalLinkLook(doc: LegalDoc, title: string): [label: string, icon: typeof DocumentIcon] {
  if (doc === 'terms') return [t.legal.links.terms, DocumentIcon];
  if (doc === 'privacy') return [t.legal.links.privacy, ShieldIcon];
  return [title, DocumentIcon];
}

function ButtonIcon({ kind }: { kind: AppButton['kind'] }) {
  if (kind === 'landing') return <GlobeIcon size={22} />;
  return <BrandIcon mark={storeMarks[kind]} size={22} />;
}

export interface ProjectPageProps {
  app: BrowserApp;
  /** Its description and features. */
  texts: Pick<AppTexts, 'description' | 'features'>;
  /** The app's icon, shown before its name; default none (the name alone). */
  icon?: string | undefined;
  /** Heading level of the title: 1 on the app's own page (default), 2 inside the slider. */
  headingLevel?: 1 | 2;
  /** Shown beside the title (the slider's arrows); default nothing. */
  titleAside?: ReactNode;
  /** The Send Feedback control, right after the button row; default nothing. */
  feedback?: ReactNode;
  /** The screenshot carousel, after the feedback control; default nothing. */
  carousel?: ReactNode;
  /** Whether the page draws its own glass panel; default true (the slider draws one for all). */
  framed?: boolean;
  /** Rendered after the page (its modal sub-routes); default nothing. */
  children?: ReactNode;
  /** The mark of each technology in the logo row, by id; default none (names only). */
  technologyMarks?: Readonly<Partial<Record<TechnologyId, BrandMark>>>;
  /**
   * The app's legal documents, linked at the end of the logo row: Terms and Privacy, then
   * the further pages it declares, by their titles; default none.
   */
  legalDocs?: readonly LegalDocLink[];
  /** The app's support address, linked after its legal documents; default none. */
  support?: SubPageLink;
}

/**
 * An app's showcase page, built from its content, in the order of the spec: the title
 * linking to the listing, the store buttons, feedback, screenshots, the description with
 * its features, and the logo row.
 */
export function ProjectPage({
  app,
  texts,
  icon,
  headingLevel = 1,
  titleAside,
  feedback,
  carousel,
  framed = true,
  children,
  technologyMarks = {},
  legalDocs = [],
  support,
}: ProjectPageProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const SubHeading = headingLevel === 1 ? 'h2' : 'h3';
  const id = useId();
  const titleId = `${id}-title`;
  const newTabId = `${id}-new-tab`;
  const accent = { '--app-accent': app.accent } as CSSProperties;

  return (
    <article
      className={`${styles.page} ${framed ? 'glass' : ''}`}
      aria-labelledby={titleId}
      style={accent}
    >
      <header className={styles.header}>
        <div className={styles.titleRow}>
          <AppIcon src={icon} size={56} className={styles.appIcon} />
          <Heading id={titleId} className={styles.title}>
            <a href={app.titleHref} target="_blank" rel="noopener" aria-describedby={newTabId}>
              {app.name}
              <ExternalIcon className={styles.titleIcon} size={20} />
            </a>
          </Heading>
          {titleAside ? <div className={styles.aside}>{titleAside}</div> : null}
        </div>
      </header>

      {app.buttons.length > 0 ? (
        <ul className={styles.buttons}>
          {app.buttons.map((button) => {
            const label = buttonLabel(button, t.showcase.buttons);
            // Scan to install: the link's QR code, for a visitor on a computer (the CSS never
            // shows it on a phone). Hover or focus on the button shows it where the browser
            // supports `interestfor`; the QR control beside it opens it anywhere.
            const qr = SCANNABLE_BUTTONS.includes(button.kind) ? `${id}-qr-${button.kind}` : '';
            return (
              <li key={button.kind} className={styles.button}>
                <a
                  className={`${styles.badge} store-badge`}
                  href={button.href}
                  target="_blank"
                  rel="noopener"
                  aria-describedby={newTabId}
                  interestfor={qr || undefined}
                  data-count-click={`${app.slug} ${button.kind}`}
                >
                  <ButtonIcon kind={button.kind} />
                  {label}
                </a>
                {qr ? (
                  <>
                    <button
                      type="button"
                      className={styles.qrButton}
                      popoverTarget={qr}
                      aria-label={t.showcase.qrButton(label)}
                    >
                      <QrCodeIcon size={20} />
                    </button>
                    <div
                      id={qr}
                      popover="auto"
                      className={styles.qr}
                      data-count-open={`${app.slug} ${button.kind}`}
                    >
                      <img
                        src={qrCodePath(app.slug, button.kind)}
                        alt={t.showcase.qrImage(app.name, label)}
                        width={144}
                        height={144}
                        loading="lazy"
                      />
                      {t.showcase.scanToOpen}
                    </div>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}

      {feedback ? <div className={styles.feedback}>{feedback}</div> : null}
      {carousel ? <div className={styles.carousel}>{carousel}</div> : null}

      <div className={styles.details}>
        <section className={styles.about} aria-labelledby={`${id}-about`}>
          <SubHeading id={`${id}-about`} className={styles.subheading}>
            {t.showcase.about(app.name)}
          </SubHeading>
          {texts.description.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <section className={styles.features} aria-labelledby={`${id}-features`}>
          <SubHeading id={`${id}-features`} className={styles.subheading}>
            {t.showcase.features}
          </SubHeading>
          <ul className={styles.featureList}>
            {texts.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
      </div>

      <footer className={styles.logos}>
        <ul className={styles.logoList} aria-label={t.showcase.logos(app.name)}>
          <li>
            <a
              className={styles.logo}
              href={site.codeHostUrl}
              target="_blank"
              rel="noopener"
              aria-label={t.showcase.profile(codeHostMark.title)}
              title={t.showcase.profile(codeHostMark.title)}
            >
              <BrandIcon mark={codeHostMark} lazy />
            </a>
          </li>
          {app.technologies.map((tech) => (
            <li key={tech}>
              <a
                className={styles.logo}
                href={technologies[tech].href}
                target="_blank"
                rel="noopener"
                aria-describedby={newTabId}
                aria-label={technologies[tech].name}
                title={technologies[tech].name}
              >
                {technologyMarks[tech] ? <BrandIcon mark={technologyMarks[tech]} lazy /> : null}
              </a>
            </li>
          ))}
          {legalDocs.length > 0 || support ? (
            <li className={styles.legal}>
              {legalDocs.map(({ doc, title, href }) => {
                const [label, Icon] = legalLinkLook(doc, title);
                return (
                  <Link
                    key={doc}
                    className={styles.legalLink}
                    to={href}
                    preventScrollReset
                    aria-label={label === title ? undefined : title}
                  >
                    <Icon size={20} />
                    {label}
                  </Link>
                );
              })}
              {support ? (
                <Link
                  className={styles.legalLink}
                  to={support.href}
                  preventScrollReset
                  aria-label={support.title}
                >
                  <MessageIcon size={20} />
                  {t.showcase.support}
                </Link>
              ) : null}
            </li>
          ) : null}
        </ul>
      </footer>
      <VisuallyHidden id={newTabId}>{t.showcase.newTab}</VisuallyHidden>
      {children}
    </article>
  );
}
