import { describe, expect, test } from 'vitest';
import type { StoredMessage } from '../intake/types.ts';
import { csvCell, exportFormat, writeExport, type ExportFormat } from './export.ts';
import { UsageError } from './options.ts';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

function message(id: string, fields: Partial<StoredMessage> = {}): StoredMessage {
  return {
    id,
    receivedAt: NOW,
    appName: 'EchoExpense',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: 'Hello',
    spam: false,
    spamReason: null,
    status: 'sent',
    attempts: 1,
    queuedAt: null,
    nextAttemptAt: null,
    lastAttemptAt: NOW,
    lastError: null,
    sentAt: NOW + 1000,
    leaseUntil: null,
    readAt: null,
    language: null,
    ...fields,
  };
}

async function exported(format: ExportFormat, messages: StoredMessage[]): Promise<string[]> {
  const lines: string[] = [];
  async function* each() {
    yield* messages;
  }
  await writeExport(each(), format, (line) => lines.push(line));
  return lines;
}

describe('the format', () => {
  test('is --format, else the output file’s extension in any case', () => {
    expect(exportFormat('csv', undefined)).toBe('csv');
    expect(exportFormat(undefined, 'feedback.JSON')).toBe('json');
    expect(exportFormat(undefined, 'out/feedback.csv')).toBe('csv');
    // Another extension says nothing about the format: --format decides.
    expect(exportFormat('json', 'feedback.txt')).toBe('json');
  });

  test('is needed, and must agree with the file', () => {
    const needed =
      'export needs --format csv or --format json (or an --output file ending in .csv or .json)';
    expect(() => exportFormat(undefined, undefined)).toThrow(needed);
    expect(() => exportFormat(undefined, 'feedback.txt')).toThrow(needed);
    expect(() => exportFormat('xml', undefined)).toThrow(needed);
    expect(() => exportFormat('CSV', undefined)).toThrow(UsageError);
    expect(() => exportFormat('csv', 'feedback.json')).toThrow(
      '--format csv does not match the file feedback.json',
    );
  });
});

test('csv cells: quoted when they must be, formulas defused, numbers and nothing as they are', () => {
  expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  expect(csvCell('two\nlines')).toBe('"two\nlines"');
  expect(csvCell('-1+1')).toBe("'-1+1");
  expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  expect(csvCell('\tcmd')).toBe("'\tcmd");
  expect(csvCell('a=b')).toBe('a=b');
  expect(csvCell(-3)).toBe('-3');
  expect(csvCell(0)).toBe('0');
  expect(csvCell('')).toBe('');
});

describe('an export', () => {
  test('of no message is the header alone, or an empty JSON array', async () => {
    expect(await exported('csv', [])).toEqual([
      'id,receivedAt,status,attempts,appName,firstName,lastName,email,message,sentAt,lastError',
    ]);
    const json = await exported('json', []);
    expect(json).toEqual(['[', ']']);
    expect(JSON.parse(json.join('\n'))).toEqual([]);
  });

  test('in JSON is one record a line, with no comma after the last', async () => {
    const lines = await exported('json', [message('a'), message('b', { sentAt: null })]);
    expect(lines).toHaveLength(4);
    expect(lines[1]?.endsWith(',')).toBe(true);
    expect(lines[2]?.endsWith('}')).toBe(true);
    const records = JSON.parse(lines.join('\n')) as Record<string, unknown>[];
    expect(records[0]).toEqual({
      id: 'a',
      receivedAt: '2025-06-01T12:00:00.000Z',
      status: 'sent',
      attempts: 1,
      appName: 'EchoExpense',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      message: 'Hello',
      sentAt: '2025-06-01T12:00:01.000Z',
      lastError: null,
    });
    expect(records[1]?.sentAt).toBeNull();
  });

  test('in CSV has a row per message, an empty cell for nothing', async () => {
    const lines = await exported('csv', [message('a', { sentAt: null, lastError: '451 Busy' })]);
    expect(lines[1]).toBe(
      'a,2025-06-01T12:00:00.000Z,sent,1,EchoExpense,Ada,Lovelace,ada@example.com,Hello,,451 Busy',
    );
  });
});
