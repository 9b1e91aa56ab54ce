/**
 * The settings the owner's command reads, by the server's own schema: the same defaults,
 * the same rules and the same messages, from the same place (the environment over the
 * settings file, settings-file.ts). It reads only these, so a setting of the web server
 * alone (HOST, TRUST_PROXY…) never stops the owner from reading the store.
 */
import path from 'node:path';
import { ConfigError, readSettings } from '../config.ts';
import type { SettingsFile } from '../settings-file.ts';
import type { OpenStoreOptions } from '../store/open.ts';

type Env = Record<string, string | undefined>;

/** Where a store is: a PostgreSQL database, or else the SQLite file in a folder. */
export type StoreLocation = Pick<OpenStoreOptions, 'databaseUrl' | 'dataDir'>;

/**
 * The store a command opens: the SQLite file in `dataDir` when given (--data-dir), else
 * DATABASE_URL's database, else the SQLite file in DATA_DIR. Every address of a database,
 * whether from the environment or from migrate-to's argument, is checked here alone, by
 * DATABASE_URL's rule. Throws a ConfigError naming a wrong variable.
 */
export function storeLocation(env: Env, dataDir?: string, file?: SettingsFile): StoreLocation {
  if (dataDir !== undefined) return { dataDir: path.resolve(dataDir) };
  const settings = readSettings(['DATA_DIR', 'DATABASE_URL'], env, file);
  if (settings.DATABASE_URL) return { databaseUrl: settings.DATABASE_URL, dataDir: '' };
  return { dataDir: path.resolve(settings.DATA_DIR) };
}

/** Whether the server mails messages at all: without SMTP_URL they wait in the store. */
export function deliveryIsOn(env: Env, file?: SettingsFile): boolean {
  return readSettings(['SMTP_URL'], env, file).SMTP_URL !== undefined;
}

/** An address given on the command line, by the same rule; undefined when it is none. */
export function databaseArgument(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return storeLocation({ DATABASE_URL: value }).databaseUrl;
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}
