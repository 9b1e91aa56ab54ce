/**
 * The side navigation menu, a native popover: the menu button opens and closes it, and
 * Escape and a click outside close it, as plain HTML, so it works from the first paint,
 * before any script has run. Once the page is live, focus moves to the first link on open,
 * leaving the menu with Tab closes it, and each link closes it, goes back to the menu
 * button and scrolls smoothly to the top of its page.
 */
import { useEffect, useId, useRef, useState, type ToggleEvent } from 'react';
import { NavLink as RouterNavLink } from 'react-router';
import { t } from '../../i18n/messages.ts';
import { AppIcon } from '../../ui/app-icon.tsx';
import { CloseIcon, MenuIcon } from '../../ui/icons.tsx';
import { navLinks } from './nav-links.ts';
import { scrollToTop } from './scroll-to-top.ts';
import styles from './side-menu.module.css';

export interface SideMenuProps {
  /** Each app's icon, by slug, shown before its name; default none. */
  appIcons?: Readonly<Record<string, string>>;
}

export function SideMenu({ appIcons = {} }: SideMenuProps) {
  // Unknown until the page is live: before that the browser states the popover's state
  // for its button itself, and the prerendered HTML must not claim it closed.
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const menuId = useId();
  // Where some apps have icons, the others show their initial, so the names line up.
  const anyIcon = navLinks.some((link) => link.slug && appIcons[link.slug]);

  // The menu may have been opened before the page was live.
  useEffect(() => setOpen(isOpen(panelRef.current)), []);

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node;
      if (panel?.contains(target) || buttonRef.current?.contains(target)) return;
      panel?.hidePopover();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [open]);

  const onToggle = (event: ToggleEvent<HTMLElement>) => {
    const opened = event.newState === 'open';
    setOpen(opened);
    if (opened) event.currentTarget.querySelector<HTMLElement>('a')?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        popoverTarget={menuId}
        aria-expanded={open}
        aria-controls={menuId}
      >
        <MenuIcon className={styles.menuIcon} />
        <CloseIcon className={styles.closeIcon} />
        <span className={styles.buttonLabel}>{t.nav.menu}</span>
      </button>
      <nav
        ref={panelRef}
        id={menuId}
        className={styles.panel}
        popover="auto"
        aria-label={t.nav.mainMenu}
        onToggle={onToggle}
      >
        <ul className={styles.list}>
          {navLinks.map((link) => (
            <li key={link.href}>
              <RouterNavLink
                to={link.href}
                end
                preventScrollReset
                className={styles.link}
                onClick={() => {
                  panelRef.current?.hidePopover();
                  buttonRef.current?.focus();
                  scrollToTop();
                }}
              >
                {/* Loads only once the menu opens: the closed popover is not rendered. */}
                <AppIcon
                  src={link.slug && appIcons[link.slug]}
                  size={24}
                  lazy
                  fallbackName={anyIcon && link.slug ? link.label : undefined}
                />
                {link.label}
              </RouterNavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** Whether the popover is showing; false where the browser knows no popovers. */
function isOpen(panel: HTMLElement | null): boolean {
  try {
    return panel?.matches(':popover-open') ?? false;
  } catch {
    return false;
  }
}
