/**
 * Turns a stored message into the mail the owner receives: plain text only, the subject
 * naming the app and the sender, From the site's own address, Reply-To the visitor's bare
 * address, and a Message-ID derived from the message id (so a mail sent twice after a crash
 * is recognised as the same one). What the visitor typed never reaches a header raw: line
 * breaks and control characters are replaced (validation already refused them; this holds
 * even for rows written some other way), and nodemailer encodes the rest (RFC 2047). The
 * visitor's name is in the subject and the text only: as a Reply-To display name it could
 * pose as another address. Invisible formatting characters (bidirectional overrides,
 * zero-width marks) are shown as U+FFFD in the text, so a message cannot read as something
 * other than what it holds.
 */
import type Mail from 'nodemailer/lib/mailer/index.js';
import mimeFuncs from 'nodemailer/lib/mime-funcs/index.js';
import { neutraliseInvisible } from '../../common/feedback.ts';
import type { StoredMessage } from '../intake/types.ts';

export interface MailAddresses {
  /** The site's own sender: an address, or "Name <address>". */
  from: string;
  /** The owner's address. */
  to: string;
}

const HEADER_UNSAFE = /[\p{Cc}\u2028\u2029\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]+/gu;

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

/**
 * A visitor's name as the subject shows it: angle brackets become ‹ ›, so "Owner
 * <owner@example.com>" cannot read as a mailbox.
 */
function subjectName(message: Pick<StoredMessage, 'firstName' | 'lastName'>): string {
  return `${message.firstName} ${message.lastName}`.replace(/</g, '‹').replace(/>/g, '›');
}

/**
 * The subject, as nodemailer will write it. A subject of plain ASCII goes out as it is, and
 * a mail client would decode any "=?…?=" in it (a row written around validation may hold
 * one): such a subject is encoded whole here, so the client shows those characters as typed.
 */
export function feedbackSubject(
  message: Pick<StoredMessage, 'appName' | 'firstName' | 'lastName'>,
): string {
  const subject = headerText(`Feedback for ${message.appName} from ${subjectName(message)}`);
  return subject.includes('=?') ? mimeFuncs.encodeWord(subject, 'Q', 52) : subject;
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
    // The page's language, where it was not the site's default: answer in it.
    ...(message.language ? [`Language: ${headerText(message.language)}`] : []),
    `Id:       ${message.id}`,
    '',
    'Message:',
    '',
    neutraliseInvisible(message.message.replace(/\r\n?/g, '\n')),
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
  return {
    from: addresses.from,
    to: addresses.to,
    replyTo: { name: '', address: headerText(message.email) },
    subject: feedbackSubject(message),
    text: feedbackText(message),
    messageId: feedbackMessageId(message.id, addresses.from),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/** What a digest lists: the messages the hourly cap holds back. */
export interface DigestContent {
  /** The first of the waiting messages, in sending order. */
  waiting: readonly StoredMessage[];
  /** How many wait in all (may be more than listed). */
  total: number;
  at: number;
  maxPerHour: number;
}

/** The first line of a message, shortened, safe to show. */
function firstLine(text: string, max = 100): string {
  const line = headerText(text.split(/\r?\n/).find((part) => part.trim() !== '') ?? '');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * One mail that lists the waiting messages (app, sender's name, first line) when more wait
 * than the hourly mail cap lets out: the owner hears of them now instead of hours later.
 */
export function composeDigestMail(digest: DigestContent, addresses: MailAddresses): Mail.Options {
  const { waiting, total, at, maxPerHour } = digest;
  const plural = total === 1 ? 'message waits' : 'messages wait';
  const lines = [
    `${total} feedback ${plural} beyond the hourly mail cap (MAIL_MAX_PER_HOUR=${maxPerHour}).`,
    'Each is still mailed on its own as the cap allows, oldest first, a fair share per app.',
    'Read them now with `npm run feedback -- list --status pending`.',
    '',
    ...waiting.map(
      (message) =>
        `- ${headerText(message.appName)} | ${headerText(`${message.firstName} ${message.lastName}`)} | ${firstLine(message.message)}`,
    ),
  ];
  if (total > waiting.length) lines.push(`… and ${total - waiting.length} more.`);
  lines.push('');
  return {
    from: addresses.from,
    to: addresses.to,
    subject: `Feedback digest: ${total} ${plural}`,
    text: lines.join('\n'),
    messageId: `<feedback-digest.${at}@${messageIdDomain(addresses.from)}>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
