import { Link } from 'react-router';
import { paths } from '../../../common/paths.ts';
import { site } from '../../../content/index.ts';
import { replayable } from '../../lib/early-events.ts';
import { PauseIcon, PlayIcon } from '../../ui/icons.tsx';
import { SideMenu } from './side-menu.tsx';
import { ThemeMenu } from './theme-menu.tsx';
import { scrollToTop } from './scroll-to-top.ts';
import styles from './top-bar.module.css';

export interface TopBarProps {
  /** Whether the background animation is paused. */
  paused: boolean;
  /** Flips the background animation between running and paused. */
  onTogglePause: () => void;
}

/**
 * The slim bar on top of every page: the owner's name, the theme, the pause toggle and the
 * menu.
 */
export function TopBar({ paused, onTogglePause }: TopBarProps) {
  return (
    <header className={styles.bar}>
      <Link
        to={paths.home.href()}
        className={styles.brand}
        preventScrollReset
        onClick={scrollToTop}
      >
        <span className={styles.mark} aria-hidden="true">
          {site.ownerName
            .split(/\s+/)
            .map((part) => part[0])
            .join('')
            .slice(0, 2)}
        </span>
        <span className={styles.name}>{site.ownerName}</span>
      </Link>
      <div className={styles.actions}>
        <ThemeMenu />
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={paused}
          {...replayable('background-pause')}
          onClick={onTogglePause}
          title={paused ? 'Play the background animation' : 'Pause the background animation'}
        >
          {paused ? <PlayIcon size={20} /> : <PauseIcon size={20} />}
          <span className={styles.toggleLabel}>Pause animation</span>
        </button>
        <SideMenu />
      </div>
    </header>
  );
}
