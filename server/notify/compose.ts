/**
 * What a push notification says, and how it is sent: to an ntfy topic (the message as its
 * text, with a title and a link to open) or to a webhook (JSON). It carries the app's name
 * and the sender's first name alone, unless the owner opted in (NOTIFY_DETAILS) to the
 * sender's last name, address and message too. A link to the message on the owner's pages
 * opens nothing without a session.
 */
import type { ClaimedNotification } from './types.ts';

export type NotifyFormat = 'ntfy' | 'json';

export interface NotifySettings {
  /** The topic or webhook, with any user and password taken out (sent as Basic auth). */
  url: string;
  authorization: string | undefined;
  format: NotifyFormat;
  /** Also the sender's last name, address and message. */
  details: boolean;
  /** The owner's pages, e.g. https://example.com/owner. */
  pagesUrl: string;
}

/** NOTIFY_URL as fetch takes it: no credentials in it, they go in Authorization instead. */
export function notifyTarget(raw: string): { url: string; authorization: string | undefined } {
  const url = new URL(raw);
  if (!url.username && !url.password) return { url: url.href, authorization: undefined };
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  url.username = '';
  url.password = '';
  return {
    url: url.href,
    authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
  };
}

export interface NotificationRequest {
  headers: Record<string, string>;
  body: string;
}

/** The request that tells the owner of `notification`. */
export function composeNotification(
  notification: ClaimedNotification,
  settings: NotifySettings,
): NotificationRequest {
  const auth: Record<string, string> = settings.authorization
    ? { Authorization: settings.authorization }
    : {};
  const { message } = notification;
  if (notification.kind === 'message' && message) {
    const link = `${settings.pagesUrl}/messages/${message.id}`;
    const more = settings.details
      ? { lastName: message.lastName, email: message.email, message: message.message }
      : {};
    if (settings.format === 'json') {
      return {
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          event: 'message',
          app: message.appName,
          firstName: message.firstName,
          ...more,
          receivedAt: new Date(message.receivedAt).toISOString(),
          url: link,
        }),
      };
    }
    const from = settings.details
      ? `${message.firstName} ${message.lastName} <${message.email}>`
      : message.firstName;
    const text = `New feedback about ${message.appName} from ${from}`;
    return {
      headers: { ...auth, Title: 'New feedback', Tags: 'envelope', Click: link },
      body: settings.details ? `${text}:\n\n${message.message}` : `${text}.`,
    };
  }
  const reason = notification.detail ?? 'unknown';
  if (settings.format === 'json') {
    return {
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        event: 'delivery-paused',
        reason,
        since: new Date(notification.createdAt).toISOString(),
        url: settings.pagesUrl,
      }),
    };
  }
  return {
    headers: {
      ...auth,
      Title: 'Feedback delivery paused',
      Tags: 'warning',
      Priority: 'high',
      Click: settings.pagesUrl,
    },
    body: `The mail server refuses the site, or TLS with it fails, so feedback waits in the store until it is fixed: ${reason}`,
  };
}
