import { expect, test } from 'vitest';
import type { Migration } from './migration-files.ts';
import { POSTGRES_MIGRATIONS } from './postgres/migrate.ts';
import { SQLITE_MIGRATIONS } from './sqlite/connection.ts';
import { columnOf, COPIED_TABLES, MESSAGES, recordOf, rowOf, STORE_TABLES } from './tables.ts';
import type { MessageRecord } from '../intake/types.ts';

/** The tables the schema files leave, in the order they make them. */
function tablesMadeBy(migrations: readonly Migration[]): string[] {
  const tables: string[] = [];
  for (const { sql } of migrations) {
    for (const [, verb, name] of sql.matchAll(/\b(CREATE|DROP) TABLE (?:IF NOT EXISTS )?(\w+)/g)) {
      if (verb === 'CREATE') tables.push(name ?? '');
      else tables.splice(tables.indexOf(name ?? ''), 1);
    }
  }
  return tables;
}

test('the list of tables names every table of the schema, on both engines', () => {
  const listed = STORE_TABLES.map((table) => table.name).sort();
  expect(tablesMadeBy(SQLITE_MIGRATIONS).sort()).toEqual(listed);
  expect(tablesMadeBy(POSTGRES_MIGRATIONS).sort()).toEqual(listed);
});

test('a copy moves parents before their children', () => {
  const order = COPIED_TABLES.map((table) => table.name);
  for (const [child, parent] of [
    ['jobs', 'messages'],
    ['delivery_attempts', 'messages'],
    ['idempotency_keys', 'messages'],
  ] as const) {
    expect(order.indexOf(child)).toBeGreaterThan(order.indexOf(parent));
  }
});

test("a record's fields are its columns in snake case, and come back as they went in", () => {
  expect(columnOf('receivedAt')).toBe('received_at');
  const record: MessageRecord = {
    id: 'm1',
    receivedAt: 1,
    appName: 'EchoExpense',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: 'Hello',
    spam: true,
    spamReason: 'honeypot',
    readAt: null,
    language: null,
  };
  const row = rowOf(MESSAGES, record);
  expect(row).toMatchObject({ received_at: 1, app_name: 'EchoExpense', spam: true });
  // SQLite gives booleans back as 0/1.
  expect(recordOf(MESSAGES, { ...row, spam: 1 })).toEqual(record);
});
