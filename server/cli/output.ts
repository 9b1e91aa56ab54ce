/**
 * How the owner's command shows what is in the store: times, ages, tables and messages,
 * with nothing from a visitor that could disguise itself or drive the terminal.
 */
import { neutraliseInvisible } from '../../common/feedback.ts';
import type { StoredMessage } from '../intake/types.ts';

/**
 * Text from the store, safe to print: no control characters except line breaks and tabs,
 * and no invisible formatting (bidirectional overrides, zero-width marks): each becomes U+FFFD.
 */
export function printable(text: string): string {
  return neutraliseInvisible(text.replace(/\r\n?/g, '\n').replace(/(?![\n\t])\p{Cc}/gu, '\uFFFD'));
}

/** Printable text on one line, cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const line = printable(text).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A time in UTC to the second, or `-` for none. */
export function when(ms: number | null): string {
  return ms === null ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

/** A duration as a person would say it, to the nearest unit below. */
export function age(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** Rows in columns two spaces apart; the last column is not padded, so no line ends in spaces. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === row.length - 1 ? cell : cell.padEnd(widths?.[column] ?? 0),
        )
        .join('  '),
    )
    .join('\n');
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** Words in lines of at most `width` characters; a longer word has a line of its own. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Why a message was taken for spam, in words. */
export const SPAM_REASONS: Record<NonNullable<StoredMessage['spamReason']>, string> = {
  honeypot: 'the form’s hidden field was filled',
  'too-fast': 'sent within two seconds of opening the form',
  'mostly-links': 'the message is mostly links',
  'over-hourly-cap': 'held: it came past the hourly cap over all visitors (FEEDBACK_MAX_PER_HOUR)',
  owner: 'you marked it as spam',
};

/**
 * One message in full. `held` says why a pending message has no time of its next try
 * (delivery off or paused), if it has none.
 */
export function describeMessage(
  message: StoredMessage,
  now: number,
  held: string | undefined,
): string {
  const lines = [
    `Id:        ${message.id}`,
    `Received:  ${when(message.receivedAt)}`,
    `App:       ${printable(message.appName)}`,
    `From:      ${oneLine(`${message.firstName} ${message.lastName}`, 250)} <${oneLine(message.email, 300)}>`,
    `Status:    ${message.status}${message.spamReason ? ` (${SPAM_REASONS[message.spamReason]}; \`not-spam ${message.id}\` releases it)` : ''}`,
  ];
  if (message.status !== 'spam') lines.push(`Attempts:  ${message.attempts}`);
  if (message.status === 'sent') lines.push(`Sent:      ${when(message.sentAt)}`);
  if (message.status === 'pending' && held) {
    lines.push(`Next try:  ${held}`);
  } else if (message.status === 'pending' && message.nextAttemptAt !== null) {
    const wait = message.nextAttemptAt - now;
    lines.push(`Next try:  ${when(message.nextAttemptAt)}${wait > 0 ? ` (in ${age(wait)})` : ''}`);
  }
  if (message.lastError) lines.push(`Last error: ${printable(message.lastError)}`);
  lines.push('', printable(message.message));
  return lines.join('\n');
}
