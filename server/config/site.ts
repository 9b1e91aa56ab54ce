/**
 * Where the server listens, the addresses it is known by and the build it serves: the
 * settings of the web server itself.
 */
import path from 'node:path';
import { z } from 'zod';
import { trustProxyProblem } from '../intake/addresses.ts';
import { absoluteHttpUrl, emptyToUndefined, type Env } from './values.ts';
import {
  defaultPublicUrl,
  isLoopbackHost,
  loopbackOrigins,
  parseOriginList,
  parsePort,
} from '../../common/public-address.ts';

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

export const siteSettings = {
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
};

/**
 * What the schema cannot see: each of SITE_ORIGINS, and PUBLIC_URL, which a server that
 * other hosts reach, or that says it is in production, must be given.
 */
export function siteProblems(env: Env): string[] {
  const problems = parseOriginList(env.SITE_ORIGINS ?? '').problems.map(
    (problem) => `SITE_ORIGINS: ${problem}`,
  );
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
  return problems;
}

type SiteSettings = z.output<z.ZodObject<typeof siteSettings>>;

/** The site's addresses as the server uses them, from settings without a problem. */
export interface SiteAddresses {
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
}

export function siteAddresses(settings: SiteSettings): SiteAddresses {
  const siteOrigins = parseOriginList(settings.SITE_ORIGINS ?? '').origins;
  const bareHost = settings.HOST.replace(/^\[|\]$/g, '');
  const hostInUrl = bareHost.includes(':') ? `[${bareHost}]` : bareHost;
  const bound = ['0.0.0.0', '[::]'].includes(hostInUrl) ? 'localhost' : hostInUrl;
  const localUrl = `http://${bound}:${settings.PORT}`;
  const feedbackOrigins = settings.PUBLIC_URL
    ? [new URL(settings.PUBLIC_URL).origin]
    : [...loopbackOrigins(settings.PORT), new URL(localUrl).origin];
  return {
    PUBLIC_URL: settings.PUBLIC_URL ?? defaultPublicUrl(settings.PORT),
    SITE_ORIGINS: siteOrigins,
    FEEDBACK_ORIGINS: [...new Set([...feedbackOrigins, ...siteOrigins])],
    LOCAL_URL: localUrl,
    SITE_DIR: path.resolve(settings.SITE_DIR),
  };
}
