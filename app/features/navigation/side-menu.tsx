/**
 * The side navigation menu: the menu button opens and closes it; Escape, a click outside
 * and leaving it with Tab close it. Focus moves to the first link on open and back to the
 * button on close. Each link scrolls smoothly to the top of its page.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { NavLink as RouterNavLink } from 'react-router';
import { CloseIcon, MenuIcon } from '../../ui/icons.tsx';
import { navLinks } from './nav-links.ts';
import { scrollToTop } from './scroll-to-top.ts';
import styles from './side-menu.module.css';

export function SideMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const menuId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      close(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open, close]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        <span className={styles.buttonLabel}>Menu</span>
      </button>
      <div className={styles.scrim} data-open={open} aria-hidden="true" />
      <nav
        ref={panelRef}
        id={menuId}
        className={styles.panel}
        data-open={open}
        aria-label="Main menu"
        inert={!open}
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
                  close(true);
                  scrollToTop();
                }}
              >
                {link.label}
              </RouterNavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
