/**
 * Turns a stored message into the mail the owner receives: plain text only, the subject
 * naming the app and the sender, From the site's own address, Reply-To the visitor, and a
 * Message-ID derived from the message id (so a mail sent twice after a crash is recognised
 * as the same one). What the visitor typed never reaches a header raw: line breaks and
 * control characters are replaced (validation already refused them; this holds even for
 * rows written some other way), and nodemailer encodes the rest (RFC 2047, quoted names).
 */
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { StoredMessage } from '../store/feedback-store.ts';

export interface MailAddresses {
  /** The site's own sender: an address, or "Name <address>". */
  from: string;
  /** The owner's address. */
  to: string;
}

const HEADER_UNSAFE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]+/gu;

/** One line of text that is safe in a header: no line breaks or control characters. */
export function headerText(value: string): string {
  return value.replace(HEADER_UNSAFE, ' ').replace(/\s+/g, ' ').trim();
}

/** The bare address inside "Name <address>", or the value itself. */
export function bareAddress(mailbox: string): string {
  const named = /<\s*([^<>\s]+)\s*>\s*$/.exec(mailbox);
  return (named ? named[1] : mailbox)?.trim() ?? mailbox;
}

/** The domain Message-IDs are made under: the sender's. */
export function messageIdDomain(from: string): string {
  const address = bareAddress(from);
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase() || 'localhost';
}

/** The Message-ID of a message's mail: the same for every attempt. */
export function feedbackMessageId(id: string, from: string): string {
  return `<feedback.${id}@${messageIdDomain(from)}>`;
}

export function feedbackSubject(
  message: Pick<StoredMessage, 'appName' | 'firstName' | 'lastName'>,
) {
  return headerText(
    `Feedback for ${message.appName} from ${message.firstName} ${message.lastName}`,
  );
}

export function feedbackText(message: StoredMessage): string {
  const name = headerText(`${message.firstName} ${message.lastName}`);
  return [
    `New feedback for ${headerText(message.appName)}.`,
    '',
    `App:      ${headerText(message.appName)}`,
    `Name:     ${name}`,
    `Email:    ${headerText(message.email)}`,
    `Received: ${new Date(message.receivedAt).toISOString()}`,
    `Id:       ${message.id}`,
    '',
    'Message:',
    '',
    message.message.replace(/\r\n?/g, '\n'),
    '',
    '-- ',
    `Reply to this mail to answer ${name}.`,
    '',
  ].join('\n');
}

/** The mail for a stored message. */
export function composeFeedbackMail(
  message: StoredMessage,
  addresses: MailAddresses,
): Mail.Options {
  const replyTo: Mail.Address = {
    name: headerText(`${message.firstName} ${message.lastName}`),
    address: headerText(message.email),
  };
  return {
    from: addresses.from,
    to: addresses.to,
    replyTo,
    subject: feedbackSubject(message),
    text: feedbackText(message),
    messageId: feedbackMessageId(message.id, addresses.from),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
