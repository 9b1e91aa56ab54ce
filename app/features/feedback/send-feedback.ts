import {
  FEEDBACK_ENDPOINT,
  FEEDBACK_FORM_ENDPOINT,
  FORM_OPEN_FIELD,
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_HEADER,
  formFieldsOf,
  type FeedbackPayload,
} from '../../../common/feedback.ts';
import { otherLanguage } from '../../../content/index.ts';

/** Where the form posts: the API's origin when the pages are hosted apart from it. */
export const FEEDBACK_URL = `${__FEEDBACK_API_ORIGIN__}${FEEDBACK_ENDPOINT}`;

/** Where the form posts before the page is live, or without scripts: answered with a page. */
export const FEEDBACK_FORM_URL = `${__FEEDBACK_API_ORIGIN__}${FEEDBACK_FORM_ENDPOINT}`;

/** How long a send may take before it counts as a network failure, in ms. */
export const SEND_TIMEOUT_MS = 30_000;

/** The spec's three outcomes: a 2xx answer, any other answer, no answer at all. */
export type SendOutcome = 'sent' | 'failed' | 'error';

/** POSTs the payload; only the status is read, as the spec says. */
export async function sendFeedback(
  payload: FeedbackPayload,
  idempotencyKey: string,
): Promise<SendOutcome> {
  const body: FeedbackPayload = {
    appName: payload.appName,
    ...formFieldsOf((field) => payload[field]),
  };
  // Only software fills the hidden field; people never send it.
  const honeypot = payload[HONEYPOT_FIELD];
  if (honeypot) body[HONEYPOT_FIELD] = honeypot;
  const openMs = payload[FORM_OPEN_FIELD];
  if (openMs !== undefined) body[FORM_OPEN_FIELD] = Math.round(openMs);
  try {
    const response = await fetch(FEEDBACK_URL, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
        // The page's language where not the site's default, outside the body the
        // specification defines: the message is stored with it.
        ...(otherLanguage ? { 'Content-Language': otherLanguage } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    return response.ok ? 'sent' : 'failed';
  } catch {
    return 'error';
  }
}
