import styles from './backgrounds.module.css';

export interface BackgroundsProps {
  /** Whether the animation is paused; a paused background renders no frames. */
  paused: boolean;
}

/**
 * The decorative backgrounds behind every page. The still gradient of the page body shows
 * until (and wherever) the animated scene cannot run.
 */
export function Backgrounds({ paused }: BackgroundsProps) {
  return <div className={styles.layer} data-paused={paused} aria-hidden="true" />;
}
