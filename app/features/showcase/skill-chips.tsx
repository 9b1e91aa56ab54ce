import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from '../../lib/use-media-query.ts';
import styles from './skill-chips.module.css';

export interface SkillChipsProps {
  skills: readonly string[];
  /** Id of the heading that names the list. */
  labelledBy?: string;
}

/**
 * The skills as chips that appear one after another, 100 ms apart. The stagger is plain CSS
 * (each chip's delay from its place in the list, `sibling-index()`; where a browser lacks it
 * they appear together), so it plays before scripts run and the chips are there without
 * them, and the page carries no style per chip; reduced
 * motion shows them all at once. When the list is still below the fold once scripts run,
 * the stagger waits until the list scrolls into view, so it is not over before anyone sees it.
 */
export function SkillChips({ skills, labelledBy }: SkillChipsProps) {
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (!list || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    if (list.getBoundingClientRect().top < window.innerHeight) return;
    list.dataset.reveal = 'waiting';
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        list.dataset.reveal = 'playing';
        observer.disconnect();
      },
      { threshold: 0.25 },
    );
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  return (
    <ul ref={listRef} className={styles.list} aria-labelledby={labelledBy}>
      {skills.map((skill) => (
        <li key={skill} className={styles.chip}>
          {skill}
        </li>
      ))}
    </ul>
  );
}
