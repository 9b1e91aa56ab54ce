import styles from './owner.module.css';

/** What went wrong, said at once to a screen reader; nothing when all is well. */
export function Problem({ text }: { text: string }) {
  return text ? (
    <p role="alert" className={styles.problem}>
      {text}
    </p>
  ) : null;
}
