/**
 * Send Feedback on an app's page. The form's modal is its own small chunk; what was typed
 * stays here, so closing the modal loses nothing.
 *
 * On the app's own page (and wherever the app has no support address) the form is in the
 * prerendered page, closed (`inline`): a tap opens it at once, before the page is live (the
 * early script) and without scripts (`commandfor`, or the link to the support address), and
 * the form takes over what was typed and sent once its chunk has hydrated it. Elsewhere (a
 * slide of All Projects) the control is a link to the app's support address, prerendered
 * with the form open; once live, a click opens the form in place, its chunk fetched when the
 * visitor points at or focuses the control.
 */
import { memo, Suspense, useCallback, useId, useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { LIVE_ATTRIBUTE, OPENED_AT_ATTRIBUTE } from '../../../common/early-events.ts';
import { t } from '../../i18n/messages.ts';
import { earlyEffect, isPlainClick } from '../../lib/early-events.ts';
import { lazyChunk, loadChunk } from '../../lib/lazy-chunk.ts';
import { useFeedbackDraft, type FeedbackDraft } from './feedback-draft.ts';
import styles from './feedback.module.css';
import { siteHref } from '../../lib/site-href.ts';

const importModal = () => import('./feedback-modal.tsx');
const FeedbackModal = lazyChunk('feedback-modal', importModal);

/**
 * Starts fetching the modal's chunk ahead of its first render (a page that hydrates the
 * form calls it as its route's module runs, beside the page's other chunks) or of the click;
 * a failure shows when the form renders.
 */
export function prefetchModal(): void {
  loadChunk('feedback-modal', importModal).catch(() => undefined);
}

export interface FeedbackButtonProps {
  /** Display name of the app whose page this is; sent as `appName` unless `feedbackName`. */
  appName: string;
  /** The name its feedback is filed under, where the page shows another (a translated one). */
  feedbackName?: string | undefined;
  /** The app's page: where closing the form leads from the support address. */
  pageHref: string;
  /** The app's support address, which shows the form open; default none. */
  supportHref?: string;
  /**
   * Shows the form without a click (the app's support address), with the owner's contact
   * details above it; `onDismiss` runs when the visitor closes it. Default false.
   */
  forceOpen?: boolean;
  /** Called when a form shown by `forceOpen` is closed. */
  onDismiss?: () => void;
  /**
   * Whether the page carries the form, closed, for a tap to open at once; default false
   * (always true for an app without a support address).
   */
  inline?: boolean;
}

interface FormSlotProps {
  appName: string;
  feedbackName: string | undefined;
  closeHref: string;
  draft: FeedbackDraft;
  contact: boolean;
  open: boolean;
  dialogId: string;
  onClose: () => void;
  onOpenedBeforeLive: () => void;
}

/**
 * The form in its own Suspense boundary: while its chunk loads, React leaves its prerendered
 * HTML as it is (open or closed), and hydrates it when the chunk is in. Memoised, so that
 * nothing renders it again before then (which would make React drop that HTML).
 */
const FormSlot = memo(function FormSlot(props: FormSlotProps) {
  return (
    <Suspense fallback={null}>
      <FeedbackModal {...props} />
    </Suspense>
  );
});

/**
 * Opens the prerendered dialog itself, as the early script does, while its code is not live
 * (its chunk still on the way); false when it is live, or not in the page.
 */
function openedBeforeLive(dialogId: string): boolean {
  const dialog = document.getElementById(dialogId);
  if (!(dialog instanceof HTMLDialogElement) || dialog.hasAttribute(LIVE_ATTRIBUTE)) return false;
  if (!dialog.open) {
    dialog.showModal();
    dialog.setAttribute(OPENED_AT_ATTRIBUTE, String(Date.now()));
  }
  return true;
}

export function FeedbackButton({
  appName,
  feedbackName,
  pageHref,
  supportHref,
  forceOpen = false,
  onDismiss,
  inline: inlineProp = false,
}: FeedbackButtonProps) {
  const inline = inlineProp || supportHref === undefined;
  const [clicked, setClicked] = useState(false);
  const open = clicked || forceOpen;
  const draft = useFeedbackDraft();
  const dialogId = `${useId()}feedback`;
  const { pathname } = useLocation();

  const onOpenedBeforeLive = useCallback(() => setClicked(true), []);
  const onClose = useCallback(() => {
    setClicked(false);
    if (forceOpen) onDismiss?.();
  }, [forceOpen, onDismiss]);

  const show = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    // The form's chunk not in yet, its dialog opens now, and the form takes that over.
    if (inline && openedBeforeLive(dialogId)) return;
    setClicked(true);
  };
  const trigger = {
    className: styles.trigger,
    'aria-haspopup': 'dialog',
    onPointerEnter: prefetchModal,
    onFocus: prefetchModal,
    onClick: show,
    ...(inline ? earlyEffect(`open ${dialogId}`) : {}),
  } as const;

  return (
    <>
      {supportHref === undefined ? (
        // Without scripts, the browser opens the dialog itself (invoker commands).
        <button type="button" {...trigger} commandfor={dialogId} command="show-modal">
          {t.feedback.send}
        </button>
      ) : (
        <a href={siteHref(supportHref)} {...trigger}>
          {t.feedback.send}
        </a>
      )}
      {inline || open ? (
        <FormSlot
          appName={appName}
          feedbackName={feedbackName}
          // From the support address, closing leads to the app's page; otherwise the form
          // closes where it is (a link to this page, which the early script follows in place;
          // the prerender sees the address with a trailing slash).
          closeHref={forceOpen ? pageHref : pathname.replace(/(.)\/$/, '$1')}
          draft={draft}
          contact={forceOpen}
          open={open}
          dialogId={dialogId}
          onClose={onClose}
          onOpenedBeforeLive={onOpenedBeforeLive}
        />
      ) : null}
    </>
  );
}
