/**
 * Security headers on every response. Pages get a Content-Security-Policy that allows
 * scripts from this origin plus the exact hashes of the page's own inline scripts (computed
 * at build time); every other response gets a policy that allows nothing. The values live
 * in common/response-headers.ts, which the build also writes to `_headers` for static hosts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { NOTHING_CSP, pageCsp, securityHeaderValues } from '../../common/response-headers.ts';

/** Marks a reply as a page with these inline scripts, so it gets the page policy. */
export function setPageCsp(
  reply: FastifyReply,
  scriptHashes: readonly string[],
  feedbackApiOrigin?: string,
): void {
  reply.header('Content-Security-Policy', pageCsp(scriptHashes, feedbackApiOrigin));
}

export interface SecurityHeadersOptions {
  /** Sends Strict-Transport-Security; true when the public address is https. */
  hsts: boolean;
}

export const securityHeaders = fp<SecurityHeadersOptions>(
  async function securityHeaders(app: FastifyInstance, { hsts }) {
    const headers = securityHeaderValues({ hsts });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('Content-Security-Policy')) {
        reply.header('Content-Security-Policy', NOTHING_CSP);
      }
      reply.headers(headers);
      return payload;
    });
  },
  { name: 'security-headers' },
);
