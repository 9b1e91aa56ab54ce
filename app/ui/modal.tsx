/**
 * The site's one modal dialog, on the native <dialog> element: opened with showModal()
 * so the page behind is inert and focus stays inside; Escape and the close cross call
 * `onClose`; focus returns to where it was. Prerendered, it is an open dialog already, so
 * its text reads without JavaScript, and with `closeHref` its close cross is a link there,
 * which works before the page's scripts have run (Escape follows it too, see
 * `common/early-events.ts`).
 */
import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { CLOSE_ATTRIBUTE } from '../../common/early-events.ts';
import { isPlainClick } from '../lib/early-events.ts';
import { CloseIcon } from './icons.tsx';
import styles from './modal.module.css';

export interface ModalProps {
  /** The dialog's heading, also its accessible name. */
  title: ReactNode;
  /** A line under the heading (e.g. the app's name). */
  subtitle?: ReactNode;
  /** Called on Escape, the close cross, or a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  /** Accessible name of the close cross; default "Close". */
  closeLabel?: string;
  /**
   * Where closing leads (the page under the dialog): the close cross is then a link there,
   * which the browser follows before the page is live; once live, a click calls `onClose`.
   * Default none: the close cross is a button.
   */
  closeHref?: string;
  /** Width of the panel; default "wide". */
  size?: 'narrow' | 'wide';
  /**
   * Where focus lands on open: the first control (default, right for forms), or the title,
   * so a long text is read from its start.
   */
  initialFocus?: 'first-control' | 'title';
}

export function Modal({
  title,
  subtitle,
  onClose,
  children,
  closeLabel = 'Close',
  closeHref,
  size = 'wide',
  initialFocus = 'first-control',
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusTitle = initialFocus === 'title';
  const titleId = useId();
  const requestClose = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const returnFocusTo =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A prerendered dialog arrives open but not modal; reopen it as a modal.
    if (dialog.open) dialog.close();
    dialog.showModal();
    if (focusTitle) titleRef.current?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    // A click on the dialog element itself is a click on the backdrop around the panel.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) requestClose();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onClick);
    document.documentElement.dataset.modalOpen = 'true';
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onClick);
      delete document.documentElement.dataset.modalOpen;
      if (dialog.open) dialog.close();
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
    // Where focus lands is decided once, on open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={`${styles.dialog} ${size === 'narrow' ? styles.narrow : ''}`}
      aria-labelledby={titleId}
      open
    >
      <div className={styles.panel}>
        <header className={styles.header}>
          <div>
            <h2
              ref={titleRef}
              id={titleId}
              className={styles.title}
              tabIndex={focusTitle ? -1 : undefined}
            >
              {title}
            </h2>
            {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          </div>
          {closeHref === undefined ? (
            <button
              type="button"
              className={styles.close}
              onClick={onClose}
              aria-label={closeLabel}
            >
              <CloseIcon />
            </button>
          ) : (
            <a
              href={closeHref}
              className={styles.close}
              aria-label={closeLabel}
              {...{ [CLOSE_ATTRIBUTE]: '' }}
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                onClose();
              }}
            >
              <CloseIcon />
            </a>
          )}
        </header>
        <div className={styles.body}>{children}</div>
      </div>
    </dialog>
  );
}
