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

/** Headers a route may set for itself, which the site's defaults do not replace. */
const KEPT_IF_SET = ['Cross-Origin-Resource-Policy', 'Referrer-Policy'] as const;

export const securityHeaders = fp<SecurityHeadersOptions>(
  async function securityHeaders(app: FastifyInstance, { hsts }) {
    const headers = securityHeaderValues({ hsts });
    // A callback hook, not an async one: it runs on every response and awaits nothing.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('Content-Security-Policy')) {
        reply.header('Content-Security-Policy', NOTHING_CSP);
      }
      // A route may open its answers to other sites' no-cors requests (the visit beacon's),
      // or tighten the referrer it lets pages send (the owner's pages send none).
      const kept = KEPT_IF_SET.map((name) => [name, reply.getHeader(name)] as const);
      reply.headers(headers);
      for (const [name, value] of kept) if (value !== undefined) reply.header(name, value);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);

/** Every header an answer without a page carries: the policy that allows nothing, and the rest. */
export function errorAnswerHeaders(hsts: boolean): Record<string, string> {
  return { 'Content-Security-Policy': NOTHING_CSP, ...securityHeaderValues({ hsts }) };
}

const CLIENT_ERRORS: Readonly<Record<string, [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/**
 * The whole answer to a request Node's parser refused before the server saw it (malformed,
 * headers too large, too slow), with the same headers as every other answer.
 */
export function clientErrorAnswer(code: string | undefined, hsts: boolean): string {
  const [status, reason] = (code && CLIENT_ERRORS[code]) || [400, 'Bad Request'];
  const body = JSON.stringify({ error: { code: 'bad_request', message: reason } });
  const headers = {
    ...errorAnswerHeaders(hsts),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}
