/**
 * An app's icon beside its name (the name is always there too, so the image says nothing
 * more: its text alternative is empty). Without an icon: the app's initial on its accent
 * colour where a fallback name is given, nothing otherwise.
 */
import styles from './app-icon.module.css';

export interface AppIconProps {
  /** The icon's address; none: the fallback, or nothing. */
  src: string | undefined;
  /** Its side in CSS pixels. */
  size: number;
  /** Whether it waits until it is about to show (in a closed menu, say); default false. */
  lazy?: boolean;
  /** The app's name, whose initial stands in for a missing icon; none: nothing is drawn. */
  fallbackName?: string | undefined;
  className?: string;
}

export function AppIcon({ src, size, lazy = false, fallbackName, className }: AppIconProps) {
  const classes = className ? `${styles.icon} ${className}` : styles.icon;
  if (!src) {
    if (!fallbackName) return null;
    // Drawn by the stylesheet from its attribute, so that the letter is no part of the text
    // around it (the name beside it is the text).
    return (
      <span
        className={`${classes} ${styles.initial}`}
        style={{ width: size, height: size, fontSize: size * 0.55 }}
        data-initial={Array.from(fallbackName)[0]?.toUpperCase()}
        aria-hidden="true"
      />
    );
  }
  return (
    <img
      className={classes}
      src={src}
      width={size}
      height={size}
      alt=""
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
    />
  );
}
