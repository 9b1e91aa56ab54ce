/**
 * The feedback form's state, kept by the Send Feedback button so it outlives the modal:
 * closing the modal keeps what was typed; only a successful send clears it.
 *
 * A submission carries an Idempotency-Key, so a retry can never store a message twice.
 * "A retry of the same submission" is sending again, after an attempt that did not get a
 * success answer (a failure status, a network error, a time-out), with exactly the same
 * app and the same four values: it reuses that attempt's key, and if the first attempt
 * did reach the store after all, the server answers with the message it already has.
 * Any edit to a field, or a success, makes the next submission a new one with a new key.
 *
 * It also remembers when the form was first opened for this draft, so the server can tell
 * a person (who takes a few seconds at least) from software that posts at once.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  FEEDBACK_FORM_FIELDS,
  formFieldsOf,
  type FeedbackFormValues,
} from '../../../common/feedback-form-fields.ts';

export const EMPTY_FEEDBACK: FeedbackFormValues = formFieldsOf(() => '');

/** A random UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface FeedbackDraft {
  values: FeedbackFormValues;
  setField: (field: keyof FeedbackFormValues, value: string) => void;
  /** True while a submission is on its way. */
  sending: boolean;
  /**
   * Marks a submission as started; false when one is already on its way (a second click,
   * a second Enter), which must then send nothing.
   */
  begin: () => boolean;
  /** Marks the submission as finished; `sent` clears the form and forgets the key. */
  finish: (sent: boolean) => void;
  /** The Idempotency-Key for submitting these values (see the module's comment). */
  keyFor: (appName: string, values: FeedbackFormValues) => string;
  /**
   * The form is on screen (since `since`, ms since the epoch; default now): starts the
   * draft's clock, unless it runs already.
   */
  opened: (since?: number) => void;
  /** Ms since the form was first opened for this draft. */
  openForMs: () => number;
}

export function useFeedbackDraft(): FeedbackDraft {
  const [values, setValues] = useState(EMPTY_FEEDBACK);
  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);
  const lastAttempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const openedAt = useRef<number | null>(null);

  const setField = useCallback((field: keyof FeedbackFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  const begin = useCallback(() => {
    if (sendingNow.current) return false;
    sendingNow.current = true;
    setSending(true);
    return true;
  }, []);

  const finish = useCallback((sent: boolean) => {
    sendingNow.current = false;
    setSending(false);
    if (sent) {
      lastAttempt.current = null;
      openedAt.current = null;
      setValues(EMPTY_FEEDBACK);
    }
  }, []);

  const keyFor = useCallback((appName: string, current: FeedbackFormValues) => {
    const fingerprint = JSON.stringify([
      appName,
      ...FEEDBACK_FORM_FIELDS.map((field) => current[field]),
    ]);
    if (lastAttempt.current?.fingerprint !== fingerprint) {
      lastAttempt.current = { key: newIdempotencyKey(), fingerprint };
    }
    return lastAttempt.current.key;
  }, []);

  const opened = useCallback((since?: number) => {
    openedAt.current ??= since ?? Date.now();
  }, []);

  const openForMs = useCallback(
    () => Math.max(0, Date.now() - (openedAt.current ?? Date.now())),
    [],
  );

  // One object while nothing changes, so that a form not live yet is not rendered again.
  return useMemo(
    () => ({ values, setField, sending, begin, finish, keyFor, opened, openForMs }),
    [values, setField, sending, begin, finish, keyFor, opened, openForMs],
  );
}
