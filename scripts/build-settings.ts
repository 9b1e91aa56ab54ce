/**
 * Settings that are fixed into the build: the public address (canonical links, sitemap,
 * link previews), the feedback API's address (when the pages and the API live apart), and
 * the build's id (used to tell a new deploy from a network failure when a script chunk
 * does not load). The public address is read by the same rules as the server's, from the
 * same place: the environment over the settings file (server/settings-file.ts), so that
 * `npm start` builds the pages for the address it serves them on.
 */
import { randomBytes } from 'node:crypto';
import {
  defaultPublicUrl,
  normalizePublicUrl,
  parseOrigin,
  parsePort,
} from '../common/public-address.ts';
import { withSettingsFile } from '../server/settings-file.ts';

type Env = Record<string, string | undefined>;

function set(env: Env, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

function readPort(env: Env): number {
  const parsed = parsePort(env.PORT);
  if ('problem' in parsed) throw new Error(`PORT: ${parsed.problem} (got "${env.PORT}")`);
  return parsed.port;
}

export function readPublicUrl(env: Env): { publicUrl: string; explicit: boolean } {
  const raw = set(env, 'PUBLIC_URL');
  if (raw === undefined) return { publicUrl: defaultPublicUrl(readPort(env)), explicit: false };
  const parsed = normalizePublicUrl(raw);
  if ('problem' in parsed) throw new Error(`PUBLIC_URL: ${parsed.problem} (got "${raw}")`);
  return { publicUrl: parsed.url, explicit: true };
}

/** FEEDBACK_API_URL as an origin; only its scheme, host and port reach the pages. */
export function readFeedbackApiOrigin(env: Env, publicUrl: string): string | undefined {
  const raw = set(env, 'FEEDBACK_API_URL');
  if (raw === undefined) return undefined;
  const parsed = parseOrigin(raw);
  // The value is written into every page: never repeat it, it could hold a password.
  if ('problem' in parsed) throw new Error(`FEEDBACK_API_URL: ${parsed.problem}`);
  return parsed.origin === new URL(publicUrl).origin ? undefined : parsed.origin;
}

export interface BuildSettings {
  /** The site's public address without a trailing slash, from PUBLIC_URL. */
  publicUrl: string;
  /** The origin the form posts to, from FEEDBACK_API_URL; undefined: the pages' own. */
  feedbackApiOrigin: string | undefined;
  /** Unique per build. */
  buildId: string;
}

export function readBuildSettings(env: Env, buildId: string): BuildSettings {
  const { publicUrl } = readPublicUrl(env);
  return { publicUrl, feedbackApiOrigin: readFeedbackApiOrigin(env, publicUrl), buildId };
}

// Both config files (vite and react-router) read this module in the same process, so one
// build sees one id, and the warning below is printed once.
process.env.BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

const settings = withSettingsFile(process.env).env;

export const buildSettings: BuildSettings = readBuildSettings(settings, process.env.BUILD_ID);

if (!readPublicUrl(settings).explicit && process.env.BUILD_PUBLIC_URL_WARNED !== '1') {
  process.env.BUILD_PUBLIC_URL_WARNED = '1';
  console.warn(
    `\n⚠ PUBLIC_URL is not set: the pages are built for ${buildSettings.publicUrl} (canonical links, link previews, sitemap).\n  For a public site build with PUBLIC_URL=https://your-domain.example npm run build\n`,
  );
}
