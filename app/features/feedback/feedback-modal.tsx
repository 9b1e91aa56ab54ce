/**
 * The feedback form in a modal: First Name, Last Name, Email, Message, Submit Feedback and
 * Cancel (plus the modal's close cross and Escape). Loaded lazily, on the first click of
 * Send Feedback. Each field carries the server's limits, and is checked with the server's
 * own rules before anything is sent, so the browser explains what to fix.
 *
 * It is a real form too: prerendered on the app's support page, it posts to the server's
 * form endpoint without scripts, and Cancel and the close cross are links back to the app's
 * page. Prerendered closed on the app's page, the early script opens it before the page is
 * live. Once live, it sends JSON in place, what was typed before takes its place in the
 * draft, and a form sent before (held by the early script) is sent now, once.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { CLOSE_ATTRIBUTE, QUEUED_ATTRIBUTE } from '../../../common/early-events.ts';
import { FeedbackFields } from '../../../common/feedback-fields.tsx';
import {
  FEEDBACK_FIELD_RULES,
  FEEDBACK_FORM_FIELDS,
  FORM_OPEN_FIELD,
  HONEYPOT_FIELD,
  type FeedbackFormField,
} from '../../../common/feedback.ts';
import { t } from '../../i18n/messages.ts';
import { feedbackWords } from '../../i18n/feedback-words.ts';
import { isPlainClick } from '../../lib/early-events.ts';
import { Modal } from '../../ui/modal.tsx';
import type { FeedbackDraft } from './feedback-draft.ts';
import { fieldProblemSentence } from './field-problem.ts';
import { OwnerContact } from './owner-contact.tsx';
import styles from './feedback.module.css';
import { FEEDBACK_FORM_URL, sendFeedback } from './send-feedback.ts';
import { siteHref } from '../../lib/site-href.ts';
import { otherLanguage } from '../../../content/index.ts';

export interface FeedbackModalProps {
  /** Display name of the app the feedback is about. */
  appName: string;
  /** The name its feedback is sent under, where the page shows another; default `appName`. */
  feedbackName?: string | undefined;
  /** The form's state, kept by the button so it survives closing. */
  draft: FeedbackDraft;
  /** The app's page, where Cancel and the close cross lead before the page is live. */
  closeHref: string;
  onClose: () => void;
  /** Shows the owner's contact details above the form (the app's support page); default false. */
  contact?: boolean;
  /** Whether the form shows; default true. Closed, it stays in the page for the early script. */
  open?: boolean;
  /** The dialog's id, for the controls that open it before the page is live. */
  dialogId?: string;
  /** Called once live, when the form was opened before (see `Modal`). */
  onOpenedBeforeLive?: () => void;
}

const LABELS = feedbackWords.fields.labels;

/**
 * Marks the first field for the dialog's own focusing step: showModal() focuses the element
 * with the autofocus attribute, or else the first focusable one (the close cross).
 */
function focusFirst(input: HTMLInputElement | null): void {
  input?.setAttribute('autofocus', '');
}

/**
 * Sets a field's message for a value the server would refuse (blanks only, a control
 * character, an address without a domain). The browser's own checks (required, email,
 * length) come first, with the browser's own words.
 */
function checkField(element: HTMLInputElement | HTMLTextAreaElement): void {
  element.setCustomValidity('');
  if (!(element.name in LABELS) || !element.checkValidity()) return;
  const field = element.name as FeedbackFormField;
  const problem = FEEDBACK_FIELD_RULES[field](element.value.trim());
  element.setCustomValidity(problem ? fieldProblemSentence(field, problem) : '');
}

/** What was typed into the prerendered form before the page was live, field by field. */
function typedBeforeLive(form: HTMLFormElement | null): Partial<Record<FeedbackFormField, string>> {
  const typed: Partial<Record<FeedbackFormField, string>> = {};
  for (const name of FEEDBACK_FORM_FIELDS) {
    const element = form?.elements.namedItem(name);
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.value !== '') typed[name] = element.value;
    }
  }
  return typed;
}

export default function FeedbackModal({
  appName,
  feedbackName = appName,
  draft,
  closeHref,
  onClose,
  contact = false,
  open = true,
  dialogId,
  onOpenedBeforeLive,
}: FeedbackModalProps) {
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, sending, opened, setField } = draft;
  // A form sent before it was live: sent again once what was typed is in the draft.
  const [sendHeld, setSendHeld] = useState(false);
  // The prerendered form may hold what the visitor typed before the page was live.
  useEffect(() => {
    const form = formRef.current;
    for (const [name, value] of Object.entries(typedBeforeLive(form))) {
      setField(name as FeedbackFormField, value);
    }
    if (form?.hasAttribute(QUEUED_ATTRIBUTE)) {
      form.removeAttribute(QUEUED_ATTRIBUTE);
      setSendHeld(true);
    }
  }, [setField]);
  const heldSent = useRef(false);
  useEffect(() => {
    if (!sendHeld || heldSent.current) return;
    heldSent.current = true;
    formRef.current?.requestSubmit();
  }, [sendHeld]);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    checkField(event.currentTarget);
    draft.setField(event.currentTarget.name as FeedbackFormField, event.currentTarget.value);
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // The fields' own rules, for values typed before this form was on screen.
    for (const element of Array.from(form.elements)) {
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
        checkField(element);
      }
    }
    if (!form.reportValidity()) return;
    if (!draft.begin()) return;
    const honeypot = new FormData(form).get(HONEYPOT_FIELD);
    const payload = {
      appName: feedbackName,
      ...values,
      ...(typeof honeypot === 'string' && honeypot !== '' ? { [HONEYPOT_FIELD]: honeypot } : {}),
      [FORM_OPEN_FIELD]: draft.openForMs(),
    };
    const outcome = await sendFeedback(payload, draft.keyFor(feedbackName, values));
    window.alert(feedbackWords.alerts[outcome]);
    draft.finish(outcome === 'sent');
    if (outcome === 'sent') onClose();
  };

  return (
    <Modal
      title={t.feedback.send}
      subtitle={appName}
      onClose={onClose}
      closeHref={closeHref}
      size="narrow"
      open={open}
      id={dialogId}
      onOpenedBeforeLive={onOpenedBeforeLive}
      onShown={opened}
    >
      {contact ? <OwnerContact appName={appName} /> : null}
      <form
        ref={formRef}
        // The early script may have marked it held (data-queued) before it was live.
        suppressHydrationWarning
        className={styles.form}
        method="post"
        action={FEEDBACK_FORM_URL}
        onSubmit={(event) => void onSubmit(event)}
      >
        <FeedbackFields
          appName={feedbackName}
          values={values}
          onChange={onChange}
          idPrefix={idPrefix}
          classes={styles}
          firstFieldRef={focusFirst}
          words={feedbackWords.fields}
          language={otherLanguage}
        />
        <div className={styles.actions}>
          <a
            href={siteHref(closeHref)}
            className={styles.secondary}
            {...{ [CLOSE_ATTRIBUTE]: '' }}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              onClose();
            }}
          >
            {feedbackWords.cancel}
          </a>
          {/* aria-disabled rather than disabled: the button keeps focus while it waits. */}
          <button type="submit" className={styles.primary} aria-disabled={sending}>
            {sending ? feedbackWords.sending : feedbackWords.submit}
          </button>
        </div>
        <p role="status" className={styles.status}>
          {sending ? feedbackWords.sendingStatus : ''}
        </p>
      </form>
    </Modal>
  );
}
