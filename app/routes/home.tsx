import { Link } from 'react-router';
import { paths } from '../../common/paths.ts';
import { apps, site, skills } from '../../content/index.ts';
import { pageMeta } from '../lib/meta.ts';
import styles from './home.module.css';

export function meta() {
  return pageMeta({
    title: site.ownerName,
    description: site.description,
    path: paths.home.href(),
  });
}

export default function Home() {
  return (
    <main id="main" className={styles.page}>
      <section className={styles.hero} aria-labelledby="hero-title">
        <h1 id="hero-title">{site.ownerName}</h1>
        <p>{site.tagline}</p>
      </section>
      <section aria-labelledby="about-title" className={styles.section}>
        <h2 id="about-title">About Me</h2>
        {site.aboutMe.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
      <section aria-labelledby="contact-title" className={styles.section}>
        <h2 id="contact-title">Contact</h2>
        <ul>
          <li>
            <a href={site.contact.linkedin}>LinkedIn</a>
          </li>
          <li>
            <a href={`mailto:${site.contact.email}`}>Email</a>
          </li>
          <li>
            <a href={`tel:${site.contact.phone.replace(/[^+\d]/g, '')}`}>Phone</a>
          </li>
          <li>
            <a href={`sms:${site.contact.sms.replace(/[^+\d]/g, '')}`}>Text</a>
          </li>
        </ul>
      </section>
      <section aria-labelledby="skills-title" className={styles.section}>
        <h2 id="skills-title">Skills</h2>
        <ul>
          {skills.map((skill) => (
            <li key={skill}>{skill}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="projects-title" className={styles.section}>
        <h2 id="projects-title">All Projects</h2>
        <ul>
          {apps.map((app) => (
            <li key={app.slug}>
              <Link to={paths.project.href(app.slug)}>{app.name}</Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
