/** Times as the owner reads them, in the browser's language and time zone. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function when(ms: number | null): string {
  return ms === null ? '—' : dateTime.format(ms);
}

/** The machine-readable form of a time, for `<time dateTime>`. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Each status of a message as the inbox names it. */
export const STATUS_LABELS = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Mailed',
  dead: 'Not delivered',
  spam: 'Spam',
} as const;
