/**
 * Security headers on every response. Pages get a Content-Security-Policy that allows
 * scripts from this origin plus the exact hashes of the page's own inline scripts (computed
 * at build time); every other response gets a policy that allows nothing.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export function pageCsp(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // Style attributes set by the carousel and the 3D canvas; no scripts can come this way.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

const NOTHING_CSP =
  "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Marks a reply as a page with these inline scripts, so it gets the page policy. */
export function setPageCsp(reply: FastifyReply, scriptHashes: readonly string[]): void {
  reply.header('Content-Security-Policy', pageCsp(scriptHashes));
}

export interface SecurityHeadersOptions {
  /** Sends Strict-Transport-Security; true when the public address is https. */
  hsts: boolean;
}

export const securityHeaders = fp<SecurityHeadersOptions>(
  async function securityHeaders(app: FastifyInstance, { hsts }) {
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('Content-Security-Policy')) {
        reply.header('Content-Security-Policy', NOTHING_CSP);
      }
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
      reply.header(
        'Permissions-Policy',
        'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
      );
      reply.header('Cross-Origin-Opener-Policy', 'same-origin');
      reply.header('Cross-Origin-Resource-Policy', 'same-origin');
      reply.header('X-Frame-Options', 'DENY');
      if (hsts) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      return payload;
    });
  },
  { name: 'security-headers' },
);
