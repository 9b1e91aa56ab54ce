/**
 * The server's settings, read from the environment by one schema. Every missing or wrong
 * variable is named at start, all at once, with what was expected.
 */
import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const port = z.coerce
  .number({ error: 'must be a whole number from 1 to 65535' })
  .int({ error: 'must be a whole number from 1 to 65535' })
  .min(1, { error: 'must be a whole number from 1 to 65535' })
  .max(65535, { error: 'must be a whole number from 1 to 65535' });

const absoluteHttpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an address like https://example.com' })
  .transform((value) => value.replace(/\/+$/, ''));

/** Every setting, with its default. */
export const ConfigSchema = z.object({
  /** `production` (default), `development` or `test`. */
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['production', 'development', 'test']).default('production'),
  ),
  /** TCP port to listen on; default 3000. */
  PORT: z.preprocess(emptyToUndefined, port.default(3000)),
  /** Address to listen on; default 127.0.0.1 (use 0.0.0.0 to accept connections from other hosts). */
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('127.0.0.1')),
  /** The site's public address, e.g. https://example.com; default http://localhost:PORT. */
  PUBLIC_URL: z.preprocess(emptyToUndefined, absoluteHttpUrl.optional()),
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
      .pipe(
        z.array(
          z.string().regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, {
            error: 'must be IP addresses or CIDR ranges, separated by commas',
          }),
        ),
      )
      .optional(),
  ),
});

export type ConfigInput = z.input<typeof ConfigSchema>;

export interface Config extends Omit<z.output<typeof ConfigSchema>, 'PUBLIC_URL' | 'SITE_DIR'> {
  PUBLIC_URL: string;
  /** Absolute path of the build folder. */
  SITE_DIR: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid settings in the environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

function describeValue(env: Record<string, string | undefined>, key: string): string {
  const value = env[key];
  return value === undefined ? 'it is not set' : `got ${JSON.stringify(value)}`;
}

/** Reads the settings; throws a ConfigError naming every wrong variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '(environment)');
      return `${key}: ${issue.message} (${describeValue(env, key)})`;
    });
    throw new ConfigError(problems);
  }
  const config = parsed.data;
  return {
    ...config,
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    SITE_DIR: path.resolve(config.SITE_DIR),
  };
}
