/**
 * Security headers on every response. Pages get a Content-Security-Policy that allows
 * scripts from this origin plus the exact hashes of the page's own inline scripts (computed
 * at build time); every other response gets a policy that allows nothing. The values live
 * in common/response-headers.ts, which the build also writes to `_headers` for static hosts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NOTHING_CSP, securityHeaderValues } from '../../common/response-headers.ts';

export interface SecurityHeadersOptions {
  /** Sends Strict-Transport-Security; true when the public address is https. */
  hsts: boolean;
}

export const securityHeaders = fp<SecurityHeadersOptions>(
  async function securityHeaders(app: FastifyInstance, { hsts }) {
    const headers = securityHeaderValues({ hsts });
    // A callback hook, not an async one: it runs on every response and awaits nothing.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('Content-Security-Policy')) {
        reply.header('Content-Security-Policy', NOTHING_CSP);
      }
      reply.headers(headers);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
