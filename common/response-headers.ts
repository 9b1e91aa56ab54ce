/**
 * The response headers of the site, in one place: the server sends them, and the build
 * writes them to `_headers` for static hosts, so both answer a page the same way.
 */

/** Hashed assets: the name changes with the content, so they never change. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages: always asked again (cheap with the ETag), so a deploy shows at once. */
export const CACHE_REVALIDATE = 'no-cache';
/** Other public files (favicon, link-preview image, sitemap): an hour. */
export const CACHE_SHORT = 'public, max-age=3600';
/** The build id, read to tell a new deploy from a network failure: never cached. */
export const CACHE_NONE = 'no-store';

/** The Cache-Control of a file of the client folder, by its path in that folder. */
export function fileCacheControl(relativePath: string): string {
  if (relativePath.startsWith('assets/')) return CACHE_IMMUTABLE;
  if (relativePath === 'build-id.json') return CACHE_NONE;
  return CACHE_SHORT;
}

/**
 * The policy of a page: scripts from this origin plus the exact hashes of the page's own
 * inline scripts; the page may talk to this origin and to the feedback API's origin, and
 * post its forms to them (the feedback form posts to the API without scripts).
 */
export function pageCsp(scriptHashes: readonly string[], feedbackApiOrigin?: string): string {
  const api = feedbackApiOrigin ? ` ${feedbackApiOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // Style attributes set by the carousel and the 3D canvas; no scripts can come this way.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${api}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action 'self'${api}`,
  ].join('; ');
}

/** The policy of every response that is not a page: nothing may run or load. */
export const NOTHING_CSP =
  "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Headers on every response, whatever it is. */
export function securityHeaderValues({ hsts }: { hsts: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    ...(hsts ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
