import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

export interface VisuallyHiddenProps {
  children: ReactNode;
  /** An id, for text that other elements point to (aria-describedby). */
  id?: string;
}

/** Text for screen readers only. */
export function VisuallyHidden({ children, id }: VisuallyHiddenProps) {
  return (
    <span className={styles.hidden} id={id}>
      {children}
    </span>
  );
}
