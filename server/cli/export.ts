/**
 * The owner's export of messages as CSV or JSON, written one line at a time so that a
 * store of any size is never held in memory at once.
 */
import path from 'node:path';
import { FEEDBACK_FORM_FIELDS, formFieldsOf } from '../../common/feedback.ts';
import type { StoredMessage } from '../intake/types.ts';
import { UsageError } from './options.ts';

export type ExportFormat = 'csv' | 'json';

/** The export's format: --format, or else the output file's extension. */
export function exportFormat(format: string | undefined, output: string | undefined): ExportFormat {
  const extension = output === undefined ? undefined : path.extname(output).slice(1).toLowerCase();
  const chosen = format ?? extension;
  if (chosen !== 'csv' && chosen !== 'json') {
    throw new UsageError(
      'export needs --format csv or --format json (or an --output file ending in .csv or .json)',
    );
  }
  if (
    format &&
    extension &&
    (extension === 'csv' || extension === 'json') &&
    extension !== format
  ) {
    throw new UsageError(`--format ${format} does not match the file ${output}`);
  }
  return chosen;
}

/** A CSV cell (RFC 4180). A cell that a spreadsheet would run as a formula starts with '. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const EXPORT_COLUMNS = [
  'id',
  'receivedAt',
  'status',
  'attempts',
  'appName',
  ...FEEDBACK_FORM_FIELDS,
  'sentAt',
  'lastError',
] as const;

function exportRecord(message: StoredMessage) {
  return {
    id: message.id,
    receivedAt: new Date(message.receivedAt).toISOString(),
    status: message.status,
    attempts: message.attempts,
    appName: message.appName,
    ...formFieldsOf((field) => message[field]),
    sentAt: message.sentAt === null ? null : new Date(message.sentAt).toISOString(),
    lastError: message.lastError,
  };
}

/** Every message in `format`, one line at a time to `write` (which ends each line). */
export async function writeExport(
  messages: AsyncIterable<StoredMessage>,
  format: ExportFormat,
  write: (line: string) => void,
): Promise<void> {
  if (format === 'csv') {
    write(EXPORT_COLUMNS.join(','));
    for await (const message of messages) {
      const record = exportRecord(message);
      write(EXPORT_COLUMNS.map((column) => csvCell(record[column])).join(','));
    }
    return;
  }
  // One record a line, the comma after each but the last.
  let previous: string | undefined;
  write('[');
  for await (const message of messages) {
    if (previous !== undefined) write(`${previous},`);
    previous = `  ${JSON.stringify(exportRecord(message))}`;
  }
  if (previous !== undefined) write(previous);
  write(']');
}
