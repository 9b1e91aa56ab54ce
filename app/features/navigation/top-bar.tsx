import { useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../common/paths.ts';
import { site } from '../../../content/index.ts';
import { t } from '../../i18n/messages.ts';
import { earlyEffect, pressedInPage, useTakeOverEarlyState } from '../../lib/early-events.ts';
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
  /** Each app's icon, by slug, for the menu; default none. */
  appIcons?: Readonly<Record<string, string>>;
}

/**
 * The slim bar on top of every page: the owner's name, the theme, the pause toggle and the
 * menu. The pause toggle answers before the page is live (the early script flips it, and
 * the bar takes its state over as it hydrates); without scripts there is no animation, and
 * no toggle.
 */
export function TopBar({ paused, onTogglePause, appIcons }: TopBarProps) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  useTakeOverEarlyState(() => {
    if (pressedInPage(toggleRef.current) !== paused) onTogglePause();
  });
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
          ref={toggleRef}
          className={styles.toggle}
          aria-pressed={paused}
          {...earlyEffect('press')}
          // The early script may have flipped aria-pressed before the page was live.
          suppressHydrationWarning
          onClick={onTogglePause}
          title={t.background.pauseTitle}
        >
          {/* Both icons: the stylesheet shows the one of the state, which the early script
              may flip before the page is live. */}
          <PauseIcon size={20} className={styles.pauseIcon} />
          <PlayIcon size={20} className={styles.playIcon} />
          <span className={styles.toggleLabel}>{t.background.pause}</span>
        </button>
        <SideMenu appIcons={appIcons} />
      </div>
    </header>
  );
}
