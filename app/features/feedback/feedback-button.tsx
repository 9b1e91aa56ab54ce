/**
 * Send Feedback on an app's page. The form's modal is its own small chunk, fetched when the
 * visitor points at or focuses the control and shown on click; what was typed stays here,
 * so closing the modal loses nothing.
 *
 * Where the app has a support address, the control is a link to it: that page is
 * prerendered with the form open, so a tap before the page is live (or without scripts)
 * opens the form there; once live, a click opens it in place. Otherwise it is a button
 * whose early tap is kept and applied once the page is live (`data-replay`).
 */
import { Suspense, useState, type MouseEvent } from 'react';
import { isPlainClick, replayable } from '../../lib/early-events.ts';
import { lazyChunk, loadChunk } from '../../lib/lazy-chunk.ts';
import { useFeedbackDraft } from './feedback-draft.ts';
import styles from './feedback.module.css';

const importModal = () => import('./feedback-modal.tsx');
const FeedbackModal = lazyChunk('feedback-modal', importModal);

/** Starts fetching the modal's chunk ahead of the click; a failure shows on the click. */
function prefetchModal(): void {
  loadChunk('feedback-modal', importModal).catch(() => undefined);
}

export interface FeedbackButtonProps {
  /** Display name of the app whose page this is; sent as `appName`. */
  appName: string;
  /** The app's page: where closing the form leads before the page is live. */
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
}

export function FeedbackButton({
  appName,
  pageHref,
  supportHref,
  forceOpen = false,
  onDismiss,
}: FeedbackButtonProps) {
  const [clicked, setClicked] = useState(false);
  const open = clicked || forceOpen;
  const draft = useFeedbackDraft();
  const trigger = {
    className: styles.trigger,
    'aria-haspopup': 'dialog',
    onPointerEnter: prefetchModal,
    onFocus: prefetchModal,
  } as const;
  const openInPlace = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setClicked(true);
  };
  return (
    <>
      {supportHref === undefined ? (
        <button
          type="button"
          {...trigger}
          {...replayable('feedback')}
          onClick={() => setClicked(true)}
        >
          Send Feedback
        </button>
      ) : (
        <a href={supportHref} {...trigger} onClick={openInPlace}>
          Send Feedback
        </a>
      )}
      {open ? (
        <Suspense fallback={null}>
          <FeedbackModal
            appName={appName}
            closeHref={pageHref}
            draft={draft}
            contact={forceOpen}
            onClose={() => {
              setClicked(false);
              if (forceOpen) onDismiss?.();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
