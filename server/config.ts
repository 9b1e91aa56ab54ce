/**
 * The server's settings, read from the environment and the settings file (settings-file.ts)
 * by one schema, composed of one part per concern in config/: the site and its addresses,
 * the store, mail, the feedback limits, visits, the owner's pages and notifications. Every
 * missing or wrong variable is named at start, all at once, with what was expected and
 * where it was set, whichever concern it belongs to.
 */
import { z } from 'zod';
import { ConfigError } from './config/error.ts';
import {
  FEEDBACK_LIMIT_SECRETS,
  feedbackLimitSettings,
  senderCapProblems,
} from './config/feedback-limits.ts';
import { MAIL_SECRETS, mailChecks, mailSettings } from './config/mail.ts';
import { NOTIFY_SECRETS, notifySettings } from './config/notify.ts';
import { ownerSettings } from './config/owner.ts';
import { siteAddresses, siteProblems, siteSettings, type SiteAddresses } from './config/site.ts';
import { STORE_SECRETS, storeFolder, storeSettings } from './config/store.ts';
import type { Env } from './config/values.ts';
import { visitSettings } from './config/visits.ts';
import type { SettingsFile } from './settings-file.ts';

export { ConfigError };

/** Every setting, with its default. */
const ConfigSchema = z.object({
  ...siteSettings,
  ...storeSettings,
  ...mailSettings,
  ...feedbackLimitSettings,
  ...visitSettings,
  ...ownerSettings,
  ...notifySettings,
});

/** Settings whose values are never repeated in messages: they may hold a password. */
const SECRET_KEYS = new Set([
  ...STORE_SECRETS,
  ...MAIL_SECRETS,
  ...NOTIFY_SECRETS,
  ...FEEDBACK_LIMIT_SECRETS,
]);

type Settings = z.output<typeof ConfigSchema>;

export interface Config extends Omit<Settings, keyof SiteAddresses | 'DATA_DIR'>, SiteAddresses {
  /** Absolute path of the feedback store's folder. */
  DATA_DIR: string;
  /** The certificates read from SMTP_TLS_CA_FILE. */
  SMTP_TLS_CA: string | undefined;
}

function describeValue(env: Env, key: string, file: SettingsFile | undefined): string {
  const value = env[key];
  if (value === undefined) return 'it is not set';
  const where = file?.applied.has(key) ? ` in ${file.path}` : '';
  if (SECRET_KEYS.has(key)) return `the value${where} is not shown here`;
  return `got ${JSON.stringify(value)}${where}`;
}

/** Each problem as `VARIABLE: what was expected (what it got, and where)`. */
function describeIssues(error: z.ZodError, env: Env, file: SettingsFile | undefined): string[] {
  return error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '(environment)');
    return `${key}: ${issue.message} (${describeValue(env, key, file)})`;
  });
}

/** Read from a settings file by the build alone; the server knows them and leaves them be. */
const BUILD_SETTINGS = ['FEEDBACK_API_URL'];

/**
 * A name in the settings file that nothing reads is named: a misspelt setting would
 * otherwise leave its default in place without a word.
 */
function unknownNames(file: SettingsFile | undefined): string[] {
  if (!file) return [];
  return Object.keys(file.values)
    .filter((name) => !Object.hasOwn(ConfigSchema.shape, name) && !BUILD_SETTINGS.includes(name))
    .map(
      (name) =>
        `${name}: is no setting of the site, so ${file.path} cannot set it (the settings are listed in docs/deploy.md)`,
    );
}

/**
 * A few settings alone, by the same rules and with the same messages as loadConfig: for
 * the owner's tools, which need the store's address but none of the web server's settings,
 * so a setting they never read cannot stop them. Throws a ConfigError naming every wrong one.
 */
export function readSettings<Key extends keyof Settings>(
  keys: readonly Key[],
  env: Env,
  file?: SettingsFile,
): Pick<Settings, Key> {
  const picked = z.object(Object.fromEntries(keys.map((key) => [key, ConfigSchema.shape[key]])));
  const parsed = picked.safeParse(env);
  if (!parsed.success) throw new ConfigError(describeIssues(parsed.error, env, file));
  // The schema is ConfigSchema's own for exactly these keys; TypeScript cannot follow the
  // object built from a list of them.
  return parsed.data as unknown as Pick<Settings, Key>;
}

/**
 * Reads the settings from `env`, the environment with the settings file's values under it
 * (withSettingsFile), and `file`, the file they came from; throws a ConfigError naming every
 * wrong variable.
 */
export function loadConfig(env: Env = process.env, file?: SettingsFile): Config {
  const parsed = ConfigSchema.safeParse(env);
  const problems = parsed.success ? [] : describeIssues(parsed.error, env, file);
  problems.push(...unknownNames(file));
  const mail = mailChecks(env, (key) => describeValue(env, key, file));
  problems.push(...mail.problems, ...siteProblems(env));
  if (parsed.success) problems.push(...senderCapProblems(parsed.data));
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const settings = parsed.data;
  return {
    ...settings,
    ...siteAddresses(settings),
    ...storeFolder(settings),
    SMTP_TLS_CA: mail.SMTP_TLS_CA,
  };
}
