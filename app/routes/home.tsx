import { paths } from '../../common/paths.ts';
import { apps, site, skills } from '../../content/index.ts';
import { ContactLinks } from '../features/showcase/contact-links.tsx';
import { SkillChips } from '../features/showcase/skill-chips.tsx';
import { pageMeta } from '../compositions/page-meta.ts';
import { AllProjects } from '../compositions/all-projects.tsx';
import { resume } from '../compositions/resume.ts';
import { t } from '../i18n/messages.ts';
import styles from './home.module.css';

export function meta() {
  // The site's name already starts with the owner's name: the title is the name alone.
  return pageMeta({
    description: site.description,
    path: paths.home.href(),
  });
}

export default function Home() {
  return (
    <main id="main" className={styles.page}>
      <section className={styles.hero} aria-labelledby="hero-title">
        <h1 id="hero-title" className={styles.name}>
          {site.ownerName}
        </h1>
        <p className={styles.tagline}>{site.tagline}</p>
        <p className={styles.jumps}>
          <a className={styles.primary} href="#projects-title">
            {t.home.seeApps(apps.length)}
          </a>
          <a className={styles.secondary} href="#contact-title">
            {t.home.getInTouch}
          </a>
        </p>
      </section>

      <div className={styles.intro}>
        <section aria-labelledby="about-title" className={`glass ${styles.panel}`}>
          <h2 id="about-title" className={styles.heading}>
            {t.home.aboutMe}
          </h2>
          {site.aboutMe.map((paragraph) => (
            <p key={paragraph} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
        </section>
        <section aria-labelledby="contact-title" className={`glass ${styles.panel}`}>
          <h2 id="contact-title" className={styles.heading}>
            {t.home.contact}
          </h2>
          <ContactLinks contact={site.contact} resume={resume} labelledBy="contact-title" />
        </section>
      </div>

      <section aria-labelledby="skills-title" className={`glass ${styles.panel}`}>
        <h2 id="skills-title" className={styles.heading}>
          {t.home.skills}
        </h2>
        <SkillChips skills={skills} labelledBy="skills-title" />
      </section>

      {/* The slider is the section's landmark, named by this heading. */}
      <div className={styles.projects}>
        <h2 id="projects-title" className={styles.sectionTitle}>
          {t.nav.allProjects}
        </h2>
        {/* At the end of home, its HTML carries the first app only; until it is live, its
            arrows lead to All Projects, whose HTML carries them all. */}
        <AllProjects labelledBy="projects-title" otherPagesAt={paths.projects.href()} />
      </div>
    </main>
  );
}
