/**
 * The site's one modal dialog, on the native <dialog> element: opened with showModal()
 * so the page behind is inert and focus stays inside; Escape and the close cross call
 * `onClose`; focus returns to where it was. Prerendered open, it is an open dialog already,
 * so its text reads without JavaScript, and with `closeHref` its close cross is a link there,
 * which works before the page's scripts have run (Escape follows it too, see
 * `common/early-events.ts`).
 *
 * Prerendered closed (`open` false), it is in the page for the early script to open before
 * the page is live (`data-early="open ID"`, or `commandfor` without scripts); once its code
 * has hydrated it, it marks itself live (`data-live`) and tells `onOpenedBeforeLive` that it
 * was opened, for its owner to take that over.
 */
import {
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  CLOSE_ATTRIBUTE,
  DIALOG_PAGE_ATTRIBUTE,
  LIVE_ATTRIBUTE,
  OPENED_AT_ATTRIBUTE,
} from '../../common/early-events.ts';
import { t } from '../i18n/messages.ts';
import { isPlainClick } from '../lib/early-events.ts';
import { CloseIcon } from './icons.tsx';
import styles from './modal.module.css';
import { siteHref } from '../lib/site-href.ts';

export interface ModalProps {
  /** The dialog's heading, also its accessible name. */
  title: ReactNode;
  /** A line under the heading (e.g. the app's name). */
  subtitle?: ReactNode;
  /** Called on Escape, the close cross, or a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  /** Accessible name of the close cross; default "Close" (in the page's language). */
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
  /** Whether the dialog shows; default true. Closed, it stays in the page, hidden. */
  open?: boolean;
  /** The dialog's id, for the controls that open it before the page is live. */
  id?: string;
  /** Called once live, when the dialog was opened before (while `open` was false). */
  onOpenedBeforeLive?: () => void;
  /**
   * Called each time it shows, with when it was first shown to the visitor (ms since the
   * epoch): before the page was live, as it was prerendered open, or now.
   */
  onShown?: (since: number) => void;
}

/** The route handle of a page that opens with a dialog over it (see `DIALOG_PAGE_ATTRIBUTE`). */
export const DIALOG_PAGE_HANDLE = { dialogPage: true } as const;

/** Whether the page of these route matches opens with a dialog over it. */
export function opensWithDialog(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => match.handle === DIALOG_PAGE_HANDLE);
}

/** Whether the stylesheet keeps the page behind an open, non-modal dialog inert. */
function keepsPageInert(): boolean {
  return (
    document.body.hasAttribute(DIALOG_PAGE_ATTRIBUTE) &&
    typeof CSS !== 'undefined' &&
    CSS.supports('interactivity', 'inert')
  );
}

const subscribeToNothing = () => () => {};

/** Whether the dialog is open as a modal (the page behind inert). */
function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return false;
  }
}

export function Modal({
  title,
  subtitle,
  onClose,
  children,
  closeLabel = t.modal.close,
  closeHref,
  size = 'wide',
  initialFocus = 'first-control',
  open = true,
  id,
  onOpenedBeforeLive,
  onShown,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusTitle = initialFocus === 'title';
  const titleId = useId();
  const requestClose = useEffectEvent(() => onClose());
  const shown = useEffectEvent((since: number) => onShown?.(since));
  // The `open` attribute is the dialog's state as prerendered; from then on showModal() and
  // close() keep it, and React never sets it again.
  const [prerenderedOpen] = useState(open);
  // Whether it is hydrating prerendered HTML, rather than mounting on a live page.
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const [fromPrerender] = useState(hydrating);
  // When it was first shown: before the page was live (the early script noted it), as it
  // was prerendered open (the page's start), or when it is shown here.
  const firstShown = useRef<number | null>(null);
  // Set while the owner takes over a dialog opened before it was live: should the visitor
  // close it in between (Escape, which the browser handles alone until then), it stays closed.
  const taking = useRef(false);

  // Mounted open on a live page (a legal text opened from its link), it is rendered open,
  // and live (`data-live`, so the early script leaves Escape to it): made modal before it is
  // first drawn, so that Escape closes it from the first frame that shows it. Where focus
  // was then is where it returns.
  const openedFrom = useRef<Element | null>(null);
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || fromPrerender || !prerenderedOpen || isModal(dialog)) return;
    openedFrom.current = document.activeElement;
    dialog.close();
    dialog.showModal();
    if (focusTitle) titleRef.current?.focus();
    // Once, as it mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Escape (the dialog's cancel) and a click on the backdrop close it through `onClose`,
  // from the commit that opens it.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
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
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onClick);
    };
  }, [open]);

  const openedBeforeLive = useEffectEvent(() => onOpenedBeforeLive?.());
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const noted = Number(dialog.getAttribute(OPENED_AT_ATTRIBUTE));
    if (noted > 0) firstShown.current = noted;
    else if (fromPrerender && dialog.open) firstShown.current = performance.timeOrigin;
    dialog.setAttribute(LIVE_ATTRIBUTE, '');
    if (!open && dialog.open) {
      taking.current = true;
      openedBeforeLive();
    }
    // Prerendered open and closed before it was live (its close cross, or Escape): it stays
    // closed, and the close is done now (to the app's page).
    if (open && prerenderedOpen && fromPrerender && !dialog.open) taking.current = true;
    // Once, as it comes live.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    if (taking.current) {
      taking.current = false;
      if (!dialog.open) {
        requestClose();
        return;
      }
    }
    const focused = openedFrom.current ?? document.activeElement;
    openedFrom.current = null;
    const active = focused instanceof HTMLElement ? focused : null;
    // Opened before the page was live, focus may be in it already: it returns to the
    // control that opened it.
    const returnFocusTo =
      active && dialog.contains(active)
        ? document.querySelector<HTMLElement>(
            `[commandfor="${CSS.escape(dialog.id)}"], [data-early="open ${CSS.escape(dialog.id)}"]`,
          )
        : active;
    // A dialog prerendered open stays as it is where the stylesheet keeps the page behind it
    // inert (see `DIALOG_PAGE_ATTRIBUTE`): made modal, the browser would restyle the whole
    // page just as it comes live. Elsewhere, and when opened on a live page, it is made modal.
    const wasModal = isModal(dialog);
    const stays = !wasModal && dialog.open && fromPrerender && keepsPageInert();
    if (!wasModal && !stays) {
      if (dialog.open) dialog.close();
      dialog.showModal();
      if (focusTitle) titleRef.current?.focus();
    }
    // Focus as showModal() would put it, unless the visitor has put it in the dialog already.
    if (stays && !dialog.contains(document.activeElement)) {
      (focusTitle ? titleRef.current : dialog.querySelector<HTMLElement>('[autofocus]'))?.focus();
    }
    firstShown.current ??= Date.now();
    shown(firstShown.current);
    // Not modal, it has no cancel event and no backdrop of its own: Escape, and a click
    // anywhere outside its panel, close it here.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || isModal(dialog)) return;
      event.preventDefault();
      requestClose();
    };
    const onClickOutside = (event: MouseEvent) => {
      if (isModal(dialog)) return;
      if (!(event.target instanceof Node) || !dialog.contains(event.target)) requestClose();
    };
    if (stays) {
      document.addEventListener('keydown', onKeyDown);
      document.addEventListener('click', onClickOutside);
    }
    document.documentElement.dataset.modalOpen = 'true';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClickOutside);
      delete document.documentElement.dataset.modalOpen;
      firstShown.current = null;
      if (dialog.open) dialog.close();
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
    // Where focus lands is decided once, on open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className={`${styles.dialog} ${size === 'narrow' ? styles.narrow : ''}`}
      id={id}
      aria-labelledby={titleId}
      aria-modal="true"
      open={prerenderedOpen}
      {...(fromPrerender ? {} : { [LIVE_ATTRIBUTE]: '' })}
      // The early script may have opened it (open, data-opened-at) before it was live.
      suppressHydrationWarning
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
              {...{ [CLOSE_ATTRIBUTE]: '' }}
            >
              <CloseIcon />
            </button>
          ) : (
            <a
              href={siteHref(closeHref)}
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
