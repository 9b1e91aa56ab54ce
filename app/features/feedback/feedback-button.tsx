/**
 * Send Feedback: the button on an app's page. The form's modal is its own small chunk,
 * fetched when the visitor points at or focuses the button and shown on click; what was
 * typed stays here, so closing the modal loses nothing.
 */
import { Suspense, useState } from 'react';
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
  /**
   * Shows the form without a click (the app's support address); `onDismiss` runs when the
   * visitor closes it. Default false.
   */
  forceOpen?: boolean;
  /** Called when a form shown by `forceOpen` is closed. */
  onDismiss?: () => void;
}

export function FeedbackButton({ appName, forceOpen = false, onDismiss }: FeedbackButtonProps) {
  const [clicked, setClicked] = useState(false);
  const open = clicked || forceOpen;
  const draft = useFeedbackDraft();
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        onPointerEnter={prefetchModal}
        onFocus={prefetchModal}
        onClick={() => setClicked(true)}
      >
        Send Feedback
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FeedbackModal
            appName={appName}
            draft={draft}
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
