import type { ReactNode } from 'react';
import type { App } from '../../../content/schema.ts';
import styles from './project-page.module.css';

const BUTTON_LABELS = {
  landing: 'Landing Page',
  appStore: 'Apple Store',
  playStore: 'Play Store',
  testFlight: 'TestFlight',
} as const;

export interface ProjectPageProps {
  app: App;
  /** Heading level of the title: 1 on the app's own page, 2 inside the slider. */
  headingLevel?: 1 | 2;
  /** Shown beside the title (the slider's arrows). */
  titleAside?: ReactNode;
  /** Rendered after the page (its modal sub-routes). */
  children?: ReactNode;
}

/** An app's showcase page, built from its content. */
export function ProjectPage({ app, headingLevel = 1, titleAside, children }: ProjectPageProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const SubHeading = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <article className={styles.page} aria-labelledby={`title-${app.slug}`}>
      <header className={styles.header}>
        <Heading id={`title-${app.slug}`} className={styles.title}>
          <a href={app.titleHref} target="_blank" rel="noopener">
            {app.name}
          </a>
        </Heading>
        {titleAside}
      </header>
      <ul className={styles.buttons}>
        {app.buttons.map((button) => (
          <li key={button.kind}>
            <a className={styles.button} href={button.href} target="_blank" rel="noopener">
              {BUTTON_LABELS[button.kind]}
            </a>
          </li>
        ))}
      </ul>
      <section className={styles.about} aria-labelledby={`about-${app.slug}`}>
        <SubHeading id={`about-${app.slug}`}>About {app.name}</SubHeading>
        {app.description.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <ul>
          {app.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </section>
      {children}
    </article>
  );
}
