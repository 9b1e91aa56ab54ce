/**
 * The server's settings, read from the environment and the settings file (settings-file.ts)
 * by one schema. Every missing or wrong variable is named at start, all at once, with what
 * was expected and where it was set.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { trustProxyProblem } from './intake/addresses.ts';
import type { SettingsFile } from './settings-file.ts';
import {
  defaultPublicUrl,
  isLoopbackHost,
  loopbackOrigins,
  normalizePublicUrl,
  parseOriginList,
  parsePort,
} from '../common/public-address.ts';

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

// Read by the same rules as the build's, which builds the default public address on it.
const port = z
  .string()
  .optional()
  .transform((value, context) => {
    const parsed = parsePort(value);
    if ('port' in parsed) return parsed.port;
    context.addIssue({ code: 'custom', message: parsed.problem });
    return z.NEVER;
  });

const wholeNumber = (min: number) =>
  z.coerce
    .number({ error: `must be a whole number of at least ${min}` })
    .int({ error: `must be a whole number of at least ${min}` })
    .min(min, { error: `must be a whole number of at least ${min}` });

const positiveNumber = (unit: string) =>
  z.coerce
    .number({ error: `must be a number of ${unit} above 0` })
    .positive({ error: `must be a number of ${unit} above 0` });

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;
const mailbox = z
  .string()
  .trim()
  .refine(
    (value) => {
      const named = /^[^<>\r\n]*<\s*([^<>\s]+)\s*>$/.exec(value);
      return ADDRESS.test(named ? (named[1] ?? '') : value);
    },
    { error: 'must be an address like feedback@example.com or "Portfolio <feedback@example.com>"' },
  );

// Read by the same rules as the build's, so the two agree on the same value.
const absoluteHttpUrl = z.string().transform((value, context) => {
  const parsed = normalizePublicUrl(value);
  if ('url' in parsed) return parsed.url;
  context.addIssue({ code: 'custom', message: parsed.problem });
  return z.NEVER;
});

/** Every setting, with its default. */
export const ConfigSchema = z.object({
  /** `production` (default), `development` or `test`. */
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['production', 'development', 'test']).default('production'),
  ),
  /** TCP port to listen on; default 3000. */
  PORT: port,
  /** Address to listen on; default 127.0.0.1 (use 0.0.0.0 to accept connections from other hosts). */
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('127.0.0.1')),
  /** The site's public address, e.g. https://example.com; default http://localhost:PORT. */
  PUBLIC_URL: z.preprocess(emptyToUndefined, absoluteHttpUrl.optional()),
  /**
   * Further origins allowed to send feedback, comma-separated (e.g. the `www.` variant, or
   * the static host's address when the pages and the API live apart); default none.
   */
  SITE_ORIGINS: z.preprocess(emptyToUndefined, z.string().optional()),
  /** pino log level; default info. */
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** The build folder (with client/ and site.json); default ./build. */
  SITE_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('build')),
  /**
   * Proxies whose X-Forwarded-For is believed: comma-separated addresses or CIDR ranges
   * (e.g. `127.0.0.1,10.0.0.0/8`). Default: none, so the client address is the socket's.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .superRefine((entries, ctx) => {
        for (const entry of entries) {
          const problem = trustProxyProblem(entry);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }
      })
      .optional(),
  ),
  /** Folder of the feedback store (feedback.sqlite); default ./data. */
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('data')),
  /**
   * A PostgreSQL database for the feedback store instead of the SQLite file, e.g.
   * `postgres://feedback:password@db.example.com:5432/feedback?sslmode=verify-full`; any
   * number of instances may share it. TLS settings (sslmode, sslrootcert…) pass through.
   */
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^postgres(ql)?$/,
        hostname: /^.*$/,
        error: 'must be an address like postgres://user:password@host:5432/database',
      })
      .optional(),
  ),
  /** Connections to PostgreSQL per instance at most; default 10. */
  DATABASE_POOL_SIZE: z.preprocess(emptyToUndefined, wholeNumber(1).default(10)),
  /**
   * The longest one statement to PostgreSQL may take, in ms (a new connection gets half of
   * it): a database that is frozen or cut off fails requests within it (503) instead of
   * holding them; default 10000.
   */
  DATABASE_TIMEOUT_MS: z.preprocess(emptyToUndefined, wholeNumber(100).default(10_000)),
  /**
   * The mail server feedback is sent through, e.g. `smtps://user:password@mail.example.com`
   * (smtp:// upgrades with STARTTLS when offered). Unset: delivery is off and messages wait
   * in the store.
   */
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^smtps?$/,
        hostname: /^.+$/,
        error: 'must be an address like smtps://user:password@mail.example.com:465',
      })
      .optional(),
  ),
  /** Who receives feedback (the owner); needed with SMTP_URL. */
  MAIL_TO: z.preprocess(emptyToUndefined, mailbox.optional()),
  /** The site's own sender address, e.g. "Portfolio <feedback@example.com>"; needed with SMTP_URL. */
  MAIL_FROM: z.preprocess(emptyToUndefined, mailbox.optional()),
  /** Accepted messages per client address per minute; default 5; 0 turns the limit off. */
  FEEDBACK_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, wholeNumber(0).default(5)),
  /** Mails sent per hour at most, over all visitors; default 100; 0 turns the cap off. */
  MAIL_MAX_PER_HOUR: z.preprocess(emptyToUndefined, wholeNumber(0).default(100)),
  /** First retry delay of a failed delivery in ms, doubled each time up to an hour; default 30000. */
  MAIL_RETRY_BASE_MS: z.preprocess(emptyToUndefined, wholeNumber(1).default(30_000)),
  /** Hours of retrying before a message is given up as dead; default 120 (five days). */
  MAIL_GIVE_UP_AFTER_HOURS: z.preprocess(emptyToUndefined, positiveNumber('hours').default(120)),
  /**
   * How long a message being sent stays claimed without a sign of life, in ms; after a crash
   * it is sent again once this has passed. Default 120000.
   */
  MAIL_LEASE_MS: z.preprocess(emptyToUndefined, wholeNumber(1000).default(120_000)),
  /** Accepted messages per hour over all visitors; default 200; 0 turns the cap off. */
  FEEDBACK_MAX_PER_HOUR: z.preprocess(emptyToUndefined, wholeNumber(0).default(200)),
  /**
   * Accepted messages per minute from one IPv6 /48 network (all its /64s together); default
   * 20; 0 turns the limit off.
   */
  FEEDBACK_RATE_LIMIT_PER_48: z.preprocess(emptyToUndefined, wholeNumber(0).default(20)),
  /**
   * Accepted messages per client address (an IPv4 address or an IPv6 /64) per hour; default
   * 20; at most half of FEEDBACK_MAX_PER_HOUR, so no one sender can take everybody's hour.
   */
  FEEDBACK_RATE_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, wholeNumber(0).default(20)),
  /**
   * Accepted messages per IPv6 /48 network per hour; default 50; at most half of
   * FEEDBACK_MAX_PER_HOUR.
   */
  FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: z.preprocess(emptyToUndefined, wholeNumber(0).default(50)),
  /**
   * Messages held for the owner per hour past FEEDBACK_MAX_PER_HOUR (stored, never mailed,
   * listed as held); past it, 429. Default 1000; 0 refuses everything past the cap.
   */
  FEEDBACK_MAX_HELD_PER_HOUR: z.preprocess(emptyToUndefined, wholeNumber(0).default(1000)),
  /**
   * Free space (MB) kept on the store's disk: below it new messages get 503 and /readyz says
   * why; default 200; 0 turns the check off.
   */
  STORE_MIN_FREE_MB: z.preprocess(emptyToUndefined, wholeNumber(0).default(200)),
  /**
   * Longest time one mail may take, connection, greeting, transfer and reply together, in
   * ms; then it is retried later. Default 120000.
   */
  MAIL_SEND_TIMEOUT_MS: z.preprocess(emptyToUndefined, wholeNumber(1000).default(120_000)),
  /**
   * While delivery is paused (the mail server refuses the site's login, sender or relay),
   * the wait between two tries, in ms; default 600000 (ten minutes).
   */
  MAIL_PAUSE_RETRY_MS: z.preprocess(emptyToUndefined, wholeNumber(1000).default(600_000)),
  /** Count visits (page views, visitors, clicks) from the pages' beacon: true (default) or false. */
  VISITS_ENABLED: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('true')
      .transform((value) => value === 'true'),
  ),
  /** Days of visit counts kept, today included; older days are deleted. Default 400. */
  VISITS_RETENTION_DAYS: z.preprocess(emptyToUndefined, wholeNumber(1).default(400)),
  /** Beacons counted per client address a minute; default 60; 0 turns the limit off. */
  VISITS_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, wholeNumber(0).default(60)),
  /** Beacons counted a second over all visitors; default 500; 0 turns the limit off. */
  VISITS_MAX_PER_SECOND: z.preprocess(emptyToUndefined, wholeNumber(0).default(500)),
  /** How often each instance writes its visit counts, in ms; default 10000. */
  VISITS_FLUSH_MS: z.preprocess(emptyToUndefined, wholeNumber(100).default(10_000)),
  /**
   * A PEM file of the certificate authorities trusted for the mail server's TLS instead of
   * the system's: for tests with a self-signed certificate. Default: unset (the system's).
   */
  SMTP_TLS_CA_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * The site the owner's pages (/owner) are opened on, whose host name passkeys are bound
   * to; default PUBLIC_URL. When the pages live on a static host and the API apart, the
   * API's own address, e.g. https://api.example.com.
   */
  OWNER_URL: z.preprocess(emptyToUndefined, absoluteHttpUrl.optional()),
  /**
   * How long a session of the owner's pages lasts without being used, in minutes; then the
   * owner signs in again. Default 30.
   */
  OWNER_SESSION_IDLE_MINUTES: z.preprocess(emptyToUndefined, positiveNumber('minutes').default(30)),
  /** How long a session of the owner's pages lasts at most, however used, in hours; default 12. */
  OWNER_SESSION_MAX_HOURS: z.preprocess(emptyToUndefined, positiveNumber('hours').default(12)),
  /**
   * Where push notifications go: an ntfy topic (`https://ntfy.sh/your-topic`) or any webhook
   * that takes JSON. Unset: none are sent. https://, or http:// to this machine; a user and
   * password in it are sent as Basic authentication.
   */
  NOTIFY_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^https?$/,
        hostname: /^.+$/,
        error: 'must be an address like https://ntfy.sh/your-topic',
      })
      .refine(
        (value) => {
          const url = new URL(value);
          return url.protocol === 'https:' || isLoopbackHost(url.hostname);
        },
        { error: 'must be https:// (http:// only to this machine)' },
      )
      .optional(),
  ),
  /**
   * The secret the rate caps digest client addresses with, shared by every instance of one
   * site (PostgreSQL); kept out of the store, so no backup of it reverses to an address.
   * Unset: each server makes its own at start, and its caps start afresh on a restart.
   */
  CAPS_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(32, { error: 'must be at least 32 characters (e.g. `openssl rand -base64 32`)' })
      .optional(),
  ),
  /** `ntfy` (the topic's message with a title) or `json` (a webhook's JSON body); default json. */
  NOTIFY_FORMAT: z.preprocess(
    emptyToUndefined,
    z.enum(['ntfy', 'json'], { error: 'must be ntfy or json' }).default('json'),
  ),
  /**
   * `true`: a notification also carries the sender's last name, address and message. Default
   * `false`: the app's name and the sender's first name alone.
   */
  NOTIFY_DETAILS: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  ),
});

/** Settings whose values are never repeated in messages: they may hold a password. */
const SECRET_KEYS = new Set(['SMTP_URL', 'DATABASE_URL', 'NOTIFY_URL', 'CAPS_KEY']);

export interface Config extends Omit<
  z.output<typeof ConfigSchema>,
  'PUBLIC_URL' | 'SITE_DIR' | 'DATA_DIR' | 'SITE_ORIGINS'
> {
  PUBLIC_URL: string;
  /** SITE_ORIGINS, each checked and normalized. */
  SITE_ORIGINS: readonly string[];
  /**
   * Origins allowed to post feedback: PUBLIC_URL's and SITE_ORIGINS; without PUBLIC_URL on
   * loopback, every spelling of this machine's address on PORT.
   */
  FEEDBACK_ORIGINS: readonly string[];
  /** An address of the running server that works in a browser on this machine. */
  LOCAL_URL: string;
  /** Absolute path of the build folder. */
  SITE_DIR: string;
  /** Absolute path of the feedback store's folder. */
  DATA_DIR: string;
  /** The certificates read from SMTP_TLS_CA_FILE. */
  SMTP_TLS_CA: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

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

type Settings = z.output<typeof ConfigSchema>;

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
 * A sender's hourly caps must be on, and at most half the cap over all visitors, while that
 * cap is on: else one sender, rotating addresses within its network, takes everybody's hour.
 */
function senderCapProblems(settings: Settings): string[] {
  const overall = settings.FEEDBACK_MAX_PER_HOUR;
  if (overall === 0) return [];
  const most = Math.floor(overall / 2);
  return (['FEEDBACK_RATE_LIMIT_PER_HOUR', 'FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR'] as const)
    .filter((key) => settings[key] === 0 || settings[key] > most)
    .map(
      (key) =>
        `${key}: must be between 1 and ${most}, half of FEEDBACK_MAX_PER_HOUR (${overall}), so that one sender cannot take every visitor’s hour (got ${settings[key]})`,
    );
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
  // Mail delivery needs all three; checked on the raw values so every problem shows at once.
  if (emptyToUndefined(env.SMTP_URL) !== undefined) {
    for (const key of ['MAIL_TO', 'MAIL_FROM'] as const) {
      if (emptyToUndefined(env[key]) === undefined) {
        problems.push(`${key}: must be set when SMTP_URL is set (it is not set)`);
      }
    }
  }
  const caFile = emptyToUndefined(env.SMTP_TLS_CA_FILE);
  let smtpTlsCa: string | undefined;
  if (typeof caFile === 'string') {
    try {
      smtpTlsCa = readFileSync(caFile, 'utf8');
      if (!smtpTlsCa.includes('-----BEGIN CERTIFICATE-----')) throw new Error('not PEM');
    } catch {
      problems.push(
        `SMTP_TLS_CA_FILE: must be a readable PEM file of certificates (${describeValue(env, 'SMTP_TLS_CA_FILE', file)})`,
      );
    }
  }
  const siteOrigins = parseOriginList(env.SITE_ORIGINS ?? '');
  for (const problem of siteOrigins.problems) problems.push(`SITE_ORIGINS: ${problem}`);
  const host = env.HOST?.trim() || '127.0.0.1';
  const explicitProduction = env.NODE_ENV?.trim() === 'production';
  if (
    emptyToUndefined(env.PUBLIC_URL) === undefined &&
    (!isLoopbackHost(host) || explicitProduction)
  ) {
    const why = isLoopbackHost(host) ? 'NODE_ENV is production' : `HOST is ${JSON.stringify(host)}`;
    problems.push(
      `PUBLIC_URL: must be set when ${why}: set it to the address visitors open, e.g. PUBLIC_URL=https://example.com, or the browser's messages are refused (it is not set)`,
    );
  }
  if (parsed.success) problems.push(...senderCapProblems(parsed.data));
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const config = parsed.data;
  const bareHost = config.HOST.replace(/^\[|\]$/g, '');
  const hostInUrl = bareHost.includes(':') ? `[${bareHost}]` : bareHost;
  const bound = ['0.0.0.0', '[::]'].includes(hostInUrl) ? 'localhost' : hostInUrl;
  const localUrl = `http://${bound}:${config.PORT}`;
  const feedbackOrigins = config.PUBLIC_URL
    ? [new URL(config.PUBLIC_URL).origin]
    : [...loopbackOrigins(config.PORT), new URL(localUrl).origin];
  return {
    ...config,
    SMTP_TLS_CA: smtpTlsCa,
    PUBLIC_URL: config.PUBLIC_URL ?? defaultPublicUrl(config.PORT),
    SITE_ORIGINS: siteOrigins.origins,
    FEEDBACK_ORIGINS: [...new Set([...feedbackOrigins, ...siteOrigins.origins])],
    LOCAL_URL: localUrl,
    SITE_DIR: path.resolve(config.SITE_DIR),
    DATA_DIR: path.resolve(config.DATA_DIR),
  };
}
