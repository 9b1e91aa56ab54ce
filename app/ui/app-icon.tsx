/**
 * An app's icon beside its name (the name is always there too, so the image says nothing
 * more: its text alternative is empty). Nothing when the app has no icon.
 */
import styles from './app-icon.module.css';

export interface AppIconProps {
  /** The icon's address; none: nothing is drawn. */
  src: string | undefined;
  /** Its side in CSS pixels. */
  size: number;
  /** Whether it waits until it is about to show (in a closed menu, say); default false. */
  lazy?: boolean;
  className?: string;
}

export function AppIcon({ src, size, lazy = false, className }: AppIconProps) {
  if (!src) return null;
  return (
    <img
      className={className ? `${styles.icon} ${className}` : styles.icon}
      src={src}
      width={size}
      height={size}
      alt=""
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
    />
  );
}
