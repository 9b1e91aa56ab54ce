/**
 * The site's public address and the origins allowed to send feedback, read the same way by
 * the build (canonical links, sitemap, the form's API address) and by the server (which
 * origins may post), so the two always agree on the same settings.
 */

/** The port the server listens on when PORT is unset. */
const DEFAULT_PORT = 3000;

/**
 * PORT as the server listens on it: DEFAULT_PORT when unset or blank. Returns a reason when
 * the value is not a port. The build reads it too, for the default public address.
 */
export function parsePort(raw: string | undefined): { port: number } | { problem: string } {
  const value = raw?.trim();
  if (!value) return { port: DEFAULT_PORT };
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    return { problem: 'must be a whole number from 1 to 65535' };
  }
  return { port };
}

/** Host names and addresses that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** The public address when PUBLIC_URL is unset: this machine, on the server's port. */
export function defaultPublicUrl(port: number): string {
  return `http://localhost:${port}`;
}

/** Every spelling of this machine's address on a port, as browsers send it in `Origin`. */
export function loopbackOrigins(port: number): string[] {
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`);
}

/**
 * PUBLIC_URL as the site uses it: an http(s) address without a trailing slash (a path is
 * kept, for a site under a sub-path). Returns a reason when the value is not one.
 */
export function normalizePublicUrl(raw: string): { url: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { problem: 'must be an address like https://example.com' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { problem: 'must be an address like https://example.com (http:// or https://)' };
  }
  if (url.username || url.password) {
    return { problem: 'must not hold a user name or password' };
  }
  if (url.search || url.hash) return { problem: 'must not have a ?query or #fragment' };
  return { url: url.origin + url.pathname.replace(/\/+$/, '') };
}

/**
 * One origin (`https://example.com`, `http://localhost:5173`): scheme, host and port, no
 * path. Returns a reason when the value is not one.
 */
export function parseOrigin(raw: string): { origin: string } | { problem: string } {
  const normalized = normalizePublicUrl(raw);
  if ('problem' in normalized) {
    return { problem: 'must be an origin like https://example.com (scheme, host and port)' };
  }
  const url = new URL(normalized.url);
  if (url.pathname !== '/') {
    return { problem: `must be an origin without a path (${url.pathname})` };
  }
  return { origin: url.origin };
}

/** A comma-separated list of origins; each wrong one is named. */
export function parseOriginList(raw: string): { origins: string[]; problems: string[] } {
  const origins: string[] = [];
  const problems: string[] = [];
  for (const part of raw
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)) {
    const parsed = parseOrigin(part);
    if ('origin' in parsed) origins.push(parsed.origin);
    else problems.push(`"${part}" ${parsed.problem}`);
  }
  return { origins: [...new Set(origins)], problems };
}
